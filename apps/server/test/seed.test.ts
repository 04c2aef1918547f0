import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '@node-rs/argon2';
import { DEMO_SELLER_PASSWORD } from '../src/seed/catalogue';
import { seedDatabase } from '../src/seed';
import { startTestServer, testDialect, type TestServer } from './harness';

describe(`catalogue seed (${testDialect})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const count = async (
    table: 'products' | 'product_images' | 'reviews' | 'sellers' | 'categories' | 'banners',
  ) =>
    Number(
      (
        await server.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('seeds 2000 products with images, reviews, shops, categories and banners', async () => {
    const result = await seedDatabase(server.database, { products: 2000 });
    expect(result).toMatchObject({ skipped: false, products: 2000, sellers: 16, categories: 39 });
    expect(await count('products')).toBe(2000);
    expect(await count('sellers')).toBeGreaterThanOrEqual(12);
    expect(await count('banners')).toBe(5);
    expect(await count('product_images')).toBe(result.images);
    expect(await count('reviews')).toBe(result.reviews);

    const db = server.database.db;
    const stats = await db
      .selectFrom('products')
      .select((eb) => [
        eb.fn.min('price').as('minPrice'),
        eb.fn.max('price').as('maxPrice'),
        eb.fn.min('discount').as('minDiscount'),
        eb.fn.max('discount').as('maxDiscount'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(stats.minPrice)).toBeGreaterThanOrEqual(199);
    expect(Number(stats.maxPrice)).toBeLessThanOrEqual(9999);
    expect(Number(stats.minDiscount)).toBe(0);
    expect(Number(stats.maxDiscount)).toBeLessThanOrEqual(70);
    const soldOut = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('stock', '=', 0)
      .executeTakeFirstOrThrow();
    expect(Number(soldOut.n) / 2000).toBeGreaterThan(0.04);
    expect(Number(soldOut.n) / 2000).toBeLessThan(0.12);

    const perProduct = await db
      .selectFrom('product_images')
      .select((eb) => ['product_id', eb.fn.countAll<number>().as('n')])
      .groupBy('product_id')
      .execute();
    expect(perProduct).toHaveLength(2000);
    for (const row of perProduct) expect(Number(row.n)).toBeGreaterThanOrEqual(2);
    for (const row of perProduct) expect(Number(row.n)).toBeLessThanOrEqual(4);
  });

  it('keeps each rating the half-step average of its reviews', async () => {
    const db = server.database.db;
    const products = await db
      .selectFrom('products')
      .select(['id', 'rating', 'review_count'])
      .limit(200)
      .orderBy('id')
      .execute();
    const reviews = await db
      .selectFrom('reviews')
      .select((eb) => [
        'product_id',
        eb.fn.avg<number>('rating').as('average'),
        eb.fn.countAll<number>().as('n'),
      ])
      .where(
        'product_id',
        'in',
        products.map((p) => p.id),
      )
      .groupBy('product_id')
      .execute();
    const byProduct = new Map(reviews.map((r) => [r.product_id, r]));
    for (const product of products) {
      const stats = byProduct.get(product.id);
      expect(product.review_count).toBe(stats ? Number(stats.n) : 0);
      expect(product.rating).toBe(stats ? Math.round(Number(stats.average) * 2) / 2 : 0);
    }
    const dates = await db
      .selectFrom('reviews')
      .select((eb) => [eb.fn.min('created_at').as('oldest'), eb.fn.max('created_at').as('newest')])
      .executeTakeFirstOrThrow();
    const twoYears = 731 * 24 * 60 * 60 * 1000;
    expect(Date.now() - Date.parse(dates.oldest as string)).toBeLessThan(twoYears);
    expect(Date.parse(dates.newest as string)).toBeLessThanOrEqual(Date.now());
  });

  it('gives sellers a sign-in email and the documented demo password', async () => {
    const sellers = await server.database.db
      .selectFrom('sellers')
      .select(['email', 'password_hash'])
      .execute();
    for (const seller of sellers) expect(seller.email).toMatch(/^[a-z0-9-]+@sellers\.bazaar\.in$/);
    expect(await verify(sellers[0].password_hash!, DEMO_SELLER_PASSWORD)).toBe(true);
  });

  it('refuses to seed twice, skips with ifEmpty and replaces with reset', async () => {
    await expect(seedDatabase(server.database, { products: 10 })).rejects.toThrow(/--reset/);
    expect(await seedDatabase(server.database, { products: 10, ifEmpty: true })).toMatchObject({
      skipped: true,
    });
    expect(await count('products')).toBe(2000);
    const replaced = await seedDatabase(server.database, { products: 30, reset: true });
    expect(replaced.products).toBe(30);
    expect(await count('products')).toBe(30);
    expect(await count('categories')).toBe(39);
    // Ids start again from 1 after a reset.
    const first = await server.database.db
      .selectFrom('products')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(first.id).toBe(1);
  });

  it('builds the same catalogue from the same seed', async () => {
    const names = async () =>
      (
        await server.database.db
          .selectFrom('products')
          .select(['slug', 'price', 'discount'])
          .orderBy('id')
          .execute()
      ).map((r) => JSON.stringify(r));
    await seedDatabase(server.database, { products: 30, reset: true });
    const first = await names();
    await seedDatabase(server.database, { products: 30, reset: true });
    expect(await names()).toEqual(first);
  });
});
