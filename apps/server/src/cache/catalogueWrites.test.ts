import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CatalogueWriteTracker,
  catalogueChangeOf,
  catalogueWritesOf,
  combinedChange,
  type CatalogueChange,
} from './catalogueWrites';

describe('CatalogueWriteTracker', () => {
  let tracker: CatalogueWriteTracker;
  let db: Kysely<Record<string, { id: number; stock: number }>>;
  let heard: number;

  beforeEach(async () => {
    tracker = new CatalogueWriteTracker();
    db = new Kysely({
      dialect: new SqliteDialect({ database: new Database(':memory:') }),
      plugins: [tracker.plugin],
    });
    await sql`create table products (id integer primary key, stock integer)`.execute(db);
    await sql`create table carts (id integer primary key, stock integer)`.execute(db);
    heard = 0;
    tracker.onWrite(() => (heard += 1));
  });
  afterEach(() => db.destroy());

  it('hears writes to catalogue tables, not reads or other tables', async () => {
    await db.insertInto('products').values({ id: 1, stock: 5 }).execute();
    await db.updateTable('products').set({ stock: 4 }).where('id', '=', 1).execute();
    expect(heard).toBe(2);
    await db.selectFrom('products').selectAll().execute();
    await db.insertInto('carts').values({ id: 1, stock: 1 }).execute();
    expect(heard).toBe(2);
  });

  it('tells listeners again once work outside a request has committed what it wrote', async () => {
    await tracker.settledAfter(() =>
      db.transaction().execute((trx) => trx.updateTable('products').set({ stock: 9 }).execute()),
    );
    // Once when the statement ran (before commit), once after the work finished.
    expect(heard).toBe(2);

    await tracker.settledAfter(() => db.selectFrom('products').selectAll().execute());
    expect(heard).toBe(2);

    const failing = tracker.settledAfter(async () => {
      await db.insertInto('products').values({ id: 2, stock: 1 }).execute();
      throw new Error('job failed half-way');
    });
    await expect(failing).rejects.toThrow('job failed half-way');
    expect(heard).toBe(4);
  });
});

