import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  errorResponseSchema,
  IMPORT_MAX_BYTES,
  importFailureSchema,
  importResponseSchema,
  sellerProductDeleteResponseSchema,
  sellerProductInputSchema,
  sellerProductListQuerySchema,
  sellerProductListResponseSchema,
  sellerProductParamsSchema,
  sellerProductResponseSchema,
} from '@bazaar/shared';
import { contentOf, declared, failures, signedIn } from '../http/routeSchema';
import { requireSeller } from '../auth/session';
import { applyImport, removeProduct, saveProduct } from '../flows/sellerProductWrites';
import { exportCsv, ImportRefused, planImport } from './csv';
import { listSellerProducts, sellerProductDto } from './service';

/**
 * The seller center's catalogue: a seller lists, creates, edits and deletes its own products (another seller's
 * product is a 404, as if it did not exist), and moves them in and out as CSV. Every write goes through Kysely, so
 * the storefront's response cache retires what it changed (cache/catalogueWrites.ts) across processes.
 */
export async function sellerProductRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;
  const routes = declared(api);
  const tags = ['Seller center: products'];
  const security = signedIn.seller;
  // Validation failures name every invalid field, so the editor marks each one.
  const config = { fieldErrors: true };

  // A CSV import is sent as the file itself (`Content-Type: text/csv`), read as text up to the import's limit.
  api.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  routes.get(
    '/seller/products',
    {
      schema: {
        tags,
        security,
        querystring: sellerProductListQuerySchema,
        response: { 200: sellerProductListResponseSchema, ...failures(400, 401) },
      },
    },
    async (request) => {
      const seller = await requireSeller(ctx, request);
      return listSellerProducts(ctx, seller.id, request.query);
    },
  );

  routes.post(
    '/seller/products',
    {
      config,
      schema: {
        tags,
        security,
        body: sellerProductInputSchema,
        response: { 201: sellerProductResponseSchema, ...failures(400, 401) },
      },
    },
    async (request, reply) => {
      const seller = await requireSeller(ctx, request);
      const product = await saveProduct(ctx, seller.id, request.body);
      return reply.status(201).send({ product });
    },
  );

  routes.get(
    '/seller/products/export',
    {
      schema: {
        tags,
        security,
        response: {
          200: contentOf('text/csv', z.string(), 'One row per size: the product, its size, SKU and stock'),
          ...failures(401),
        },
      },
    },
    async (request, reply) => {
      const seller = await requireSeller(ctx, request);
      const csv = await exportCsv(ctx, seller.id);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="products.csv"')
        .header('Cache-Control', 'private, no-store')
        .send(csv);
    },
  );

  routes.post(
    '/seller/products/import',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags,
        security,
        body: z.string().describe('The CSV file, sent as text/csv'),
        response: {
          200: importResponseSchema,
          400: importFailureSchema.or(errorResponseSchema),
          ...failures(401, 413),
        },
      },
    },
    async (request, reply) => {
      const seller = await requireSeller(ctx, request);
      try {
        return await applyImport(ctx, seller.id, await planImport(ctx, seller.id, request.body));
      } catch (error) {
        if (!(error instanceof ImportRefused)) throw error;
        return reply
          .status(400)
          .send({ error: error.message, code: 'VALIDATION_FAILED', errors: error.errors });
      }
    },
  );

  routes.get(
    '/seller/products/:id',
    {
      schema: {
        tags,
        security,
        params: sellerProductParamsSchema,
        response: { 200: sellerProductResponseSchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const seller = await requireSeller(ctx, request);
      return { product: await sellerProductDto(ctx.db, seller.id, request.params.id) };
    },
  );

  routes.put(
    '/seller/products/:id',
    {
      config,
      schema: {
        tags,
        security,
        params: sellerProductParamsSchema,
        body: sellerProductInputSchema,
        response: { 200: sellerProductResponseSchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const seller = await requireSeller(ctx, request);
      return { product: await saveProduct(ctx, seller.id, request.body, request.params.id) };
    },
  );

  routes.delete(
    '/seller/products/:id',
    {
      schema: {
        tags,
        security,
        params: sellerProductParamsSchema,
        response: { 200: sellerProductDeleteResponseSchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      const seller = await requireSeller(ctx, request);
      return removeProduct(ctx, seller.id, request.params.id);
    },
  );
}
