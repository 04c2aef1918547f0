import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { seedDatabase } from '@bazaar/seed';
import {
  ApiClient,
  deleteRedisKeys,
  eventually,
  redisUrl,
  startTestServer,
  type TestServer,
} from './harness';

/**
 * Scale-out: two server processes (two ports, as behind a load balancer) on one database and one Redis. Each
 * opens its own database connection, as separate processes would, so whatever they agree on travels through
 * the database or Redis, never through shared memory. A fresh key prefix keeps parallel runs apart.
 */
const redisKeyPrefix = `bazaar-cluster-test-${randomBytes(4).toString('hex')}`;
const LOGINS_PER_EMAIL = 3;

let processA: TestServer;
let processB: FastifyInstance;
let databaseB: DatabaseHandle;
let baseUrlB: string;

beforeAll(async () => {
  processA = await startTestServer({
    config: {
      redisUrl,
      redisKeyPrefix,
      authRateLimits: {
        otpPerMobile: 3,
        otpPerIp: 100,
        loginPerEmail: LOGINS_PER_EMAIL,
        loginPerIp: 100,
        verifyOtpPerIp: 100,
      },
    },
    prepare: (database) => seedDatabase(database, { products: 40 }).then(() => {}),
  });
  databaseB = openDatabase(processA.config);
  processB = await buildApp({ config: processA.config, database: databaseB });
  await processB.listen({ port: 0, host: '127.0.0.1' });
  const address = processB.server.address();
  baseUrlB = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await processB?.close();
  await databaseB?.destroy();
  await processA?.close();
  await deleteRedisKeys(redisKeyPrefix);
});

async function inStockProduct(): Promise<{ id: number; stock: number }> {
  return (
    processA.database.db
      .selectFrom('products')
      .select(['id', 'stock'])
      .where('stock', '>=', 5)
      // Without sizes: bought as the spec's calls buy (no variantId).
      .where('size_system', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow()
  );
}

describe('two server processes on one database and Redis', () => {
  it('serve one shopper consistently: signed in on A, cart changed on B, read back on A', async () => {
    const onA = new ApiClient(processA.baseUrl);
    const registered = await onA.post('/customer/customer-register', {
      name: 'Kavya Iyer',
      email: 'kavya.cluster@example.in',
      password: 'sari-silk-2026',
    });
    expect(registered.status).toBe(201);
    const auth = { authorization: `Bearer ${registered.body.token as string}` };

    const product = await inStockProduct();
    const onB = new ApiClient(baseUrlB);
    const added = await onB.request(
      'POST',
      '/home/product/add-to-card',
      { productId: product.id, quantity: 2 },
      auth,
    );
    expect(added.status).toBeLessThan(300);

    const cart = await onA.request('GET', '/home/product/get-card-product', undefined, auth);
    expect(cart.status).toBe(200);
    expect(cart.body.card_product_count).toBe(1);
    const lines = (
      cart.body.card_products as { products: { quantity: number; productInfo: { _id: number } }[] }[]
    ).flatMap((shop) => shop.products);
    expect(lines).toEqual([
      expect.objectContaining({ quantity: 2, productInfo: expect.objectContaining({ _id: product.id }) }),
    ]);
  });

  it('share one sign-in rate limit: attempts on A and B count against the same budget', async () => {
    const attempt = (baseUrl: string) =>
      new ApiClient(baseUrl).post('/customer/customer-login', {
        email: 'nobody.cluster@example.in',
        password: 'wrong-password',
      });
    const answers = [];
    for (const baseUrl of [processA.baseUrl, baseUrlB, processA.baseUrl, baseUrlB])
      answers.push((await attempt(baseUrl)).status);
    // Each process alone has seen only two attempts; together they used up the budget of three.
    expect(answers.slice(0, LOGINS_PER_EMAIL).every((status) => status === 401 || status === 400)).toBe(true);
    expect(answers[LOGINS_PER_EMAIL]).toBe(429);
  });

  it('retire cached catalogue answers on every process when one of them sells stock', async () => {
    const product = await inStockProduct();
    const url = `/home/get-product/${product.id}`;
    const onA = new ApiClient(processA.baseUrl);
    const onB = new ApiClient(baseUrlB);
    await onA.get(url);
    const cachedOnA = await onA.get(url);
    expect(cachedOnA.headers.get('x-cache')).toBe('HIT');
    // B finds the entry A stored in Redis.
    expect((await onB.get(url)).headers.get('x-cache')).toBe('HIT');
    expect(cachedOnA.body.product.stock).toBe(product.stock);

    const registered = await onB.post('/customer/customer-register', {
      name: 'Arjun Mehta',
      email: 'arjun.cluster@example.in',
      password: 'kurta-cotton-2026',
    });
    const auth = { authorization: `Bearer ${registered.body.token as string}` };
    const address = await onB.request(
      'POST',
      '/home/customer/add_address',
      {
        name: 'Arjun Mehta',
        address: '4 MG Road',
        phonenumber: '9876501234',
        pincode: '560001',
        state: 'Karnataka',
        cityDistTown: 'Bengaluru',
        defaultAddress: true,
      },
      auth,
    );
    expect(address.status).toBeLessThan(300);
    const addressId = (address.body.address as { _id: number })._id;
    const order = await onB.request(
      'POST',
      '/home/order/palce-order',
      {
        addressId,
        idempotencyKey: `cluster-${redisKeyPrefix}`,
        buyNow: { productId: product.id, quantity: 3 },
      },
      auth,
    );
    expect(order.status).toBe(201);

    const seenOnA = await eventually(
      () => onA.get(url),
      (response) => response.body.product.stock === product.stock - 3,
    );
    expect(seenOnA.body.product.stock).toBe(product.stock - 3);
    expect(seenOnA.headers.get('x-cache')).toBe('MISS');
  });
});
