import type { FastifyInstance } from 'fastify';
import {
  adminNotificationListQuerySchema,
  adminNotificationListResponseSchema,
  notificationIdParamsSchema,
  retryNotificationResponseSchema,
} from '@bazaar/shared';
import { requireStaff } from '../auth/session';
import { declared, failures, signedIn } from '../http/routeSchema';
import { retryNotification } from '../flows/notificationRetry';
import { outboxMessages } from './service';

/**
 * The notification outbox in the admin console (issue 19): list messages by state, kind and recipient, and retry a
 * failed one. Admins and operators alike (operators watch payments and refunds, whose messages these are).
 */
export async function notificationsRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;
  const routes = declared(api);
  const staff = { tags: ['Admin console: notifications'], security: signedIn.operator };

  routes.get(
    '/admin/notifications',
    {
      schema: {
        ...staff,
        querystring: adminNotificationListQuerySchema,
        response: { 200: adminNotificationListResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      await requireStaff(ctx, request);
      return outboxMessages(ctx, request.query);
    },
  );

  routes.post(
    '/admin/notifications/:notificationId/retry',
    {
      schema: {
        ...staff,
        params: notificationIdParamsSchema,
        response: { 200: retryNotificationResponseSchema, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const member = await requireStaff(ctx, request);
      return retryNotification(ctx, { staff: member, ip: request.ip }, request.params.notificationId);
    },
  );
}