describe('catalogueChangeOf', () => {
  const db = new Kysely<{
    products: { id: number; stock: number; rating: number };
    product_variants: { id: number; product_id: number; stock: number; size: string | null };
    categories: { id: number; name: string };
    banners: { id: number; heading: string };
  }>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  afterAll(() => db.destroy());

  it('reads an update of nothing but stock on rows named by id as a stock change of those products', () => {
    const take = db
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '-', 2) }))
      .where('id', '=', 7)
      .where('stock', '>=', 2);
    expect(catalogueChangeOf(take.toOperationNode())).toEqual({ kind: 'stock', productIds: [7] });
    const giveBack = db.updateTable('products').set({ stock: 3 }).where('id', 'in', [4, 5]);
    expect(catalogueChangeOf(giveBack.toOperationNode())).toEqual({ kind: 'stock', productIds: [4, 5] });
  });

  it("leaves a variant's stock change to its product's, which the same transaction always makes", () => {
    const take = db
      .updateTable('product_variants')
      .set((eb) => ({ stock: eb('stock', '-', 2) }))
      .where('id', '=', 70)
      .where('product_id', '=', 7)
      .where('stock', '>=', 2);
    expect(catalogueChangeOf(take.toOperationNode())).toBeUndefined();
    // A new size, or a size renamed, is a change of what the catalogue shows.
    const whole = { kind: 'catalogue' };
    const rename = db.updateTable('product_variants').set({ size: 'XL' }).where('id', '=', 70);
    expect(catalogueChangeOf(rename.toOperationNode())).toEqual(whole);
    const added = db.insertInto('product_variants').values({ id: 71, product_id: 7, stock: 1, size: 'S' });
    expect(catalogueChangeOf(added.toOperationNode())).toEqual(whole);
  });

  it('counts any other catalogue write as a change of the whole catalogue', () => {
    const whole = { kind: 'catalogue' };
    const rating = db.updateTable('products').set({ rating: 1 }).where('id', '=', 7);
    expect(catalogueChangeOf(rating.toOperationNode())).toEqual(whole);
    const stockAndRating = db.updateTable('products').set({ stock: 1, rating: 2 }).where('id', '=', 7);
    expect(catalogueChangeOf(stockAndRating.toOperationNode())).toEqual(whole);
    const everyProduct = db.updateTable('products').set({ stock: 0 }).where('stock', '<', 0);
    expect(catalogueChangeOf(everyProduct.toOperationNode())).toEqual(whole);
    const either = db
      .updateTable('products')
      .set({ stock: 0 })
      .where((eb) => eb.or([eb('id', '=', 1), eb('stock', '<', 0)]));
    expect(catalogueChangeOf(either.toOperationNode())).toEqual(whole);
    const rename = db.updateTable('categories').set({ name: 'Kurtas' }).where('id', '=', 1);
    expect(catalogueChangeOf(rename.toOperationNode())).toEqual(whole);
    expect(catalogueChangeOf(db.deleteFrom('products').where('id', '=', 1).toOperationNode())).toEqual(whole);
    expect(catalogueChangeOf(db.selectFrom('products').selectAll().toOperationNode())).toBeUndefined();
  });

  it('reads a write of nothing but the banners as a banner change, which only the banner call shows', () => {
    const edit = db.updateTable('banners').set({ heading: 'Diwali Edit' }).where('id', '=', 1);
    expect(catalogueChangeOf(edit.toOperationNode())).toEqual({ kind: 'banners' });
    expect(catalogueChangeOf(db.deleteFrom('banners').where('id', '=', 1).toOperationNode())).toEqual({
      kind: 'banners',
    });
    expect(combinedChange([{ kind: 'banners' }, { kind: 'banners' }])).toEqual({ kind: 'banners' });
    // Mixed with stock or anything else, the whole catalogue: rare, and safe.
    expect(combinedChange([{ kind: 'banners' }, { kind: 'stock', productIds: [1] }])).toEqual({
      kind: 'catalogue',
    });
  });

  it("hears from a transaction's write path that sizes moved, saying where the product is listed", async () => {
    const tracker = new CatalogueWriteTracker();
    const tracked = new Kysely<{ products: { id: number; stock: number } }>({
      dialect: new SqliteDialect({ database: new Database(':memory:') }),
      plugins: [tracker.plugin],
    });
    await sql`create table products (id integer primary key, stock integer)`.execute(tracked);
    const heard: CatalogueChange[] = [];
    tracker.onWrite((change) => heard.push(change));
    const biba = { categoryId: 11, brand: 'Biba', colour: 'Black' };
    const start = tracker.writes;
    await tracked.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ stock: 2 }).where('id', '=', 8).execute();
      catalogueWritesOf(trx)?.sizesMoved(7, biba, { backInStock: false });
    });
    expect(heard).toEqual([
      { kind: 'stock', productIds: [8] },
      { kind: 'stock', productIds: [7], sizesMovedIn: [biba] },
    ]);
    tracker.sizesMoved(7, biba, { backInStock: true });
    expect(heard[2]).toEqual({ kind: 'stock', productIds: [7], sizesMovedIn: [biba], backInStockIn: [11] });
    // What a request re-announces once it has committed: where sizes moved, once.
    expect(tracker.changesSince(start)).toEqual({
      kind: 'stock',
      productIds: [8, 7],
      sizesMovedIn: [biba],
      backInStockIn: [11],
    });
    // A handle no tracker watches has none to tell.
    expect(
      catalogueWritesOf(new Kysely({ dialect: new SqliteDialect({ database: new Database(':memory:') }) })),
    ).toBeUndefined();
    await tracked.destroy();
  });

  it('tells each request what was written since it began, up to what it remembers', async () => {
    const tracker = new CatalogueWriteTracker();
    const tracked = new Kysely<{ products: { id: number; stock: number; rating: number } }>({
      dialect: new SqliteDialect({ database: new Database(':memory:') }),
      plugins: [tracker.plugin],
    });
    await sql`create table products (id integer primary key, stock integer, rating integer)`.execute(tracked);
    await tracked.insertInto('products').values({ id: 1, stock: 5, rating: 3 }).execute();
    const start = tracker.writes;
    await tracked.updateTable('products').set({ stock: 4 }).where('id', '=', 1).execute();
    await tracked.updateTable('products').set({ stock: 3 }).where('id', '=', 2).execute();
    expect(tracker.changesSince(start)).toEqual({ kind: 'stock', productIds: [1, 2] });
    await tracked.updateTable('products').set({ rating: 4 }).where('id', '=', 1).execute();
    expect(tracker.changesSince(start)).toEqual({ kind: 'catalogue' });
    expect(tracker.changesSince(-5_000)).toEqual({ kind: 'catalogue' });
    await tracked.destroy();
  });
});
