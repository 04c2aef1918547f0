/**
 * Prints the query plans of the catalogue's hot queries on a seeded database, as recorded in
 * docs/query-plans.md. Each case runs the real service function; every SQL statement it issues is captured and
 * explained (EXPLAIN QUERY PLAN on SQLite, EXPLAIN ANALYZE on PostgreSQL, which also gives the timing).
 *
 *   npx tsx bench/explain.ts                       # SQLite file at SQLITE_PATH (or data/shop.db)
 *   DATABASE_URL=postgres://… DATABASE_SCHEMA=bench npx tsx bench/explain.ts
 *   npx tsx bench/explain.ts facets                # only the cases whose title names "facets"
 */
import type { CompiledQuery, KyselyPlugin, RootOperationNode } from 'kysely';
import { productQuerySchema } from '@bazaar/shared';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, sql, type DatabaseHandle } from '../apps/server/src/db/database';
import * as catalog from '../apps/server/src/catalog/service';

type Ctx = Parameters<typeof catalog.queryProducts>[0];

interface Case {
  title: string;
  run(ctx: Ctx): Promise<unknown>;
}

const listing = (query: Record<string, string>) => (ctx: Ctx) =>
  catalog.queryProducts(ctx, productQuerySchema.parse(query));

export const CASES: Case[] = [
  { title: 'Listing, no filter, newest first (page 1)', run: listing({}) },
  { title: 'Listing, group "mens" (all its subcategories), newest', run: listing({ category: 'mens' }) },
  {
    title: 'Listing, subcategory + price range, price low to high',
    run: listing({ category: 'kurtas', lowPrice: '500', highPrice: '2500', sortPrice: 'low-to-high' }),
  },
  {
    title: 'Listing, rating ≥ 4, price high to low',
    run: listing({ rating: '4', sortPrice: 'high-to-low' }),
  },
  { title: 'Listing, search "kurta" (relevance)', run: listing({ searchValue: 'kurta' }) },
  {
    title: 'Listing, search "shirt" (relevance, page 3)',
    run: listing({ searchValue: 'shirt', pageNumber: '3' }),
  },
  { title: 'Listing, search "dress" (type first, then DressBerry)', run: listing({ searchValue: 'dress' }) },
  { title: 'Listing, search "cotton" (no product type, relevance)', run: listing({ searchValue: 'cotton' }) },
  { title: 'Listing, search "jeens" (typo)', run: listing({ searchValue: 'jeens' }) },
  { title: 'Listing, search "kurta for women"', run: listing({ searchValue: 'kurta for women' }) },
  { title: 'Listing, search "shirt and jeans"', run: listing({ searchValue: 'shirt and jeans' }) },
  { title: 'Listing, rare search "bandhani"', run: listing({ searchValue: 'bandhani' }) },
  {
    title: 'Listing, broad search "cotton" + price low to high',
    run: listing({ searchValue: 'cotton', sortPrice: 'low-to-high' }),
  },
  { title: 'Listing, deepest allowed page', run: listing({ pageNumber: '100' }) },
  {
    title: 'Listing facets, whole shop, brand + colour',
    run: listing({ brand: 'Roadster', colour: 'Black', lowPrice: '100', highPrice: '9000' }),
  },
  {
    title: 'Listing facets, whole shop, colour + discount ≥ 30 %, popularity',
    run: listing({ colour: 'Navy Blue', discount: '30', sort: 'popularity' }),
  },
  {
    title: 'Listing facets, whole shop, brand + size in stock',
    run: listing({ brand: 'Roadster', size: 'M' }),
  },
  {
    title: 'Listing facets, whole shop, size + colour',
    run: listing({ size: 'L', colour: 'Black', lowPrice: '100', highPrice: '9000' }),
  },
  {
    title: 'Listing facets, group "women" + brand',
    run: listing({ category: 'women', brand: 'Libas' }),
  },
  { title: 'Header suggestions for "sh"', run: (ctx) => catalog.searchSuggestions(ctx, 'sh') },
  { title: 'Home rails (home-page-product-listing)', run: (ctx) => catalog.homeProductGroups(ctx) },
  {
    title: 'Product page (by slug) with its carousels',
    run: async (ctx) => catalog.productDetails(ctx, await firstSlug(ctx)),
  },
];

async function firstSlug(ctx: Ctx): Promise<string> {
  const row = await ctx.db
    .selectFrom('products')
    .select('slug')
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.slug;
}

/** Runs `work` against a copy of the database handle that records every statement it sends. */
async function capture(
  handle: DatabaseHandle,
  work: (ctx: Ctx) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const nodes: RootOperationNode[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: (args) => (nodes.push(args.node), args.node),
    transformResult: async (args) => args.result,
  };
  const db = handle.db.withPlugin(recorder);
  await work({ db, dialect: handle.dialect });
  const seen = new Map<string, CompiledQuery>();
  for (const node of nodes) {
    const compiled = db.getExecutor().compileQuery(node, { queryId: 'explain' });
    if (!seen.has(compiled.sql)) seen.set(compiled.sql, compiled);
  }
  // Kysely hands plugins each subquery of a statement too (the branches of a UNION ALL): keep whole statements.
  // (PostgreSQL numbers its placeholders per statement, so compare the texts without the numbers.)
  const statements = [...seen.values()];
  const text = (query: CompiledQuery) => query.sql.replace(/\$\d+/g, '$');
  return statements.filter(
    (query) => !statements.some((other) => other !== query && text(other).includes(text(query))),
  );
}

const MAX_PLAN_LINES = 80;

/**
 * The best and the median wall time of `run` over a few warm runs, in milliseconds. On a machine others share, the
 * best is the steadier figure: load only ever adds to it.
 */
async function timed(run: () => Promise<unknown>, runs = 9): Promise<string> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `best ${times[0].toFixed(2)} ms, median ${times[Math.floor(runs / 2)].toFixed(2)} ms of ${runs}`;
}

export async function explainAll(
  handle: DatabaseHandle,
  print: (line: string) => void,
  only?: string,
): Promise<void> {
  for (const item of CASES.filter((entry) => !only || entry.title.toLowerCase().includes(only))) {
    print(`\n### ${item.title}\n`);
    print(
      `Whole call (every statement below, uncached): ${await timed(() => item.run({ db: handle.db, dialect: handle.dialect }))}\n`,
    );
    for (const query of await capture(handle, item.run)) {
      const prefix =
        handle.dialect === 'sqlite' ? 'explain query plan ' : 'explain (analyze, costs off, summary on) ';
      const explain = sql.raw(prefix + query.sql).compile(handle.db);
      const result = await handle.db.executeQuery<Record<string, unknown>>({
        ...explain,
        parameters: query.parameters,
      });
      print('```sql\n' + query.sql + '\n```');
      print(`Statement alone: ${await timed(() => handle.db.executeQuery(query))}\n`);
      const lines =
        handle.dialect === 'sqlite'
          ? result.rows.map((row) => String(row.detail))
          : result.rows.map((row) => String(row['QUERY PLAN']));
      // A UNION ALL of one list per shelf (the home rails) repeats one small plan per branch: show the first few.
      const shown =
        lines.length > MAX_PLAN_LINES
          ? [
              ...lines.slice(0, MAX_PLAN_LINES),
              `… ${lines.length - MAX_PLAN_LINES} more lines of the same shape`,
            ]
          : lines;
      print('```\n' + shown.join('\n') + '\n```');
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const handle = openDatabase(loadConfig());
  try {
    await explainAll(handle, console.log, process.argv[2]?.toLowerCase());
  } finally {
    await handle.destroy();
  }
}
