/**
 * Migration 014 moves today's data forward: a database from before it (a product, a cart line, an order line) ends
 * with every product holding its stock in one default variant, the cart line and the order line pointing at it, and
 * the order line remembering the colour. Then the shop works on it as usual.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate';
import { openFreshDatabase, testDialect } from './harness';
import { insertShopAndCategory, MIGRATION_NOW as NOW, oldProduct } from './migration-fixtures';

describe(`migration 014: variants (${testDialect})`, () => {
  let fresh: Awaited<ReturnType<typeof openFreshDatabase>>;
  // The rows are written as the schema before 014 has them, which the current table types do not describe.
  let db: Kysely<any>;

  beforeAll(async () => {
    fresh = await openFreshDatabase();
    db = fresh.database.db as unknown as Kysely<any>;
    await migrateTo(db, fresh.database.dialect, '013_sessions');
    await insertShopAndCategory(db);
    await db
      .insertInto('products')
      .values([oldProduct(1, 7), oldProduct(2, 0)])
      .execute();
    await db
      .insertInto('customers')
      .values({ id: 1, name: 'Priya', email: 'priya@example.in', method: 'email', created_at: NOW })
      .execute();
    await db
      .insertInto('cart_items')
      .values({ customer_id: 1, product_id: 1, quantity: 2, created_at: NOW })
      .execute();
    await db
      .insertInto('customer_orders')
      .values({
        id: 1,
        order_code: 'BZ-2601-AAAAAA',
        customer_id: 1,
        price: 899,
        shipping_fee: 85,
        items: 1,
        payment_status: 'not paid',
        delivery_status: 'pending',
        shipping_name: 'Priya',
        shipping_phone: '9876543210',
        shipping_address: '12 MG Road',
        shipping_city: 'Pune',
        shipping_state: 'Maharashtra',
        shipping_pincode: '411001',
        idempotency_key: 'order:BZ-2601-AAAAAA',
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    await db
      .insertInto('seller_orders')
      .values({
        id: 1,
        customer_order_id: 1,
        seller_id: 1,
        shop_name: 'Roadster Store',
        price: 899,
        payment_status: 'not paid',
        delivery_status: 'pending',
        created_at: NOW,
      })
      .execute();
    await db
      .insertInto('order_items')
      .values({
        customer_order_id: 1,
        seller_order_id: 1,
        product_id: 1,
        name: 'Product 1',
        brand: 'Roadster',
        slug: 'product-1',
        image: '',
        price: 999,
        discount: 10,
        quantity: 1,
        category: 'Men',
        hsn_code: '6205',
      })
      .execute();
    await migrateToLatest(db, fresh.database.dialect);
  });
  afterAll(() => fresh?.close());

  it('gives every product one default variant holding its stock, and no size system or style', async () => {
    const variants = await db
      .selectFrom('product_variants')
      .select(['product_id', 'sku', 'size', 'position', 'stock'])
      .orderBy('product_id')
      .execute();
    expect(variants).toEqual([
      { product_id: 1, sku: 'P1', size: null, position: 0, stock: 7 },
      { product_id: 2, sku: 'P2', size: null, position: 0, stock: 0 },
    ]);
    const products = await db
      .selectFrom('products')
      .select(['id', 'stock', 'size_system', 'style_code'])
      .execute();
    expect(products).toEqual([
      { id: 1, stock: 7, size_system: null, style_code: null },
      { id: 2, stock: 0, size_system: null, style_code: null },
    ]);
  });

  it('points the cart line and the order line at it; the order line keeps the colour', async () => {
    const defaultOf1 = (
      await db
        .selectFrom('product_variants')
        .select('id')
        .where('product_id', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;
    expect(await db.selectFrom('cart_items').selectAll().execute()).toEqual([
      { id: 1, customer_id: 1, product_id: 1, variant_id: defaultOf1, quantity: 2, created_at: NOW },
    ]);
    expect(
      await db.selectFrom('order_items').select(['product_id', 'variant_id', 'size', 'colour']).execute(),
    ).toEqual([{ product_id: 1, variant_id: defaultOf1, size: null, colour: 'Olive' }]);
  });

  it('keeps cart lines one per variant: another size of a product is another line, the same variant is refused', async () => {
    const sized = await db
      .insertInto('product_variants')
      .values({ product_id: 2, sku: 'P2-M', size: 'M', position: 2, stock: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const defaultOf2 = (
      await db
        .selectFrom('product_variants')
        .select('id')
        .where('product_id', '=', 2)
        .where('size', 'is', null)
        .executeTakeFirstOrThrow()
    ).id;
    const line = (variantId: number) => ({
      customer_id: 1,
      product_id: 2,
      variant_id: variantId,
      quantity: 1,
      created_at: NOW,
    });
    await db
      .insertInto('cart_items')
      .values([line(sized.id), line(defaultOf2)])
      .execute();
    await expect(db.insertInto('cart_items').values(line(sized.id)).execute()).rejects.toThrow();
    // New lines get new ids after the line from before (SQLite's rebuilt table kept its sequence).
    const ids = (await db.selectFrom('cart_items').select('id').orderBy('id').execute()).map((row) => row.id);
    expect(ids).toEqual([1, expect.any(Number), expect.any(Number)]);
    expect(ids.slice(1).every((id: number) => id > 1)).toBe(true);
  });
});
