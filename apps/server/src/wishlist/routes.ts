import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addToWishlistSchema, cartMessages, lineIdParamsSchema } from '@bazaar/shared';
import { requireCustomer } from '../auth/session';
import { parse } from '../http/validate';
import * as wishlist from './service';

/** Wishlist calls with the spec's paths; the customer comes from the session, never from a userId sent. */
export async function wishlistRoutes(api: FastifyInstance): Promise<void> {
  api.post('/home/product/add-to-wishlist', async (request) => {
    const customer = requireCustomer(request);
    const { productId } = parse(addToWishlistSchema, request.body);
    await wishlist.addToWishlist(api.ctx.db, customer.id, productId);
    return { message: cartMessages.wishlistAdded };
  });

  const getWishlist = async (request: FastifyRequest) =>
    wishlist.getWishlist(api.ctx.db, requireCustomer(request).id);
  api.get('/home/product/get-wishlist-products', getWishlist);
  api.get('/home/product/get-wishlist-products/:userId', getWishlist);

  api.delete('/home/product/delete-wishlist-product/:id', async (request) => {
    const customer = requireCustomer(request);
    const { id } = parse(lineIdParamsSchema, request.params);
    await wishlist.removeFromWishlist(api.ctx.db, customer.id, id);
    return { message: cartMessages.wishlistRemoved, wishlistId: id };
  });
}
