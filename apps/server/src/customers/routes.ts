import type { FastifyInstance } from 'fastify';
import {
  adminCustomerDetailResponseSchema,
  adminCustomerListQuerySchema,
  adminCustomerListResponseSchema,
  adminCustomerResponseSchema,
  customerBlockSchema,
  customerIdParamsSchema,
  customerUnblockSchema,
} from '@bazaar/shared';
import { requireStaff } from '../auth/session';
import { blockCustomer, customerDetail, unblockCustomer } from '../flows/customerAdministration';
import { declared, failures, signedIn } from '../http/routeSchema';
import { listCustomers } from './service';

/** The admin console's customers (issue 17): admins only (an operator's staff session gets 403). */
export async function adminCustomerRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;
  const routes = declared(api);
  const adminsOnly = { tags: ['Admin console'], security: signedIn.operator };

  routes.get(
    '/admin/customers',
    {
      schema: {
        ...adminsOnly,
        querystring: adminCustomerListQuerySchema,
        response: { 200: adminCustomerListResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      await requireStaff(ctx, request, 'admin');
      return listCustomers(ctx, request.query);
    },
  );

  routes.get(
    '/admin/customers/:customerId',
    {
      schema: {
        ...adminsOnly,
        params: customerIdParamsSchema,
        response: { 200: adminCustomerDetailResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await requireStaff(ctx, request, 'admin');
      return customerDetail(ctx, request.params.customerId);
    },
  );

  /** Ends every session of the customer at once; a reason is required (it is kept in the audit log). */
  routes.post(
    '/admin/customers/:customerId/block',
    {
      schema: {
        ...adminsOnly,
        params: customerIdParamsSchema,
        body: customerBlockSchema,
        response: { 200: adminCustomerResponseSchema, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const staff = await requireStaff(ctx, request, 'admin');
      return blockCustomer(ctx, { staff, ip: request.ip }, request.params.customerId, request.body.reason);
    },
  );

  routes.post(
    '/admin/customers/:customerId/unblock',
    {
      schema: {
        ...adminsOnly,
        params: customerIdParamsSchema,
        body: customerUnblockSchema,
        response: { 200: adminCustomerResponseSchema, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const staff = await requireStaff(ctx, request, 'admin');
      return unblockCustomer(ctx, { staff, ip: request.ip }, request.params.customerId, request.body.reason);
    },
  );
}
