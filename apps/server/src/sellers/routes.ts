import type { FastifyInstance } from 'fastify';
import {
  changePasswordSchema,
  codMessages,
  sellerCodSchema,
  messageResponseSchema,
  sellerLoginResponseSchema,
  sellerLoginSchema,
  sellerRegisterResponseSchema,
  sellerRegisterSchema,
  sellerRegisterMessages,
  sellerResponseSchema,
} from '@bazaar/shared';
import { declared, failures, signedIn } from '../http/routeSchema';
import { signInIpLimit, tooManyAttempts } from '../auth/rateLimits';
import { endSession, requireSeller, startSession } from '../auth/session';
import { PASSWORD_CHECK_WINDOW, withFailureLimit, withSignInThrottle } from '../auth/throttle';
import { authenticateSeller, changeSellerPassword, registerSeller } from './service';
import { updateSellerCod } from './repository';

/** Registration and sign-in for the seller center: a separate session in its own httpOnly cookie. */
export async function sellerRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;
  const routes = declared(api);
  const tags = ['Seller console'];

  routes.post(
    '/seller/login',
    {
      ...signInIpLimit(api),
      schema: {
        tags,
        body: sellerLoginSchema,
        response: { 200: sellerLoginResponseSchema, ...failures(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const input = request.body;
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
    },
  );

  /** A new shop registers itself (issue 16): pending until approved, signed in at once to prepare its products. */
  routes.post(
    '/seller/register',
    {
      ...signInIpLimit(api),
      schema: {
        tags,
        body: sellerRegisterSchema,
        response: { 201: sellerRegisterResponseSchema, ...failures(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const seller = await registerSeller(ctx, request.body);
      startSession(ctx, request, reply, 'seller', {
        id: seller.profile.id,
        token_version: seller.token_version,
      });
      reply.status(201);
      return { message: sellerRegisterMessages.registered, seller: seller.profile };
    },
  );

  /** Issue 19: the shop accepts cash on delivery, or stops; the answer is the updated profile. */
  routes.put(
    '/seller/cod',
    {
      schema: {
        tags,
        security: signedIn.seller,
        body: sellerCodSchema,
        response: { 200: sellerLoginResponseSchema, ...failures(400, 401) },
      },
    },
    async (request) => {
      const seller = await requireSeller(ctx, request);
      await updateSellerCod(ctx.db, seller.id, request.body.acceptsCod);
      return {
        message: codMessages.sellerCodSaved(request.body.acceptsCod),
        seller: { ...seller, acceptsCod: request.body.acceptsCod },
      };
    },
  );

  routes.get(
    '/seller/me',
    {
      schema: { tags, security: signedIn.seller, response: { 200: sellerResponseSchema, ...failures(401) } },
    },
    async (request) => ({ seller: await requireSeller(ctx, request) }),
  );

  /** Ends this console session only; works without one too. */
  routes.get(
    '/seller/logout',
    { schema: { tags, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      await endSession(ctx, request, reply, 'seller');
      return { message: 'Logout success' };
    },
  );

  /** Signs the seller out everywhere else; this console gets a fresh session. Wrong old passwords are limited. */
  routes.post(
    '/seller/change-password',
    {
      ...signInIpLimit(api),
      schema: {
        tags,
        security: signedIn.seller,
        body: changePasswordSchema,
        response: { 200: messageResponseSchema, ...failures(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const seller = await requireSeller(ctx, request);
      const input = request.body;
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
    },
  );
}
