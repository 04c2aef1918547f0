import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  addToWishlistSchema,
  cartMessages,
  lineIdParamsSchema,
  messageResponseSchema,
  wishlistRemovedResponseSchema,
  wishlistResponseSchema,
} from '@bazaar/shared';
import { requireCustomer } from '../auth/session';
import { declared, failures, signedIn } from '../http/routeSchema';
import * as wishlist from './service';

/** Wishlist calls with the spec's paths; the customer comes from the session, never from a userId sent. */
export async function wishlistRoutes(api: FastifyInstance): Promise<void> {
  const routes = declared(api);
  const common = { tags: ['Wishlist'], security: signedIn.customer };

  routes.post(
    '/home/product/add-to-wishlist',
    {
      schema: {
        ...common,
        body: addToWishlistSchema,
        response: { 200: messageResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      await wishlist.addToWishlist(api.ctx.db, customer.id, request.body.productId);
      return { message: cartMessages.wishlistAdded };
    },
  );

  const getWishlist = { ...common, response: { 200: wishlistResponseSchema, ...failures(401) } };
  const wishlistOfSession = async (request: FastifyRequest) =>
    wishlist.getWishlist(api.ctx.db, requireCustomer(request).id);
  routes.get('/home/product/get-wishlist-products', { schema: getWishlist }, wishlistOfSession);
  routes.get(
    '/home/product/get-wishlist-products/:userId',
    {
      schema: {
        ...getWishlist,
        params: z.object({ userId: z.string().describe('Ignored: the customer comes from the session') }),
      },
    },
    wishlistOfSession,
  );

  routes.delete(
    '/home/product/delete-wishlist-product/:id',
    {
      schema: {
        ...common,
        params: lineIdParamsSchema,
        response: { 200: wishlistRemovedResponseSchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const { id } = request.params;
      await wishlist.removeFromWishlist(api.ctx.db, customer.id, id);
      return { message: cartMessages.wishlistRemoved, wishlistId: id };
    },
  );
}
