import type { FastifyInstance } from 'fastify';
import { changePasswordSchema, sellerLoginSchema } from '@bazaar/shared';
import { parse } from '../http/validate';
import { signInIpLimit, tooManyAttempts } from '../auth/rateLimits';
import { endSession, requireSeller, startSession } from '../auth/session';
import { PASSWORD_CHECK_WINDOW, withFailureLimit, withSignInThrottle } from '../auth/throttle';
import { authenticateSeller, changeSellerPassword } from './service';

/** Sign-in for the seller console: a separate session in its own httpOnly cookie. */
export async function sellerRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;

  api.post('/seller/login', signInIpLimit(api), async (request, reply) => {
    const input = parse(sellerLoginSchema, request.body);
    const seller = await withSignInThrottle(
      ctx,
      request,
      { scope: 'seller-login', subject: input.email },
      () => authenticateSeller(ctx, input),
    );
    startSession(ctx, request, reply, 'seller', {
      id: seller.profile.id,
      token_version: seller.token_version,
    });
    return { message: 'Login success', seller: seller.profile };
  });

  api.get('/seller/me', async (request) => ({ seller: await requireSeller(ctx, request) }));

  /** Ends this console session only; works without one too. */
  api.get('/seller/logout', async (request, reply) => {
    await endSession(ctx, request, reply, 'seller');
    return { message: 'Logout success' };
  });

  /** Signs the seller out everywhere else; this console gets a fresh session. Wrong old passwords are limited. */
  api.post('/seller/change-password', signInIpLimit(api), async (request, reply) => {
    const seller = await requireSeller(ctx, request);
    const input = parse(changePasswordSchema, request.body);
    const tokenVersion = await withFailureLimit(
      ctx,
      request,
      { scope: 'seller-password', subject: String(seller.id) },
      PASSWORD_CHECK_WINDOW,
      tooManyAttempts,
      () => changeSellerPassword(ctx, seller.id, input),
    );
    startSession(ctx, request, reply, 'seller', { id: seller.id, token_version: tokenVersion });
    return { message: 'Password changed successfully' };
  });
}
