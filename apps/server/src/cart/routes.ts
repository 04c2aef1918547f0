import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  addToCartSchema,
  cartMessages,
  cartResponseSchema,
  changeCartVariantSchema,
  lineIdParamsSchema,
  messageResponseSchema,
  soldOutLinesRemovedResponseSchema,
} from '@bazaar/shared';
import { requireCustomer } from '../auth/session';
import { declared, failures, signedIn } from '../http/routeSchema';
import * as cart from './service';

/** The spec's `{userId}` / `{id}` naming the customer in a path: accepted as anything and ignored. */
const ignoredCustomerParams = (name: string) =>
  z.object({ [name]: z.string().describe('Ignored: the customer comes from the session') });

/**
 * Cart calls with the spec's paths. The customer always comes from the session: a userId in the body
 * or path (the spec's `get-card-product/{userId}`, `delete-all-cart-product/{id}`) is accepted and ignored.
 */
export async function cartRoutes(api: FastifyInstance): Promise<void> {
  const routes = declared(api);
  const common = { tags: ['Cart'], security: signedIn.customer };
  const lineChange = {
    ...common,
    params: lineIdParamsSchema,
    response: { 200: messageResponseSchema, ...failures(400, 401, 404) },
  };

  routes.post(
    '/home/product/add-to-card',
    {
      schema: {
        ...common,
        body: addToCartSchema,
        response: { 200: messageResponseSchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      await cart.addToCart(api.ctx.db, customer.id, request.body);
      return { message: cartMessages.added };
    },
  );

  const getCart = { ...common, response: { 200: cartResponseSchema, ...failures(401) } };
  const cartOfSession = async (request: FastifyRequest) =>
    cart.getCart(api.ctx.db, requireCustomer(request).id);
  routes.get('/home/product/get-card-product', { schema: getCart }, cartOfSession);
  routes.get(
    '/home/product/get-card-product/:userId',
    { schema: { ...getCart, params: ignoredCustomerParams('userId') } },
    cartOfSession,
  );

  routes.delete('/home/product/delete-card-product/:id', { schema: lineChange }, async (request) => {
    const customer = requireCustomer(request);
    await cart.removeLine(api.ctx.db, customer.id, request.params.id);
    return { message: cartMessages.removed };
  });

  // The Out of Stock section's Delete button: removes every sold-out line of the signed-in customer.
  routes.delete(
    '/home/product/delete-all-cart-product/:id',
    {
      schema: {
        ...common,
        params: ignoredCustomerParams('id'),
        response: { 200: soldOutLinesRemovedResponseSchema, ...failures(401) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const removed = await cart.removeSoldOutLines(api.ctx.db, customer.id);
      return { message: cartMessages.outOfStockRemoved, removed };
    },
  );

  routes.put('/home/product/quantity-inc/:id', { schema: lineChange }, async (request) => {
    const customer = requireCustomer(request);
    await cart.increaseQuantity(api.ctx.db, customer.id, request.params.id);
    return { message: cartMessages.quantityUpdated };
  });

  // Not in the spec (issue 15): another size for a line; merges into the shopper's line of that size if there is one.
  routes.put(
    '/home/product/change-cart-variant/:id',
    { schema: { ...lineChange, body: changeCartVariantSchema } },
    async (request) => {
      const customer = requireCustomer(request);
      await cart.changeVariant(api.ctx.db, customer.id, request.params.id, request.body);
      return { message: cartMessages.variantChanged };
    },
  );

  routes.put('/home/product/quantity-dec/:id', { schema: lineChange }, async (request) => {
    const customer = requireCustomer(request);
    await cart.decreaseQuantity(api.ctx.db, customer.id, request.params.id);
    return { message: cartMessages.quantityUpdated };
  });
}
