import type { FastifyInstance } from 'fastify';
import {
  cancelOrderResponseSchema,
  cancelOrderSchema,
  changeReturnStateSchema,
  orderIdParamsSchema,
  restockReturnSchema,
  returnIdParamsSchema,
  returnMessages,
  returnRequestResponseSchema,
  returnRequestSchema,
  returnResponseSchema,
  sellerReturnListQuerySchema,
  sellerReturnListResponseSchema,
} from '@bazaar/shared';
import { requireCustomer, requireSeller } from '../auth/session';
import { declared, failures, signedIn } from '../http/routeSchema';
import { cancelOrderByCustomer } from '../flows/customerCancellation';
import { changeReturnState, requestReturn, restockReturn } from '../flows/returns';
import { listSellerReturns, sellerReturn } from './service';

/**
 * Cancellations and returns (issue 19): the shopper cancels an order (or one shop's part) and asks to return
 * delivered lines; the seller answers its returns in the seller center. Another shopper's order and another
 * seller's return are 404s, as if they did not exist.
 */
export async function returnsRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;
  const routes = declared(api);
  const shopper = { tags: ['Orders'], security: signedIn.customer };
  const seller = { tags: ['Seller center: returns'], security: signedIn.seller };

  routes.post(
    '/home/customer/cancel-order/:orderId',
    {
      schema: {
        ...shopper,
        params: orderIdParamsSchema,
        body: cancelOrderSchema,
        response: { 200: cancelOrderResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return cancelOrderByCustomer(ctx, customer.id, request.params.orderId, request.body);
    },
  );

  routes.post(
    '/home/customer/return-request/:orderId',
    {
      schema: {
        ...shopper,
        params: orderIdParamsSchema,
        body: returnRequestSchema,
        response: { 201: returnRequestResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const returns = await requestReturn(ctx, customer.id, request.params.orderId, request.body);
      return reply.status(201).send({ message: returnMessages.requested, returns });
    },
  );

  routes.get(
    '/seller/returns',
    {
      schema: {
        ...seller,
        querystring: sellerReturnListQuerySchema,
        response: { 200: sellerReturnListResponseSchema, ...failures(400, 401) },
      },
    },
    async (request) => {
      const account = await requireSeller(ctx, request);
      return listSellerReturns(ctx, account.id, request.query);
    },
  );

  routes.get(
    '/seller/returns/:id',
    {
      schema: {
        ...seller,
        params: returnIdParamsSchema,
        response: { 200: returnResponseSchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const account = await requireSeller(ctx, request);
      return { message: 'OK', return: await sellerReturn(ctx, account.id, request.params.id) };
    },
  );

  routes.post(
    '/seller/returns/:id/state',
    {
      schema: {
        ...seller,
        params: returnIdParamsSchema,
        body: changeReturnStateSchema,
        response: { 200: returnResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const account = await requireSeller(ctx, request);
      const { id } = request.params;
      await changeReturnState(ctx, account.id, id, request.body);
      return { message: returnMessages.updated, return: await sellerReturn(ctx, account.id, id) };
    },
  );

  routes.post(
    '/seller/returns/:id/restock',
    {
      schema: {
        ...seller,
        params: returnIdParamsSchema,
        body: restockReturnSchema,
        response: { 200: returnResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const account = await requireSeller(ctx, request);
      const { id } = request.params;
      await restockReturn(ctx, account.id, id);
      return { message: returnMessages.restocked, return: await sellerReturn(ctx, account.id, id) };
    },
  );
}
