import type { FastifyInstance } from 'fastify';
import {
  operatorDecisionSchema,
  operatorLoginSchema,
  opsPaymentListQuerySchema,
  paymentIdParamsSchema,
  paymentMessages,
} from '@bazaar/shared';
import { emailLoginLimits } from '../auth/rateLimits';
import { parse } from '../http/validate';
import { authenticateOperator, decidePayment, paymentQueue, signOutOperator } from './service';
import { clearOperatorSession, OPS_COOKIE, requireOperator, setOperatorSession } from './session';

/** The operators' console API: its own sign-in (cookie `opsToken`), the verification queue and decisions. */
export async function opsRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;

  api.post('/ops/login', emailLoginLimits(api, 'ops-login-email'), async (request, reply) => {
    const operator = await authenticateOperator(ctx, parse(operatorLoginSchema, request.body));
    setOperatorSession(ctx, request, reply, operator);
    return {
      message: paymentMessages.operatorLogin,
      operator: { id: operator.id, name: operator.name, email: operator.email },
    };
  });

  /** Works without a session too: the cookie is cleared either way, and a live session is revoked. */
  api.get('/ops/logout', async (request, reply) => {
    if (request.cookies?.[OPS_COOKIE]) {
      const operator = await requireOperator(ctx, request).catch(() => null);
      if (operator) await signOutOperator(ctx, operator.id);
    }
    clearOperatorSession(reply);
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
