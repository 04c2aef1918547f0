import type { FastifyInstance } from 'fastify';
import { marketplaceSettingsResponseSchema, marketplaceSettingsSchema } from '@bazaar/shared';
import { requireStaff } from '../auth/session';
import { declared, failures, signedIn } from '../http/routeSchema';
import { changeSettings } from '../flows/marketplaceSettings';
import { marketplaceSettings } from './service';

/** The admin console's settings page (issue 19): admins only. */
export async function adminSettingsRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;
  const routes = declared(api);
  const adminsOnly = { tags: ['Admin console'], security: signedIn.operator };

  routes.get(
    '/admin/settings',
    {
      schema: { ...adminsOnly, response: { 200: marketplaceSettingsResponseSchema, ...failures(401, 403) } },
    },
    async (request) => {
      await requireStaff(ctx, request, 'admin');
      return { settings: await marketplaceSettings(ctx.db) };
    },
  );

  routes.put(
    '/admin/settings',
    {
      schema: {
        ...adminsOnly,
        body: marketplaceSettingsSchema,
        response: { 200: marketplaceSettingsResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const staff = await requireStaff(ctx, request, 'admin');
      return changeSettings(ctx, { staff, ip: request.ip }, request.body);
    },
  );
}
