import type { FastifyInstance } from 'fastify';
import {
  messageResponseSchema,
  operatorDecisionSchema,
  operatorLoginResponseSchema,
  operatorLoginSchema,
  operatorResponseSchema,
  opsPaymentListQuerySchema,
  opsPaymentsResponseSchema,
  paymentIdParamsSchema,
  paymentMessages,
  paymentUpdateResponseSchema,
  type StaffRole,
} from '@bazaar/shared';
import { signInIpLimit } from '../auth/rateLimits';
import { endSession, requireOperator, startSession } from '../auth/session';
import { withSignInThrottle } from '../auth/throttle';
import { declared, failures, signedIn } from '../http/routeSchema';
import { decidePayment } from '../flows/paymentSettlement';
import { authenticateOperator, paymentQueue } from './service';

/**
 * The operators' console API: the staff sign-in (cookie `opsToken`, which the admin console shares), the
 * verification queue and decisions.
 */
export async function opsRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;
  const routes = declared(api);
  const tags = ['Operators console'];
  const operatorsOnly = { tags, security: signedIn.operator };

  routes.post(
    '/ops/login',
    {
      ...signInIpLimit(api),
      schema: {
        tags,
        body: operatorLoginSchema,
        response: { 200: operatorLoginResponseSchema, ...failures(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const operator = await withSignInThrottle(
        ctx,
        request,
        { scope: 'ops-login', subject: input.email },
        () => authenticateOperator(ctx, input),
      );
      startSession(ctx, request, reply, 'operator', operator);
      return {
        message: paymentMessages.operatorLogin,
        operator: {
          id: operator.id,
          name: operator.name,
          email: operator.email,
          role: operator.role as StaffRole,
        },
      };
    },
  );

  /** Ends this console session; works without one too (the cookie is cleared either way). */
  routes.get(
    '/ops/logout',
    { schema: { tags, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      await endSession(ctx, request, reply, 'operator');
      return { message: paymentMessages.operatorLogout };
    },
  );

  routes.get(
    '/ops/me',
    { schema: { ...operatorsOnly, response: { 200: operatorResponseSchema, ...failures(401, 403) } } },
    async (request) => ({ operator: await requireOperator(ctx, request) }),
  );

  routes.get(
    '/ops/payments',
    {
      schema: {
        ...operatorsOnly,
        querystring: opsPaymentListQuerySchema,
        response: { 200: opsPaymentsResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      await requireOperator(ctx, request);
      return paymentQueue(ctx, request.query.status);
    },
  );

  for (const [action, decision] of [
    ['verify', 'verified'],
    ['reject', 'rejected'],
  ] as const) {
    routes.post(
      `/ops/payments/:paymentId/${action}`,
      {
        schema: {
          ...operatorsOnly,
          params: paymentIdParamsSchema,
          body: operatorDecisionSchema,
          response: { 200: paymentUpdateResponseSchema, ...failures(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const staff = await requireOperator(ctx, request);
        const { paymentId } = request.params;
        const { note } = request.body;
        return decidePayment(ctx, { staff, ip: request.ip }, paymentId, decision, note);
      },
    );
  }
}
