import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productQuerySchema } from '@bazaar/shared';
import { seedDatabase } from '@bazaar/seed';
import {
  countByColumn,
  countByDiscountTens,
  countBySizeInStock,
  findProducts,
  type ProductFilter,
  type ProductOrder,
} from '../src/catalog/repository';
import { queryProducts } from '../src/catalog/service';
import type { Database } from '../src/db/schema';
import { migrateToLatest } from '../src/db/migrate';
import { openFreshDatabase, postgresUrl, testDialect } from './harness';

/**
 * How SQLite reads a listing page, from the statement the repository builds (EXPLAIN QUERY PLAN). At this size the
 * planner would walk the created_at index unhinted; what this holds is that the walk reads the price and rating from
 * the index (migration 030) and that price sorts keep the price index. The hint's effect at 100,000 products is in
 * docs/benchmarks.md. PostgreSQL plans from its own statistics (docs/query-plans.md); what the PostgreSQL block below
 * holds is that the statements whose plans went wrong for some values are planned well for any.
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

  /** A group's shelves (a top-level category and its subcategories), as a listing of the group filters by them. */
  const groupShelves = () => {
    const group = raw.prepare('select min(parent_id) as id from categories').get() as { id: number };
    const shelves = raw
      .prepare('select id from categories where parent_id = ? order by id')
      .all(group.id) as {
      id: number;
    }[];
    return [group.id, ...shelves.map((shelf) => shelf.id)];
  };

  it("walks each shelf's order index for a page of a group, unless the group matches few products", async () => {
    const filter = { categoryIds: groupShelves(), lowPrice: 500, highPrice: 3_000 };
    const indexOf = {
      newest: 'products_category_created_idx',
      popular: 'products_category_popularity_idx',
      'top-rated': 'products_category_rating_idx',
      discount: 'products_category_discount_idx',
    } as const;
    for (const [order, index] of Object.entries(indexOf)) {
      const plan = await pagePlan(filter, order as ProductOrder);
      const walks = plan.match(new RegExp(`COVERING INDEX ${index} \\(category_id=\\?\\)`, 'g')) ?? [];
      expect(walks.length, `${order}: ${plan}`).toBe(filter.categoryIds.length);
    }
    statements = [];
    await findProducts({ db: logged, dialect: 'sqlite' }, filter, 'popular', {
      limit: 12,
      offset: 48,
      fewMatches: true,
    });
    expect(planOf(statements[0])).not.toMatch(/UNION ALL/);
  });

  it("reads a group's pages shelf by shelf in the listing's order, ties and all", async () => {
    const filter = { categoryIds: groupShelves(), minRating: 1 };
    const rows = raw
      .prepare(
        `select id, review_count, rating, discount, created_at from products
         where visible = 1 and rating >= 1 and category_id in (${filter.categoryIds.join(',')})`,
      )
      .all() as { id: number; review_count: number; rating: number; discount: number; created_at: string }[];
    const by = (...keys: ((row: (typeof rows)[number]) => number | string)[]) =>
      [...rows]
        .sort((a, b) => {
          for (const key of keys) {
            const [x, y] = [key(a), key(b)];
            if (x !== y) return x < y ? 1 : -1;
          }
          return 0;
        })
        .map((row) => row.id);
    const expected = {
      newest: by(
        (row) => row.created_at,
        (row) => row.id,
      ),
      popular: by(
        (row) => row.review_count,
        (row) => row.rating,
        (row) => row.id,
      ),
      'top-rated': by(
        (row) => row.rating,
        (row) => row.review_count,
        (row) => row.id,
      ),
      discount: by(
        (row) => row.discount,
        (row) => row.review_count,
        (row) => row.id,
      ),
    };
    expect(rows.length).toBeGreaterThan(60);
    for (const [order, ids] of Object.entries(expected))
      for (const offset of [0, 12, 48]) {
        const page = await findProducts({ db: logged, dialect: 'sqlite' }, filter, order as ProductOrder, {
          limit: 12,
          offset,
        });
        expect(
          page.map((product) => product.id),
          `${order} from ${offset}`,
        ).toEqual(ids.slice(offset, offset + 12));
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

/**
 * PostgreSQL's plans of the statements a listing or search sends, through the catalogue service, each planned for its
 * values (a custom plan, as an unnamed statement is) and as a generic plan (as a prepared one may be after five runs).
 */
describe.skipIf(testDialect !== 'postgres')('listing and search plans on PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof openFreshDatabase>>;
  let logged: Kysely<Database>;
  let statements: { sql: string; parameters: readonly unknown[] }[] = [];

  beforeAll(async () => {
    fresh = await openFreshDatabase();
    await migrateToLatest(fresh.database.db, 'postgres');
    await seedDatabase(fresh.database, { products: 3_000 });
    await sql`vacuum analyze products`.execute(fresh.database.db);
    const pool = new pg.Pool({
      connectionString: postgresUrl,
      max: 1,
      options: `-c search_path=${fresh.config.databaseSchema} -c random_page_cost=1.1`,
    });
    logged = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => void statements.push(event.query),
    });
  });
  afterAll(async () => {
    await logged?.destroy();
    await fresh?.close();
  });

  /** The statements a listing query sends (each once). */
  async function statementsOf(query: Record<string, string>) {
    statements = [];
    await queryProducts({ db: logged, dialect: 'postgres' }, productQuerySchema.parse(query));
    return statements;
  }

  /** The plan of a statement as PostgreSQL makes it for its values (`custom`) or for any (`generic`). */
  async function planOf(
    statement: { sql: string; parameters: readonly unknown[] },
    mode: 'custom' | 'generic',
  ) {
    return logged.connection().execute(async (db) => {
      await sql`prepare planned as ${sql.raw(statement.sql)}`.execute(db);
      try {
        await sql`set plan_cache_mode = ${sql.raw(`force_${mode}_plan`)}`.execute(db);
        const values = sql.join(statement.parameters.map((value) => sql.lit(value)));
        const { rows } = await sql<{
          'QUERY PLAN': string;
        }>`explain (costs off) execute planned(${values})`.execute(db);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await sql`deallocate planned`.execute(db);
        await sql`reset plan_cache_mode`.execute(db);
      }
    });
  }

  it('reads a page filtered by a rare size as a set and sorts it, never walking a sort index past products without it', async () => {
    // The size fewest products have in stock (shoes: ~1 % of them), over the whole shop: planned for its values, the
    // page walked each order's index (a size bit test is estimated to keep nearly every product).
    const { rows } = await sql<{ size: string }>`
      select size from product_variants where size is not null and stock > 0
      group by size order by count(*), size limit 1`.execute(logged);
    for (const sort of ['newest', 'price-asc', 'rating']) {
      const page = (await statementsOf({ size: rows[0].size, sort })).find((statement) =>
        statement.sql.startsWith('select "products"."id" from'),
      );
      expect(page, sort).toBeDefined();
      for (const mode of ['custom', 'generic'] as const) {
        const plan = await planOf(page!, mode);
        expect(plan, `${sort}, ${mode}`).toMatch(/Sort[\s\S]*Subquery Scan/);
        expect(plan, `${sort}, ${mode}`).not.toMatch(/Incremental Sort|Index Scan( Backward)? using/);
      }
    }
  });

  it("counts a common word's first matches, and reads a category's matches, from the category search index", async () => {
    const searchStatements = async (query: Record<string, string>) =>
      (await statementsOf(query)).filter((statement) => statement.sql.includes('@@'));
    const [count] = (await searchStatements({ searchValue: 'cotton' })).filter((statement) =>
      statement.sql.startsWith('select count(*) as "total" from (select 1'),
    );
    expect(count).toBeDefined();
    expect(await planOf(count, 'custom')).toMatch(/Index Only Scan using products_category_search_idx/);
    const { rows } = await sql<{
      slug: string;
    }>`select slug from categories where parent_id is null order by id limit 1`.execute(logged);
    const [set] = (
      await searchStatements({ searchValue: 'cotton', category: rows[0].slug, sort: 'price-asc' })
    ).filter((statement) => statement.sql.startsWith('select "products"."id" from (select'));
    expect(set).toBeDefined();
    expect(await planOf(set, 'custom')).toMatch(/Index Only Scan using products_category_search_idx/);
  });
});
