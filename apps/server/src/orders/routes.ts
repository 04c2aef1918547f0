import type { FastifyInstance } from 'fastify';
import {
  idempotencyKeyHeaderSchema,
  orderIdParamsSchema,
  orderListParamsSchema,
  placeOrderSchema,
} from '@bazaar/shared';
import { requireCustomer } from '../auth/session';
import { parse } from '../http/validate';
import { placeOrder } from '../flows/checkout';
import { getOrder, listOrders } from '../flows/customerOrders';
import * as orders from './service';

/**
 * Orders (spec §7, paths spelt as the spec spells them). The customer always comes from the session: the
 * customerId in gat-orders' path and any userId, price or products in the body are ignored.
 */
export async function ordersRoutes(api: FastifyInstance): Promise<void> {
  // The spec's payload as is; an idempotency key may come as the standard header or the body's field.
  api.post('/home/order/palce-order', async (request, reply) => {
    const customer = requireCustomer(request);
    const input = parse(placeOrderSchema, request.body);
    const headerKey = parse(idempotencyKeyHeaderSchema, request.headers)['idempotency-key'];
    const placed = await placeOrder(api.ctx, customer.id, {
      ...input,
      idempotencyKey: headerKey ?? input.idempotencyKey,
    });
    return reply.status(201).send(placed);
  });

  api.get('/home/customer/gat-orders/:customerId/:status', async (request) => {
    const customer = requireCustomer(request);
    const { status } = parse(orderListParamsSchema, request.params);
    return { orders: await listOrders(api.ctx, customer.id, { status }) };
  });

  api.get('/home/customer/gat-order/:orderId', async (request) => {
    const customer = requireCustomer(request);
    const { orderId } = parse(orderIdParamsSchema, request.params);
    return { order: await getOrder(api.ctx, customer.id, orderId) };
  });

  api.get('/home/customer/invoice/:orderId', async (request, reply) => {
    const customer = requireCustomer(request);
    const { orderId } = parse(orderIdParamsSchema, request.params);
    const { fileName, pdf } = await orders.invoiceFor(api.ctx, customer, orderId);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="${fileName}"`)
      .header('Cache-Control', 'private, no-store')
      .send(pdf);
  });
}
