import type { FastifyInstance } from 'fastify';
import {
  adminRefundListQuerySchema,
  adminRefundListResponseSchema,
  customerRefundsQuerySchema,
  customerRefundsResponseSchema,
  recordRefundResponseSchema,
  recordRefundSchema,
  refundIdParamsSchema,
} from '@bazaar/shared';
import { requireCustomer, requireStaff } from '../auth/session';
import { declared, failures, signedIn } from '../http/routeSchema';
import { recordRefund } from '../flows/refundRecording';
import { refundQueue } from '../flows/refundQueue';
import { customerRefunds } from './service';

/**
 * Refunds (issue 19): the shopper's own (every order, or one), and the operators' queue where they record the bank
 * or UPI reference of a refund paid back. Operators and admins alike.
 */
export async function refundsRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;
  const routes = declared(api);
  const staff = { tags: ['Admin console: refunds'], security: signedIn.operator };

  routes.get(
    '/home/customer/refunds',
    {
      schema: {
        tags: ['Orders'],
        security: signedIn.customer,
        querystring: customerRefundsQuerySchema,
        response: { 200: customerRefundsResponseSchema, ...failures(400, 401) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return { refunds: await customerRefunds(ctx, customer.id, request.query.orderId) };
    },
  );

  routes.get(
    '/admin/refunds',
    {
      schema: {
        ...staff,
        querystring: adminRefundListQuerySchema,
        response: { 200: adminRefundListResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      await requireStaff(ctx, request);
      return refundQueue(ctx, request.query);
    },
  );

  routes.post(
    '/admin/refunds/:refundId/record',
    {
      schema: {
        ...staff,
        params: refundIdParamsSchema,
        body: recordRefundSchema,
        response: { 200: recordRefundResponseSchema, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const member = await requireStaff(ctx, request);
      return recordRefund(ctx, { staff: member, ip: request.ip }, request.params.refundId, request.body);
    },
  );
}
