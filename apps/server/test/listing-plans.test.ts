import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '@bazaar/seed';
import {
  countByColumn,
  countByDiscountTens,
  countBySizeInStock,
  findProducts,
  type ProductFilter,
  type ProductOrder,
} from '../src/catalog/repository';
import type { Database } from '../src/db/schema';
import { migrateToLatest } from '../src/db/migrate';
import { openFreshDatabase, testDialect } from './harness';

/**
 * How SQLite reads a listing page, from the statement the repository builds (EXPLAIN QUERY PLAN). At this size the
 * planner would walk the created_at index unhinted; what this holds is that the walk reads the price and rating from
 * the index (migration 030) and that price sorts keep the price index. The hint's effect at 100,000 products is in
 * docs/benchmarks.md. PostgreSQL plans from its own statistics (docs/query-plans.md).
 */
describe.skipIf(testDialect !== 'sqlite')('listing page plans on SQLite', () => {
  let fresh: Awaited<ReturnType<typeof openFreshDatabase>>;
  let logged: Kysely<Database>;
  let raw: SQLite.Database;
  let statements: { sql: string; parameters: readonly unknown[] }[] = [];

  beforeAll(async () => {
    fresh = await openFreshDatabase();
    await migrateToLatest(fresh.database.db, 'sqlite');
    await seedDatabase(fresh.database, { products: 3_000 });
    await sql`analyze`.execute(fresh.database.db);
    raw = new SQLite(fresh.config.sqlitePath, { readonly: true });
    logged = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SQLite(fresh.config.sqlitePath, { readonly: true }) }),
      log: (event) => void statements.push(event.query),
    });
  });
  afterAll(async () => {
    raw?.close();
    await logged?.destroy();
    await fresh?.close();
  });

  const planOf = (statement: { sql: string; parameters: readonly unknown[] }) =>
    (raw.prepare(`explain query plan ${statement.sql}`).all(...statement.parameters) as { detail: string }[])
      .map((row) => row.detail)
      .join(' | ');

  async function pagePlan(filter: ProductFilter, order: ProductOrder): Promise<string> {
    statements = [];
    await findProducts({ db: logged, dialect: 'sqlite' }, filter, order, { limit: 12, offset: 48 });
    const page = statements.find((statement) => statement.sql.startsWith('select "products"."id" from'));
    expect(page, 'the page ids statement').toBeDefined();
    return planOf(page!);
  }

  const categoryId = () =>
    (
      raw.prepare('select category_id from products group by category_id order by count(*) desc').get() as {
        category_id: number;
      }
    ).category_id;

  it('walks the created_at index, price and rating read from it, for a newest page with a price band', async () => {
    const band = { lowPrice: 500, highPrice: 3_000, minRating: 1 };
    expect(await pagePlan({ ...band, categoryIds: [categoryId()] }, 'newest')).toMatch(
      /COVERING INDEX products_category_created_idx/,
    );
    expect(await pagePlan(band, 'newest')).toMatch(/COVERING INDEX products_created_idx/);
  });

  it("walks each order's own index in a category, price and rating read from it, for a page with a price band", async () => {
    const filter = { lowPrice: 500, highPrice: 3_000, minRating: 1, categoryIds: [categoryId()] };
    const indexOf = {
      popular: 'products_category_popularity_idx',
      'top-rated': 'products_category_rating_idx',
      discount: 'products_category_discount_idx',
    } as const;
    for (const [order, index] of Object.entries(indexOf)) {
      expect(await pagePlan(filter, order as ProductOrder), order).toMatch(
        new RegExp(`COVERING INDEX ${index}`),
      );
    }
  });

  it('still reads a price-sorted page from the price index', async () => {
    expect(
      await pagePlan({ lowPrice: 500, highPrice: 3_000, categoryIds: [categoryId()] }, 'price-asc'),
    ).toMatch(/products_category_selling_price_rating_idx/);
  });

  it('sorts the matches of facet values in a category, read from a covering facet index, rather than walking the category', async () => {
    const size = (raw.prepare('select size from size_bits order by id limit 1').get() as { size: string })
      .size;
    const colour = (
      raw.prepare('select colour from products group by colour order by count(*) limit 1').get() as {
        colour: string;
      }
    ).colour;
    const filter = { categoryIds: [categoryId()], colours: [colour], sizes: [size] };
    for (const order of ['newest', 'price-asc', 'popular'] as const) {
      const plan = await pagePlan(filter, order);
      expect(plan, order).toMatch(/COVERING INDEX products_\w+_facets_idx/);
      expect(plan, order).not.toMatch(/category_created|category_selling_price|category_popularity/);
    }
  });

  it('reads facet counts under a price band from a facet index, the band compared from its entries', async () => {
    const ctx = { db: logged, dialect: 'sqlite' as const };
    const band = { lowPrice: 300, highPrice: 9_000 };
    const group = (
      raw
        .prepare('select id from categories where parent_id = (select min(parent_id) from categories)')
        .all() as {
        id: number;
      }[]
    ).map((row) => row.id);
    const size = (raw.prepare('select size from size_bits order by id limit 1').get() as { size: string })
      .size;
    const counts = [
      () => countByColumn(ctx, { ...band, minDiscount: 30 }, 'brand'),
      () => countByColumn(ctx, { ...band, sizes: [size], categoryIds: group }, 'colour'),
      () => countBySizeInStock(ctx, { ...band, minRating: 1 }),
      () => countByDiscountTens(ctx, band),
    ];
    for (const count of counts) {
      statements = [];
      await count();
      expect(statements).toHaveLength(1);
      const plan = planOf(statements[0]);
      // A facet index, or for discount counts one of migration 033's discount indexes, which hold the price and rating.
      expect(plan, statements[0].sql).toMatch(
        /COVERING INDEX products_(\w+_facets|(category_)?discount)_idx/,
      );
      expect(plan).not.toMatch(/selling_price/);
    }
  });
});
