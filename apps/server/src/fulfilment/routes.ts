import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  codMessages,
  changeSellerOrderStatusResponseSchema,
  changeSellerOrderStatusSchema,
  earningsQuerySchema,
  earningsResponseSchema,
  sellerOrderListQuerySchema,
  sellerOrderListResponseSchema,
  sellerOrderMessages,
  sellerOrderParamsSchema,
  sellerOrderResponseSchema,
} from '@bazaar/shared';
import { requireSeller } from '../auth/session';
import { binary, contentOf, declared, failures, signedIn } from '../http/routeSchema';
import { changePartStatus, collectCash } from '../flows/fulfilment';
import * as fulfilment from './service';

/**
 * The seller center's orders and earnings (issue 16). The seller always comes from the console session; a part of
 * another seller is a 404 on every route, as if it did not exist.
 */
export async function fulfilmentRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;
  const routes = declared(api);
  const common = { tags: ['Seller center'], security: signedIn.seller };

  routes.get(
    '/seller/orders',
    {
      schema: {
        ...common,
        querystring: sellerOrderListQuerySchema,
        response: { 200: sellerOrderListResponseSchema, ...failures(400, 401) },
      },
    },
    async (request) => {
      const seller = await requireSeller(ctx, request);
      return fulfilment.listSellerOrders(ctx, seller.id, request.query);
    },
  );

  routes.get(
    '/seller/orders/:id',
    {
      schema: {
        ...common,
        params: sellerOrderParamsSchema,
        response: { 200: sellerOrderResponseSchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const seller = await requireSeller(ctx, request);
      return { order: await fulfilment.sellerOrderDetail(ctx, seller.id, request.params.id) };
    },
  );

  routes.post(
    '/seller/orders/:id/status',
    {
      schema: {
        ...common,
        params: sellerOrderParamsSchema,
        body: changeSellerOrderStatusSchema,
        response: { 200: changeSellerOrderStatusResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const seller = await requireSeller(ctx, request);
      const { id } = request.params;
      const { refunded } = await changePartStatus(ctx, seller.id, id, request.body);
      const message =
        request.body.status !== 'cancelled'
          ? sellerOrderMessages.updated
          : refunded
            ? sellerOrderMessages.cancelledRefund
            : sellerOrderMessages.cancelled;
      return { message, order: await fulfilment.sellerOrderDetail(ctx, seller.id, id) };
    },
  );

  /**
   * Issue 19: the seller collected the cash of its COD part, on delivery (a shipped part is delivered with it) or
   * after; only once.
   */
  routes.post(
    '/seller/orders/:id/cash-collected',
    {
      schema: {
        ...common,
        params: sellerOrderParamsSchema,
        response: { 200: changeSellerOrderStatusResponseSchema, ...failures(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const seller = await requireSeller(ctx, request);
      const { id } = request.params;
      await collectCash(ctx, seller.id, id);
      return {
        message: codMessages.collected,
        order: await fulfilment.sellerOrderDetail(ctx, seller.id, id),
      };
    },
  );

  routes.get(
    '/seller/orders/:id/packing-slip',
    {
      schema: {
        ...common,
        params: sellerOrderParamsSchema,
        response: {
          200: contentOf('application/pdf', binary, 'The packing slip of the part as a PDF'),
          ...failures(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const seller = await requireSeller(ctx, request);
      const { fileName, pdf } = await fulfilment.packingSlipFor(ctx, seller.id, request.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  routes.get(
    '/seller/earnings',
    {
      schema: {
        ...common,
        querystring: earningsQuerySchema,
        response: { 200: earningsResponseSchema, ...failures(400, 401) },
      },
    },
    async (request) => {
      const seller = await requireSeller(ctx, request);
      return fulfilment.earnings(ctx, seller.id, request.query);
    },
  );

  routes.get(
    '/seller/earnings/export',
    {
      schema: {
        ...common,
        querystring: earningsQuerySchema,
        response: {
          200: contentOf('text/csv', z.string(), 'The earnings breakdown as CSV, one line per part'),
          ...failures(400, 401),
        },
      },
    },
    async (request, reply) => {
      const seller = await requireSeller(ctx, request);
      const csv = await fulfilment.earningsCsv(ctx, seller.id, request.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="earnings.csv"')
        .header('Cache-Control', 'private, no-store')
        .send(csv);
    },
  );
}
