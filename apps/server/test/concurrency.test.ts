/**
 * Races the other suites do not already run (see SECURITY.md for those: the last-item checkout race, 50 parallel
 * cart increments, the same UTR on two orders, two operators deciding at once, double reviews and defaults).
 * Every race ends in one consistent outcome and clean 4xx answers for the losers, never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';
import { catalog, newIdempotencyKey } from './orders-fixtures';
import { fillAccount, PASSWORD, registerShopper, seedCatalog, type ShopperData } from './security-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ prepare: (database) => seedCatalog(database, { tee: 200, saree: 200 }) });
});
afterAll(() => server?.close());

const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();
const PARALLEL = 10;

async function newAccount(name: string): Promise<ShopperData> {
  return fillAccount(server, await registerShopper(server, name));
}

describe(`races (${testDialect})`, () => {
  it('registers an email once when the same sign-up is sent many times at once', async () => {
    const email = `race.${Date.now()}@example.in`;
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        new ApiClient(server.baseUrl).post('/customer/customer-register', {
          name: 'Race Runner',
          email,
          password: PASSWORD,
        }),
      ),
    );
    expect(statuses(results)).toEqual([201, ...Array(PARALLEL - 1).fill(409)]);
    const rows = await server.database.db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps one wishlist entry when the same product is added many times at once', async () => {
    const { shopper } = await newAccount('Wish Racer');
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        shopper.post('/home/product/add-to-wishlist', { productId: catalog.products.tee.id }),
      ),
    );
    expect(statuses(results)).toEqual([200, ...Array(PARALLEL - 1).fill(409)]);
    const rows = await server.database.db
      .selectFrom('wishlist_items')
      .select('id')
      .where('customer_id', '=', shopper.id)
      .where('product_id', '=', catalog.products.tee.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('merges simultaneous first adds of a product into one cart line holding every accepted unit', async () => {
    const { shopper } = await newAccount('Cart Racer');
    const productId = catalog.products.saree.id;
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        // One unit each: PARALLEL of them reach the 10-unit cap of a line exactly.
        shopper.post('/home/product/add-to-card', { productId, quantity: 1 }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const lines = await server.database.db
      .selectFrom('cart_items')
      .select('quantity')
      .where('customer_id', '=', shopper.id)
      .where('product_id', '=', productId)
      .execute();
    expect(lines).toEqual([{ quantity: PARALLEL }]);
  });

  it('places one order when the same cart is checked out with different keys at once', async () => {
    const { shopper, addressId } = await newAccount('Checkout Racer');
    // Replace the cart with one in-stock line, so every checkout would want the same units.
    await server.database.db.deleteFrom('cart_items').where('customer_id', '=', shopper.id).execute();
    await shopper.post('/home/product/add-to-card', { productId: catalog.products.tee.id, quantity: 3 });
    const stockBefore = (
      await server.database.db
        .selectFrom('products')
        .select('stock')
        .where('id', '=', catalog.products.tee.id)
        .executeTakeFirstOrThrow()
    ).stock;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        shopper.post('/home/order/palce-order', { addressId, idempotencyKey: newIdempotencyKey() }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const loser of results.filter((r) => r.status !== 201)) {
      expect(loser.status).toBeGreaterThanOrEqual(400);
      expect(loser.status).toBeLessThan(500);
    }
    const stockAfter = (
      await server.database.db
        .selectFrom('products')
        .select('stock')
        .where('id', '=', catalog.products.tee.id)
        .executeTakeFirstOrThrow()
    ).stock;
    expect(stockBefore - stockAfter).toBe(3);
  });

  it('accepts one of two different UTRs submitted for the same order at once', async () => {
    const { shopper } = await newAccount('Utr Racer');
    const order = await shopper.post('/home/order/palce-order', {
      addressId: (await shopper.get('/home/customer/get_default_address')).body.defaultAddress._id,
      idempotencyKey: newIdempotencyKey(),
      buyNow: { productId: catalog.products.saree.id, quantity: 1 },
    });
    expect(order.status).toBe(201);
    const orderId = order.body.orderId;
    await shopper.post('/payment/do_payment', { orderId });
    const utrs = ['555500000001', '555500000002'].map((u) =>
      u.replace(/^5555/, String(shopper.id).padStart(4, '0').slice(-4)),
    );
    const results = await Promise.all(
      utrs.map((transactionId) => shopper.post('/payment/update-transactionId', { orderId, transactionId })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.every((r) => r.status < 500)).toBe(true);
    const payment = await server.database.db
      .selectFrom('payments')
      .select('claimed_utr')
      .where('order_code', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(utrs).toContain(payment.claimed_utr);
  });

  it('creates one payment when Pay Now is pressed many times at once', async () => {
    const { shopper } = await newAccount('Pay Racer');
    const order = await shopper.post('/home/order/palce-order', {
      addressId: (await shopper.get('/home/customer/get_default_address')).body.defaultAddress._id,
      idempotencyKey: newIdempotencyKey(),
      buyNow: { productId: catalog.products.saree.id, quantity: 1 },
    });
    const orderId = order.body.orderId;
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => shopper.post('/payment/do_payment', { orderId })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.amount))).toEqual(new Set([order.body.price]));
    const payments = await server.database.db
      .selectFrom('payments')
      .select('id')
      .where('order_code', '=', orderId)
      .execute();
    expect(payments).toHaveLength(1);
  });
});
