import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogueWriteTracker } from './catalogueWrites';

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
