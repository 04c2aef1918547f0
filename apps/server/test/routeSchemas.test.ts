/**
 * Declared routes. Every route the server registers declares its input and answers with zod schemas (a route added
 * without them fails here, as one without an authorization case fails authz.test.ts), and the OpenAPI document
 * generated from those declarations lists every route with every answer it documents. /api/docs serves the
 * browsable page from this server alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodType } from 'zod';
import { ERROR_CODES } from '@bazaar/shared';
import { API_DOCS_PATH } from '../src/http/apiDocs';
import type { RouteEntry } from '../src/security/routeTable';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';

/** Changing calls that take no body, and why. */
const BODYLESS_CHANGES: Record<string, string> = {
  'POST /api/customer/logout-all': 'the session says whose sessions end',
  'POST /api/chat/seller/read/:customerId': 'the path names the conversation',
  'POST /api/seller/products/:id/images':
    'multipart/form-data, the photo in field "file", read as a limited stream',
  'POST /api/admin/categories/:categoryId/image': 'multipart/form-data, the picture in field "file"',
  'POST /api/admin/banners/:bannerId/image': 'multipart/form-data, the picture in field "file"',
  'POST /api/home/customer/return-photos': 'multipart/form-data, the photo in field "file"',
  'POST /api/payment/cod/:orderId': 'the path names the order; the session whose it is',
  'POST /api/seller/orders/:id/cash-collected': 'the path names the part; the session whose it is',
  'POST /api/admin/notifications/:notificationId/retry':
    'the path names the message; the session who retried it',
};

/** Everything outside /api and /media is a file of the web build (index.html, hashed assets). */
const isServerRoute = (route: RouteEntry) => route.url.startsWith('/api') || route.url.startsWith('/media');
const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;
/** `/api/x/:id/*` → the path parameters it names: ['id', '*']. */
const pathParameters = (url: string) =>
  [...url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*').sort();
/** Fastify's `/x/:id` as OpenAPI writes it: `/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
const isZod = (schema: unknown) => schema instanceof ZodType;

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }> };
}

describe(`declared routes (${testDialect})`, () => {
  let server: TestServer;
  let routes: RouteEntry[];
  let documentation: OpenApiDocument;

  beforeAll(async () => {
    server = await startTestServer();
    routes = server.app.routeTable.filter(isServerRoute);
    documentation = (await new ApiClient(server.baseUrl).get('/docs/json')).body as OpenApiDocument;
  });
  afterAll(() => server?.close());

  it('has a zod schema for every route: its answers, every path parameter, and the body of every change', () => {
    // Sanity: the inventory really is the whole API (so an empty table cannot pass).
    expect(routes.length).toBeGreaterThan(50);
    const undeclared = routes.flatMap((route) => {
      const { schema } = route;
      const problems: string[] = [];
      const responses = Object.entries((schema?.response ?? {}) as Record<string, unknown>);
      if (!responses.some(([status]) => status.startsWith('2'))) problems.push('no 2xx answer declared');
      const declaredParameters = isZod(schema?.params)
        ? Object.keys((schema!.params as unknown as { shape: object }).shape).sort()
        : [];
      if (JSON.stringify(declaredParameters) !== JSON.stringify(pathParameters(route.url)))
        problems.push(`params declare ${declaredParameters.join(',') || 'nothing'}`);
      for (const part of ['querystring', 'body', 'headers'] as const)
        if (schema?.[part] !== undefined && !isZod(schema[part]))
          problems.push(`${part} is not a zod schema`);
      const changes = ['POST', 'PUT', 'PATCH'].includes(route.method) && !route.url.includes('quantity-');
      if (changes && schema?.body === undefined && !(keyOf(route) in BODYLESS_CHANGES))
        problems.push('a change without a declared body');
      return problems.map((problem) => `${keyOf(route)}: ${problem}`);
    });
    expect(undeclared, 'declare the schema in the route options (see http/routeSchema.ts)').toEqual([]);
  });

  it('documents every route in OpenAPI 3.1, each with its answers, failures as ErrorResponse', () => {
    expect(documentation.openapi).toBe('3.1.0');
    for (const route of routes) {
      const operation = documentation.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${keyOf(route)} is missing from the OpenAPI document`).toBeDefined();
      const declaredStatuses = Object.keys((route.schema?.response ?? {}) as object).sort();
      expect(Object.keys(operation!.responses ?? {}).sort(), keyOf(route)).toEqual(declaredStatuses);
      for (const [status, response] of Object.entries(operation!.responses ?? {}))
        // Failures answer ErrorResponse; readiness answers its state whether it is ready or not.
        if (Number(status) >= 400 && route.url !== '/api/health/ready')
          expect(JSON.stringify(response), `${keyOf(route)} ${status}`).toContain('ErrorResponse');
    }
    // Nothing documented that the server does not answer.
    const documented = Object.entries(documentation.paths)
      .filter(([path]) => isServerRoute({ method: 'GET', url: path }))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      );
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${openApiPath(r.url)}`).sort());
  });

  it('lists every error code in the ErrorResponse schema', () => {
    const errorResponse = documentation.components.schemas.ErrorResponse;
    expect(errorResponse.properties?.code?.enum).toEqual([...ERROR_CODES]);
  });

  it('answers a failure with the error sentence and its code', async () => {
    const api = new ApiClient(server.baseUrl);
    expect((await api.get('/home/get-product/no such product')).body).toEqual({
      error: 'Product slug may only contain letters, digits and hyphens',
      code: 'VALIDATION_FAILED',
    });
    expect((await api.get('/home/product/get-card-product')).body).toEqual({
      error: 'Please login first',
      code: 'NOT_SIGNED_IN',
    });
    expect((await api.get('/no-such-call')).body).toEqual({
      error: 'No route for GET /api/no-such-call',
      code: 'NOT_FOUND',
    });
  });

  it('serves /api/docs from this server alone, under a policy that allows nothing else', async () => {
    const page = await fetch(`${server.baseUrl}${API_DOCS_PATH}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/https?:|\*/);
    // Every script and stylesheet the page loads is served here (no CDN), and so is what the initializer fetches.
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset, 'an asset from another host').not.toMatch(/^(https?:)?\/\//);
      const res = await fetch(new URL(asset, page.url));
      expect(res.status, asset).toBe(200);
      // Read to the end: an unread body keeps its connection, and the server's close waits for it.
      await res.arrayBuffer();
    }
    const initializer = await (await fetch(new URL('./static/swagger-initializer.js', page.url))).text();
    expect(initializer).not.toMatch(/https?:\/\//);
  });
});
