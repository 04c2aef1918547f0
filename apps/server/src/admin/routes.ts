import type { FastifyInstance } from 'fastify';
import {
  adminSellerListQuerySchema,
  adminSellerListResponseSchema,
  adminSellerResponseSchema,
  auditQuerySchema,
  auditResponseSchema,
  sellerCommissionSchema,
  sellerIdParamsSchema,
  sellerStatusChangeSchema,
} from '@bazaar/shared';
import { requireStaff } from '../auth/session';
import { auditLog } from '../audit/service';
import { changeCommission, decideSeller } from '../flows/sellerAdministration';
import { declared, failures, signedIn } from '../http/routeSchema';
import { listSellers } from './service';

/**
 * The marketplace admin console's API (issue 17): admins only (an operator's staff session gets 403). Staff sign
 * in at POST /api/ops/login; the session cookie reaches both consoles.
 */
export async function adminRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;
  const routes = declared(api);
  const adminsOnly = { tags: ['Admin console'], security: signedIn.operator };

  routes.get(
    '/admin/sellers',
    {
      schema: {
        ...adminsOnly,
        querystring: adminSellerListQuerySchema,
        response: { 200: adminSellerListResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      await requireStaff(ctx, request, 'admin');
      return listSellers(ctx, request.query);
    },
  );

  routes.post(
    '/admin/sellers/:sellerId/status',
    {
      schema: {
        ...adminsOnly,
        params: sellerIdParamsSchema,
        body: sellerStatusChangeSchema,
        response: { 200: adminSellerResponseSchema, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const staff = await requireStaff(ctx, request, 'admin');
      return decideSeller(ctx, { staff, ip: request.ip }, request.params.sellerId, request.body);
    },
  );

  routes.put(
    '/admin/sellers/:sellerId/commission',
    {
      schema: {
        ...adminsOnly,
        params: sellerIdParamsSchema,
        body: sellerCommissionSchema,
        response: { 200: adminSellerResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const staff = await requireStaff(ctx, request, 'admin');
      const actor = { staff, ip: request.ip };
      return changeCommission(ctx, actor, request.params.sellerId, request.body.commissionPercent);
    },
  );

  routes.get(
    '/admin/audit',
    {
      schema: {
        ...adminsOnly,
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      await requireStaff(ctx, request, 'admin');
      return auditLog(ctx.db, request.query);
    },
  );
}
