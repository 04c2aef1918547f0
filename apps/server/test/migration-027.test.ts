/**
 * Migration 027 moves today's data forward: products and variants from before it get their sizes in stock (a sized
 * product with a sold-out size, a product without sizes), and from then on the triggers keep them.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate';
import { openFreshDatabase, testDialect } from './harness';
import { insertShopAndCategory, oldProduct } from './migration-fixtures';
import { productsWithStaleSizesInStock, sizesInStockOf } from './variant-fixtures';

describe(`migration 027: sizes in stock (${testDialect})`, () => {
  let fresh: Awaited<ReturnType<typeof openFreshDatabase>>;
  // The rows are written as the schema before 027 has them, which the current table types do not describe.
  let db: Kysely<any>;

  beforeAll(async () => {
    fresh = await openFreshDatabase();
    db = fresh.database.db as unknown as Kysely<any>;
    await migrateTo(db, fresh.database.dialect, '024_returns_refunds');
    await insertShopAndCategory(db);
    await db
      .insertInto('products')
      .values([
        { ...oldProduct(1, 7), size_system: 'waist' },
        { ...oldProduct(2, 3), size_system: null },
      ])
      .execute();
    await db
      .insertInto('product_variants')
      .values([
        { product_id: 1, sku: 'P1-30', size: '30', position: 0, stock: 0 },
        { product_id: 1, sku: 'P1-32', size: '32', position: 1, stock: 4 },
        { product_id: 1, sku: 'P1-34', size: '34', position: 2, stock: 3 },
        { product_id: 2, sku: 'P2', size: null, position: 0, stock: 3 },
      ])
      .execute();
    await migrateToLatest(db, fresh.database.dialect);
  });
  afterAll(() => fresh?.close());

  it('gives existing products the sizes they have in stock, and none to a product without sizes', async () => {
    expect(await sizesInStockOf(db, 1)).toEqual(['32', '34']);
    expect(await sizesInStockOf(db, 2)).toEqual([]);
    expect(await productsWithStaleSizesInStock(db)).toEqual([]);
  });

  it('keeps them from then on', async () => {
    await db.updateTable('product_variants').set({ stock: 2 }).where('sku', '=', 'P1-30').execute();
    await db.updateTable('product_variants').set({ stock: 0 }).where('sku', '=', 'P1-34').execute();
    expect(await sizesInStockOf(db, 1)).toEqual(['30', '32']);
    expect(await productsWithStaleSizesInStock(db)).toEqual([]);
  });
});
