import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productQuerySchema, PRODUCTS_PER_PAGE } from '@bazaar/shared';
import { countProducts, findProducts, type ProductOrder } from '../src/catalog/repository';
import { queryProducts } from '../src/catalog/service';
import { seedDatabase } from '@bazaar/seed';
import { ApiClient, startTestServer, type TestServer } from './harness';

/** A search counts its matches only up to a cap, so a common word does not read every match twice. */
describe('search result counts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      prepare: (database) => seedDatabase(database, { products: 80 }).then(() => {}),
    });
  });
  afterAll(async () => server?.close());

  it('stop counting one past the cap, and count exactly below it', async () => {
    const ctx = { db: server.database.db, dialect: server.database.dialect };
    const filter = { search: [[{ concept: 'cotton', words: ['cotton'] }]] };
    const exact = await countProducts(ctx, filter);
    expect(exact).toBeGreaterThan(3);
    expect(await countProducts(ctx, filter, 3)).toBe(4);
    expect(await countProducts(ctx, filter, exact)).toBe(exact);
    expect(await countProducts(ctx, { ...filter, categoryIds: [] }, 3)).toBe(0);
  });

  it('read the same pages whether a search is read as common words (walking the sort index) or as a set (SQLite joins it, PostgreSQL reads its matches first)', async () => {
    const ctx = { db: server.database.db, dialect: server.database.dialect };
    const cotton = { search: [[{ concept: 'cotton', words: ['cotton'] }]] };
    const cottonCategories = [
      ...new Set((await findProducts(ctx, cotton, 'newest', { limit: 100 })).map((p) => p.category_id)),
    ];
    expect(cottonCategories.length).toBeGreaterThan(2);
    const filters = [
      cotton,
      { search: [[{ concept: 'kurta', words: ['kurta', 'kurti'] }], [{ concept: 'jean', words: ['jean'] }]] },
      {
        ...cotton,
        categoryIds: cottonCategories.slice(0, 3),
        excludeCategoryIds: cottonCategories.slice(0, 1),
      },
    ];
    const orders: ProductOrder[] = [
      'relevance',
      'price-asc',
      'price-desc',
      'newest',
      'discount',
      'top-rated',
    ];
    for (const filter of filters) {
      for (const order of orders) {
        for (const offset of [0, 5]) {
          const ids = async (commonWords: boolean) =>
            (await findProducts(ctx, filter, order, { limit: 7, offset, commonWords })).map((p) => p.id);
          const joined = await ids(false);
          if (offset === 0) expect(joined.length, JSON.stringify(filter)).toBeGreaterThan(0);
          expect(await ids(true), `${order} ${JSON.stringify(filter)}`).toEqual(joined);
        }
      }
    }
  });

  it('say in the answer whether the total is exact', async () => {
    const client = new ApiClient(server.baseUrl);
    const search = await client.get('/home/query-products?searchValue=cotton');
    expect(search.status).toBe(200);
    expect(search.body.totalProductCapped).toBe(false);
    expect(search.body.totalProduct).toBe(
      await countProducts(
        { db: server.database.db, dialect: server.database.dialect },
        { search: [[{ concept: 'cotton', words: ['cotton'] }]] },
      ),
    );
    const listing = await client.get('/home/query-products?category=mens');
    // Filters alone are counted exactly, and their answer keeps the spec's shape.
    expect(listing.body).not.toHaveProperty('totalProductCapped');
  });

  it('read no page past the last match of a search: its count (kept anyway) says the page is empty', async () => {
    const statements: string[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: (args) => {
        statements.push(server.database.db.getExecutor().compileQuery(args.node, args.queryId).sql);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const ctx = { db: server.database.db.withPlugin(recorder), dialect: server.database.dialect };
    const search = async (query: Record<string, string>) => {
      statements.length = 0;
      const answer = await queryProducts(ctx, productQuerySchema.parse({ searchValue: 'cotton', ...query }));
      const pages = statements.filter((text) => text.startsWith('select "products"."id" from'));
      return { ids: answer.products.map((p) => p._id), total: answer.totalProduct, pages: pages.length };
    };
    const shelves = await server.database.db
      .selectFrom('categories')
      .select('slug')
      .where('parent_id', 'is not', null)
      .execute();
    const totals = await Promise.all(
      shelves.map(async ({ slug }) => ({ slug, total: (await search({ category: slug })).total })),
    );
    const none = totals.find((shelf) => shelf.total === 0);
    const few = totals.find((shelf) => shelf.total > 0 && shelf.total <= PRODUCTS_PER_PAGE);
    expect(none, 'a shelf where "cotton" matches nothing').toBeDefined();
    expect(few, 'a shelf with one page of "cotton"').toBeDefined();

    expect(await search({ category: none!.slug })).toEqual({ ids: [], total: 0, pages: 0 });
    const first = await search({ category: few!.slug });
    expect(first.ids).toHaveLength(few!.total);
    expect(first.pages).toBe(1);
    for (const sortPrice of [undefined, 'low-to-high']) {
      const second = await search({ category: few!.slug, pageNumber: '2', ...(sortPrice && { sortPrice }) });
      expect(second).toEqual({ ids: [], total: few!.total, pages: 0 });
    }
  });
});
