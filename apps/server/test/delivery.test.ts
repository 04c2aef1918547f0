import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { pincodeRegion } from '@bazaar/shared';
import { seedDatabase } from '@bazaar/seed';
import { up as sellerPickup } from '../src/db/migrations/015_seller_pickup';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';

// Monday 23 November 2026, 11:30 in India: the server's clock for the whole file.
const NOW = new Date('2026-11-23T06:00:00Z');

describe(`pincode check: GET /home/delivery-estimate (${testDialect})`, () => {
  let server: TestServer;
  let api: ApiClient;
  let productId: number;
  let sellerId: number;

  beforeAll(async () => {
    server = await startTestServer({
      prepare: (db) => seedDatabase(db, { products: 20 }).then(() => undefined),
      clock: () => NOW,
    });
    api = new ApiClient(server.baseUrl);
    const product = await server.database.db
      .selectFrom('products')
      .select(['id', 'seller_id'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    productId = product.id;
    sellerId = product.seller_id;
  });
  afterAll(() => server.close());

  const shipsFrom = (pincode: string | null) =>
    server.database.db
      .updateTable('sellers')
      .set({ pickup_pincode: pincode })
      .where('id', '=', sellerId)
      .execute();
  const estimate = (pincode: string, id: number | string = productId) =>
    api.get(`/home/delivery-estimate?productId=${id}&pincode=${encodeURIComponent(pincode)}`);

  it('gives every seeded shop a pickup pincode in its own state', async () => {
    const sellers = await server.database.db
      .selectFrom('sellers')
      .select(['pickup_state', 'pickup_pincode'])
      .execute();
    expect(sellers.length).toBeGreaterThanOrEqual(12);
    for (const seller of sellers)
      expect(pincodeRegion(seller.pickup_pincode!)?.states).toContain(seller.pickup_state);
    expect(new Set(sellers.map((s) => s.pickup_state)).size).toBeGreaterThanOrEqual(10);
  });

  it('from another region: standard 6–9 business days (Sundays skipped), express 3–6', async () => {
    await shipsFrom('302004');
    const res = await estimate('560001');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      productId,
      pincode: '560001',
      deliverable: true,
      region: 'Karnataka',
      sameRegion: false,
      standard: { from: '2026-11-30', to: '2026-12-03' },
      express: { from: '2026-11-26', to: '2026-11-30' },
      message: 'Delivery by Thu, 3 Dec',
    });
    // Not kept by the catalogue cache nor by browsers: the dates move at midnight.
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('from the same region: a day faster', async () => {
    await shipsFrom('400050');
    expect((await estimate('411045')).body).toMatchObject({
      deliverable: true,
      region: 'Maharashtra & Goa',
      sameRegion: true,
      standard: { from: '2026-11-28', to: '2026-12-02' },
      express: { from: '2026-11-25', to: '2026-11-28' },
    });
    // A seller with no pickup address on file still delivers, without the saving.
    await shipsFrom(null);
    expect((await estimate('411045')).body).toMatchObject({
      sameRegion: false,
      standard: { to: '2026-12-03' },
    });
  });

  // Which pincodes are served and which strings are pincodes is the shared rules' (delivery.test.ts there); here
  // only that the route answers with them.
  it('answers "not deliverable" where the rules say so', async () => {
    const res = await estimate('900001');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      deliverable: false,
      standard: null,
      express: null,
      message: 'Not deliverable to this pincode',
    });
  });

  it('refuses a malformed pincode or product, and answers 404 for an unknown product', async () => {
    for (const pincode of ['56001', '']) {
      const res = await estimate(pincode);
      expect(res.status, pincode).toBe(400);
      expect(res.body).toEqual({ error: 'Please enter a valid 6-digit pincode', code: 'VALIDATION_FAILED' });
    }
    expect((await api.get('/home/delivery-estimate?productId=1')).status).toBe(400);
    expect((await estimate('560001', 'x')).status).toBe(400);
    const missing = await estimate('560001', 999_999);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'Product not found', code: 'NOT_FOUND' });
  });

  it("migration 015 fills the pickup address from the seller's city where it knows the city", async () => {
    const db = server.database.db;
    const sellers = await db.selectFrom('sellers').select(['id', 'city']).orderBy('id').limit(2).execute();
    await db.updateTable('sellers').set({ city: 'Shillong' }).where('id', '=', sellers[1].id).execute();
    // Back to the schema before 015, then 015 again.
    await sql`alter table sellers drop column pickup_state`.execute(db);
    await sql`alter table sellers drop column pickup_pincode`.execute(db);
    await sellerPickup(db as unknown as Kysely<unknown>, server.database.dialect);
    const after = await db
      .selectFrom('sellers')
      .select(['id', 'city', 'pickup_state', 'pickup_pincode'])
      .where('id', 'in', [sellers[0].id, sellers[1].id])
      .orderBy('id')
      .execute();
    expect(after[0]).toMatchObject({ city: 'Jaipur', pickup_state: 'Rajasthan', pickup_pincode: '302001' });
    expect(after[1]).toMatchObject({ city: 'Shillong', pickup_state: null, pickup_pincode: null });
  });
});
