import type { FastifyInstance } from 'fastify';
import { sellerLoginSchema } from '@bazaar/shared';
import { parse } from '../http/validate';
import { emailLoginLimits } from '../auth/rateLimits';
import { authenticateSeller } from './service';
import { clearSellerCookie, requireSeller, setSellerCookie, signSellerToken } from './session';

/** Sign-in for the seller console: a separate session in its own httpOnly cookie. */
export async function sellerRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;

  api.post('/seller/login', emailLoginLimits(api, 'seller-login-email'), async (request, reply) => {
    const seller = await authenticateSeller(ctx, parse(sellerLoginSchema, request.body));
    setSellerCookie(ctx, request, reply, signSellerToken(ctx.config.jwtSecret, seller.id));
    return { message: 'Login success', seller };
  });

  api.get('/seller/me', async (request) => ({ seller: await requireSeller(ctx, request) }));

  api.get('/seller/logout', async (_request, reply) => {
    clearSellerCookie(reply);
    return { message: 'Logout success' };
  });
}
