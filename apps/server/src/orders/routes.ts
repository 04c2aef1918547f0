import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  idempotencyKeyHeaderSchema,
  orderIdParamsSchema,
  orderListParamsSchema,
  orderListResponseSchema,
  orderResponseSchema,
  placeOrderResponseSchema,
  placeOrderSchema,
} from '@bazaar/shared';
import { requireCustomer } from '../auth/session';
import { declared, failures, signedIn } from '../http/routeSchema';
import { placeOrder } from '../flows/checkout';
import { getOrder, listOrders } from '../flows/customerOrders';

/**
 * Orders (spec §7, paths spelt as the spec spells them). The customer always comes from the session: the
 * customerId in gat-orders' path and any userId, price or products in the body are ignored.
 */
export async function ordersRoutes(api: FastifyInstance): Promise<void> {
  // The spec's payload as is; an idempotency key may come as the standard header or the body's field.
  const routes = declared(api);
  const common = { tags: ['Orders'], security: signedIn.customer };

  routes.post(
    '/home/order/palce-order',
    {
      schema: {
        ...common,
        body: placeOrderSchema,
        headers: idempotencyKeyHeaderSchema,
        response: { 201: placeOrderResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const input = request.body;
      const headerKey = request.headers['idempotency-key'];
      const placed = await placeOrder(api.ctx, customer.id, {
        ...input,
        idempotencyKey: headerKey ?? input.idempotencyKey,
      });
      return reply.status(201).send(placed);
    },
  );

  routes.get(
    '/home/customer/gat-orders/:customerId/:status',
    {
      schema: {
        ...common,
        params: orderListParamsSchema.extend({
          customerId: z.string().describe('Ignored: the customer comes from the session'),
        }),
        response: { 200: orderListResponseSchema, ...failures(400, 401) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const { status } = request.params;
      return { orders: await listOrders(api.ctx, customer.id, { status }) };
    },
  );

  routes.get(
    '/home/customer/gat-order/:orderId',
    {
      schema: {
        ...common,
        params: orderIdParamsSchema,
        response: { 200: orderResponseSchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const { orderId } = request.params;
      return { order: await getOrder(api.ctx, customer.id, orderId) };
    },
  );
}
