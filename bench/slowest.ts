/**
 * Where the catalogue's tail latency comes from: times every call of the bench's listing and product-page mixes
 * against a seeded database, straight through the service functions (no HTTP, no response cache), and prints
 * the distribution and the slowest calls. Point it at a bench database the way explain.ts is pointed:
 *
 *   SQLITE_PATH=/tmp/bazaar-bench-…/shop.db npx tsx bench/slowest.ts
 *   DATABASE_URL=postgres://… DATABASE_SCHEMA=bench npx tsx bench/slowest.ts
 */
import { productQuerySchema } from '@bazaar/shared';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database';
import * as catalog from '../apps/server/src/catalog/service';
import { loadFixtures } from './database';
import { listingPaths } from './scenarios';

interface Timing {
  call: string;
  ms: number;
}

async function timeCalls(calls: { call: string; run: () => Promise<unknown> }[]): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const { call, run } of calls) {
    const started = performance.now();
    await run();
    timings.push({ call, ms: performance.now() - started });
  }
  return timings;
}

export interface MixTimings {
  title: string;
  /** One line: calls, mean and percentiles in milliseconds. */
  summary: string;
  slowest: Timing[];
}

function summarise(title: string, timings: Timing[]): MixTimings {
  const sorted = [...timings].sort((a, b) => a.ms - b.ms);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].ms.toFixed(1);
  const mean = sorted.reduce((sum, t) => sum + t.ms, 0) / sorted.length;
  return {
    title,
    summary: `${sorted.length} calls, mean ${mean.toFixed(1)} ms, p50 ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)}, max ${at(1)} ms`,
    slowest: sorted.slice(-10).reverse(),
  };
}

/** Uncached call times of the listing and product-page mixes (what a cache miss or refresh costs). */
export async function uncachedTimings(handle: DatabaseHandle): Promise<MixTimings[]> {
  const ctx = { db: handle.db, dialect: handle.dialect };
  const fixtures = await loadFixtures(handle);
  const listing = listingPaths(fixtures).map((path) => ({
    call: path,
    run: () =>
      catalog.queryProducts(
        ctx,
        productQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams)),
      ),
  }));
  const product = fixtures.productSlugs.map((slug) => ({
    call: slug,
    run: () => catalog.productDetails(ctx, slug),
  }));
  // A first pass warms the page cache and the JIT; the second is the one reported.
  await timeCalls(listing);
  const listingTimes = summarise('Listing mix (query-products)', await timeCalls(listing));
  await timeCalls(product.slice(0, 100));
  return [listingTimes, summarise('Product pages (get-product)', await timeCalls(product))];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const handle = openDatabase(loadConfig());
  try {
    for (const mix of await uncachedTimings(handle)) {
      console.log(`\n### ${mix.title}: ${mix.summary}`);
      for (const { call, ms } of mix.slowest) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${call}`);
    }
  } finally {
    await handle.destroy();
  }
}
