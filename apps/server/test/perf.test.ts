import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config';
import { signCustomerToken } from '../src/auth/session';
import { MAX_LISTING_PAGE } from '@bazaar/shared';
import { nowIso } from '../src/db/database';
import { seedDatabase } from '@bazaar/seed';
import { ApiClient, countingApp, startTestServer, untilQuiet, type TestServer } from './harness';

/** A server over a seeded catalogue of `products`, plus a second app on the same database that counts queries. */
interface CountedServer {
  server: TestServer;
  counted: FastifyInstance;
  countedUrl: string;
  queries: { count: number };
}

async function startCounted(products: number, config: Partial<Config> = {}): Promise<CountedServer> {
  const server = await startTestServer({
    prepare: (database) => seedDatabase(database, { products }).then(() => {}),
  });
  const { app: counted, queries } = await countingApp(server, config);
  await counted.listen({ port: 0, host: '127.0.0.1' });
  const address = counted.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, counted, countedUrl: `http://127.0.0.1:${port}`, queries };
}

/** A customer with a token and a default address, inserted directly. */
async function shopper(server: TestServer, email: string) {
  const now = nowIso();
  const customer = await server.database.db
    .insertInto('customers')
    .values({
      name: 'Asha Rao',
      email,
      phone: null,
      password_hash: null,
      method: 'email',
      token_version: 0,
      created_at: now,
    })
    .returning(['id', 'name', 'email'])
    .executeTakeFirstOrThrow();
  const address = await server.database.db
    .insertInto('addresses')
    .values({
      customer_id: customer.id,
      name: 'Asha Rao',
      phonenumber: '9876543210',
      pincode: '500081',
      state: 'Telangana',
      city_dist_town: 'Hyderabad',
      address: '12 Hitech City Road',
      is_default: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = signCustomerToken(server.config.jwtSecret, customer, 0);
  return { id: customer.id, addressId: address.id, auth: { authorization: `Bearer ${token}` } };
}

async function productIds(server: TestServer, count: number): Promise<number[]> {
  const rows = await server.database.db
    .selectFrom('products')
    .select('id')
    .where('stock', '>', 5)
    // Without sizes: bought as the spec's calls buy (no variantId).
    .where('size_system', 'is', null)
    .orderBy('id')
    .limit(count)
    .execute();
  return rows.map((row) => row.id);
}

describe('a fixed number of queries whatever the data size (no N+1)', () => {
  let small: CountedServer;
  let large: CountedServer;
  beforeAll(async () => {
    small = await startCounted(40);
    large = await startCounted(400);
  });
  afterAll(async () => {
    for (const { counted, server } of [small, large]) {
      await counted?.close();
      await server?.close();
    }
  });

  /** Queries one request runs on the counting app (each URL is requested once, so the cache never answers). */
  async function queriesFor(target: CountedServer, url: string, headers: Record<string, string> = {}) {
    const client = new ApiClient(target.countedUrl);
    target.queries.count = 0;
    const response = await client.request('GET', url, undefined, headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-cache')).not.toBe('HIT');
    return target.queries.count;
  }

  it('home-page-product-listing', async () => {
    const url = '/home/home-page-product-listing';
    expect(await queriesFor(large, url)).toBe(await queriesFor(small, url));
  });

  it('query-products, with and without filters', async () => {
    for (const url of [
      '/home/query-products?pageNumber=2',
      '/home/query-products?category=mens&sortPrice=low-to-high&lowPrice=100&highPrice=5000&rating=2',
      '/home/query-products?searchValue=cotton',
    ]) {
      expect(await queriesFor(large, url), url).toBe(await queriesFor(small, url));
    }
  });

  it('get-card-product with one line and with many lines from several shops', async () => {
    const oneLine = await shopper(small.server, 'one-line@example.in');
    const manyLines = await shopper(large.server, 'many-lines@example.in');
    const add = async (target: CountedServer, auth: Record<string, string>, productId: number) => {
      const response = await new ApiClient(target.server.baseUrl).request(
        'POST',
        '/home/product/add-to-card',
        { productId, quantity: 1 },
        auth,
      );
      expect(response.status).toBeLessThan(300);
    };
    await add(small, oneLine.auth, (await productIds(small.server, 1))[0]);
    for (const id of await productIds(large.server, 12)) await add(large, manyLines.auth, id);

    const url = '/home/product/get-card-product';
    expect(await queriesFor(large, url, manyLines.auth)).toBe(await queriesFor(small, url, oneLine.auth));
  });
});

describe('a cached answer past its lifetime', () => {
  let target: CountedServer;
  beforeAll(async () => {
    // Fresh for 0.75–1.25 s (±25 % jitter), then stale for up to 30 s.
    target = await startCounted(40, {
      responseCache: { ttlSeconds: 1, staleSeconds: 30, outsideChangesPollSeconds: 0 },
    });
  });
  afterAll(async () => {
    await target?.counted.close();
    await target?.server.close();
  });

  it('answers at once from the stale copy while one background request recomputes it', async () => {
    const client = new ApiClient(target.countedUrl);
    const url = '/home/query-products?category=mens&pageNumber=1';
    const first = await client.get(url);
    expect(first.headers.get('x-cache')).toBe('MISS');
    await new Promise((resolve) => setTimeout(resolve, 1_300));

    target.queries.count = 0;
    const [stale, second] = await Promise.all([client.get(url), client.get(url)]);
    expect(stale.headers.get('x-cache')).toBe('STALE');
    // On SQLite the refresh may already have finished by the time the second request is read.
    expect(['STALE', 'HIT']).toContain(second.headers.get('x-cache'));
    for (const response of [stale, second]) expect(response.body).toEqual(first.body);
    await untilQuiet(target.queries);
    const queriesOfOneListing = target.queries.count;
    expect(queriesOfOneListing).toBeGreaterThan(0);

    // The refresh stored a fresh entry: the next answer is a plain hit that runs nothing.
    target.queries.count = 0;
    const refreshed = await client.get(url);
    expect(refreshed.headers.get('x-cache')).toBe('HIT');
    expect(refreshed.body).toEqual(first.body);
    expect(target.queries.count).toBe(0);

    // Stale answers to concurrent requests start one refresh between them, not one each.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    target.queries.count = 0;
    await Promise.all([client.get(url), client.get(url), client.get(url)]);
    await untilQuiet(target.queries);
    expect(target.queries.count).toBe(queriesOfOneListing);
  });

  it('cannot be made to recompute by a client naming the refresh header', async () => {
    const client = new ApiClient(target.countedUrl);
    const url = '/home/query-products?category=women&pageNumber=1';
    await client.get(url);
    target.queries.count = 0;
    const forced = await client.request('GET', url, undefined, { 'x-bazaar-cache-refresh': 'guess' });
    expect(forced.headers.get('x-cache')).toBe('HIT');
    expect(target.queries.count).toBe(0);
  });
});

describe('response caching of the public catalogue', () => {
  let server: TestServer;
  let client: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({
      prepare: (database) => seedDatabase(database, { products: 60 }).then(() => {}),
    });
    client = new ApiClient(server.baseUrl);
  });
  afterAll(async () => server?.close());

  it('answers a repeated listing from the cache with the same ETag, and 304 when the client has it', async () => {
    const url = '/home/query-products?category=women&pageNumber=1';
    const first = await client.get(url);
    const second = await client.get(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.body).toEqual(first.body);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(second.headers.get('etag')).toBe(etag);
    expect(first.headers.get('cache-control')).toBe('public, max-age=5, stale-while-revalidate=30');

    const revalidated = await client.request('GET', url, undefined, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeUndefined();
    const changedTag = await client.request('GET', url, undefined, { 'if-none-match': 'W/"something-else"' });
    expect(changedTag.status).toBe(200);
  });

  it('makes the product page revalidate every time, and never caches user-scoped answers', async () => {
    const [id] = await productIds(server, 1);
    const product = await client.get(`/home/get-product/${id}`);
    expect(product.headers.get('cache-control')).toBe('public, no-cache');

    const asha = await shopper(server, 'scoped@example.in');
    const cart = await client.request('GET', '/home/product/get-card-product', undefined, asha.auth);
    expect(cart.status).toBe(200);
    expect(cart.headers.get('cache-control')).toBe('no-store');
    expect(cart.headers.get('etag')).toBeNull();
  });

  it('shows the new stock right after an order, a cancellation-style write and a review change the product', async () => {
    const [id] = await productIds(server, 1);
    const url = `/home/get-product/${id}`;
    const before = (await client.get(url)).body.product.stock as number;
    expect((await client.get(url)).headers.get('x-cache')).toBe('HIT');

    const buyer = await shopper(server, 'buyer@example.in');
    const order = await client.request(
      'POST',
      '/home/order/palce-order',
      {
        addressId: buyer.addressId,
        idempotencyKey: 'perf-cache-order-1',
        buyNow: { productId: id, quantity: 2 },
      },
      buyer.auth,
    );
    expect(order.status).toBe(201);
    const afterOrder = await client.get(url);
    expect(afterOrder.headers.get('x-cache')).toBe('MISS');
    expect(afterOrder.body.product.stock).toBe(before - 2);

    // A write outside any request (the reservation-expiry job giving stock back) retires the entry too.
    await client.get(url);
    await server.database.db.updateTable('products').set({ stock: before }).where('id', '=', id).execute();
    expect((await client.get(url)).body.product.stock).toBe(before);

    // Listings and rails hold the same rows, so they are retired as well.
    const listingUrl = '/home/query-products?pageNumber=1';
    await client.get(listingUrl);
    await server.database.db.updateTable('products').set({ rating: 1 }).where('id', '=', id).execute();
    expect((await client.get(listingUrl)).headers.get('x-cache')).toBe('MISS');
  });

  it('compresses JSON with brotli or gzip, from the cache too', async () => {
    const url = '/home/home-page-product-listing';
    for (const attempt of ['MISS', 'HIT']) {
      for (const encoding of ['br', 'gzip']) {
        // fetch would decode transparently; ask node's http through a raw request instead.
        const response = await rawGet(server.baseUrl + '/api' + url, { 'accept-encoding': encoding });
        expect(response.headers['content-encoding'], `${attempt} ${encoding}`).toBe(encoding);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
      }
    }
  });

  it(`refuses listing pages past ${MAX_LISTING_PAGE} with a clear message`, async () => {
    const deep = await client.get(`/home/query-products?pageNumber=${MAX_LISTING_PAGE + 1}`);
    expect(deep.status).toBe(400);
    expect(deep.body.error).toMatch(`pageNumber must be at most ${MAX_LISTING_PAGE}`);
    expect((await client.get(`/home/query-products?pageNumber=${MAX_LISTING_PAGE}`)).status).toBe(200);
  });
});

async function rawGet(url: string, headers: Record<string, string>) {
  const { request } = await import('node:http');
  return new Promise<{ headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    request(url, { headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ headers: response.headers }));
    })
      .on('error', reject)
      .end();
  });
}
