import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addToCartSchema, cartMessages, lineIdParamsSchema } from '@bazaar/shared';
import { requireCustomer } from '../auth/session';
import { parse } from '../http/validate';
import * as cart from './service';

/**
 * Cart calls with the spec's paths. The customer always comes from the session: a userId in the body
 * or path (the spec's `get-card-product/{userId}`, `delete-all-cart-product/{id}`) is accepted and ignored.
 */
export async function cartRoutes(api: FastifyInstance): Promise<void> {
  const lineId = (request: FastifyRequest) => parse(lineIdParamsSchema, request.params).id;

  api.post('/home/product/add-to-card', async (request) => {
    const customer = requireCustomer(request);
    await cart.addToCart(api.ctx.db, customer.id, parse(addToCartSchema, request.body));
    return { message: cartMessages.added };
  });

  const getCart = async (request: FastifyRequest) => cart.getCart(api.ctx.db, requireCustomer(request).id);
  api.get('/home/product/get-card-product', getCart);
  api.get('/home/product/get-card-product/:userId', getCart);

  api.delete('/home/product/delete-card-product/:id', async (request) => {
    const customer = requireCustomer(request);
    await cart.removeLine(api.ctx.db, customer.id, lineId(request));
    return { message: cartMessages.removed };
  });

  // The Out of Stock section's Delete button: removes every sold-out line of the signed-in customer.
  api.delete('/home/product/delete-all-cart-product/:id', async (request) => {
    const customer = requireCustomer(request);
    const removed = await cart.removeSoldOutLines(api.ctx.db, customer.id);
    return { message: cartMessages.outOfStockRemoved, removed };
  });

  api.put('/home/product/quantity-inc/:id', async (request) => {
    const customer = requireCustomer(request);
    await cart.increaseQuantity(api.ctx.db, customer.id, lineId(request));
    return { message: cartMessages.quantityUpdated };
  });

  api.put('/home/product/quantity-dec/:id', async (request) => {
    const customer = requireCustomer(request);
    await cart.decreaseQuantity(api.ctx.db, customer.id, lineId(request));
    return { message: cartMessages.quantityUpdated };
  });
}
