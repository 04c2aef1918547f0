import type { FastifyInstance } from 'fastify';
import {
  operatorDecisionSchema,
  operatorLoginSchema,
  opsPaymentListQuerySchema,
  paymentIdParamsSchema,
  paymentMessages,
} from '@bazaar/shared';
import { signInIpLimit } from '../auth/rateLimits';
import { endSession, requireOperator, startSession } from '../auth/session';
import { withSignInThrottle } from '../auth/throttle';
import { parse } from '../http/validate';
import { decidePayment } from '../flows/paymentSettlement';
import { authenticateOperator, paymentQueue } from './service';

/** The operators' console API: its own sign-in (cookie `opsToken`), the verification queue and decisions. */
export async function opsRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;

  api.post('/ops/login', signInIpLimit(api), async (request, reply) => {
    const input = parse(operatorLoginSchema, request.body);
    const operator = await withSignInThrottle(
      ctx,
      request,
      { scope: 'ops-login', subject: input.email },
      () => authenticateOperator(ctx, input),
    );
    startSession(ctx, request, reply, 'operator', operator);
    return {
      message: paymentMessages.operatorLogin,
      operator: { id: operator.id, name: operator.name, email: operator.email },
    };
  });

  /** Ends this console session; works without one too (the cookie is cleared either way). */
  api.get('/ops/logout', async (request, reply) => {
    await endSession(ctx, request, reply, 'operator');
    return { message: paymentMessages.operatorLogout };
  });

  api.get('/ops/me', async (request) => ({ operator: await requireOperator(ctx, request) }));

  api.get('/ops/payments', async (request) => {
    await requireOperator(ctx, request);
    const { status } = parse(opsPaymentListQuerySchema, request.query);
    return paymentQueue(ctx, status);
  });

  for (const [action, decision] of [
    ['verify', 'verified'],
    ['reject', 'rejected'],
  ] as const) {
    api.post(`/ops/payments/:paymentId/${action}`, async (request) => {
      const operator = await requireOperator(ctx, request);
      const { paymentId } = parse(paymentIdParamsSchema, request.params);
      const { note } = parse(operatorDecisionSchema, request.body);
      return decidePayment(ctx, operator, paymentId, decision, note);
    });
  }
}
