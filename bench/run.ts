/**
 * npm run bench [-- --db sqlite|postgres|both] [--quick] [--duration S] [--connections N] [--no-lighthouse]
 *                 [--no-call-timings] [--workers N]
 *                 [--only listing,product,home,suggestions,cart,orders,mixed,listing-miss,product-miss,search-miss,facet-miss,facet-fresh]
 *
 * Seeds a separate database per dialect (100,000 products, 20,000 customers), starts the production server
 * on it, drives the scenarios with autocannon over loopback, compares them with a bare Fastify route (the
 * ceiling) and prints the web budgets. Cached reads (a–d) are measured with every URL cached first; the
 * mixed scenario (g) and the miss scenarios (h–l) each start on a fresh server, so their figures owe nothing
 * to a cache filled beforehand. It reports; it never fails because something was slow.
 *
 * `--workers N` (N > 1) runs the server as `npm run start:cluster` does on a machine of N cores (N processes sharing
 * the port, Redis carrying the response cache and its invalidation, as docs/deployment.md prescribes), and the
 * ceiling as N bare Fastify processes the same way, so both sides of the comparison use the same cores.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { compiledServer } from '../apps/server/test/compiledServer';
import { sql } from '../apps/server/src/db/database';
import type { Dialect } from '../apps/server/src/db/database';
import { prepareBenchDatabase, type BenchDatabase } from './database';
import { drive, type LoadResult, type LoadSettings } from './load';
import { startProcess, type RunningProcess } from './processes';
import { BROWSER_ACCEPT_ENCODING, buildScenarios, type OrderCounters, type Scenario } from './scenarios';
import { HOME_JS_BUDGET_BYTES, homeInitialLoad, lighthouseScores, sellerCenterPages } from './web';
import { uncachedTimings, type MixTimings } from './slowest';

function timeUncachedCalls(handle: BenchDatabase['handle']): Promise<MixTimings[]> {
  log('  timing uncached listing and product calls …');
  return uncachedTimings(handle);
}

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    connections: { type: 'string', default: '50' },
    'no-lighthouse': { type: 'boolean', default: false },
    /** Skips timing every call of the listing and product mixes without HTTP (minutes on a busy machine). */
    'no-call-timings': { type: 'boolean', default: false },
    /** Comma-separated scenario keys, to look at one part while working on it (the committed run uses all). */
    only: { type: 'string' },
    /** Server processes (node:cluster, sharing Redis); 1 runs main.js alone. */
    workers: { type: 'string', default: '1' },
  },
});
const dialects: Dialect[] =
  values.db === 'both'
    ? ['sqlite', 'postgres']
    : values.db === 'sqlite' || values.db === 'postgres'
      ? [values.db]
      : [];
if (!dialects.length) {
  console.error('--db must be sqlite, postgres or both');
  process.exit(2);
}
const quick = values.quick;
const workers = Number(values.workers);
if (!Number.isInteger(workers) || workers < 1) {
  console.error('--workers must be a whole number of at least 1');
  process.exit(2);
}
const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const onlyScenarios = values.only ? new Set(values.only.split(',').map((key) => key.trim())) : undefined;
const settings: LoadSettings = {
  connections: Number(values.connections),
  durationSeconds: Number(values.duration ?? (quick ? 3 : 10)),
};
const size = quick ? { products: 10_000, customers: 2_000 } : { products: 100_000, customers: 20_000 };
const JWT_SECRET = 'bench-only-secret-' + Date.now();
const WARM_UP_SECONDS = quick ? 1 : 3;

/** Production server settings for the bench: quiet logs, sign-in limits out of the way, no background expiry. */
const serverEnv = {
  NODE_ENV: 'production',
  JWT_SECRET,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_LOGIN_PER_IP: '1000000',
  RATE_LIMIT_LOGIN_PER_EMAIL: '1000000',
  RATE_LIMIT_OTP_PER_IP: '1000000',
  RATE_LIMIT_VERIFY_OTP_PER_IP: '1000000',
  RESERVATION_JOB_INTERVAL_SECONDS: '86400',
};

const log = (line = '') => console.log(line);
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

function machine(): string[] {
  const memory = (() => {
    try {
      return execSync('free -h', { encoding: 'utf8' }).split('\n')[1].trim().split(/\s+/)[1];
    } catch {
      return `${(os.totalmem() / 2 ** 30).toFixed(1)}Gi`;
    }
  })();
  return [
    `Date: ${new Date().toISOString()}`,
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${memory} memory, Node ${process.version}`,
    `Load average at start (1/5/15 min): ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' / ')}`,
    `Settings: ${settings.connections} connections, ${settings.durationSeconds} s per scenario, ` +
      `${size.products.toLocaleString('en-IN')} products, ${size.customers.toLocaleString('en-IN')} customers, ` +
      (workers > 1
        ? `${workers} server processes (start:cluster with Redis; the ceiling as ${workers} processes too)`
        : 'one server process'),
  ];
}

async function measureCeiling(): Promise<LoadResult> {
  const ceiling = await startProcess(
    ['--import', 'tsx', 'bench/ceiling.ts'],
    { CEILING_WORKERS: String(workers) },
    '/ceiling',
  );
  try {
    return await drive(
      'ceiling: bare Fastify, fixed JSON',
      ceiling.baseUrl,
      [{ build: () => ({ path: '/ceiling' }) }],
      settings,
    );
  } finally {
    await ceiling.stop();
  }
}

/**
 * The answer ceiling of each miss scenario: bare Fastify serving one real answer of it (taken from the server) from
 * memory, compressed per request as a miss is. No implementation can serve that answer uncached faster than this,
 * so its share of the bare ceiling bounds what the scenario's share target can be.
 */
async function measureAnswerCeilings(
  serverUrl: string,
  scenarios: Scenario[],
): Promise<Map<string, LoadResult>> {
  const sampled = scenarios.filter((scenario) => scenario.samplePaths?.length);
  const measured = new Map<string, LoadResult>();
  if (!sampled.length) return measured;
  const answers: Record<string, string> = {};
  for (const scenario of sampled) {
    // The answer of median size among the scenario's first URLs: the first alone may be an empty page.
    const texts: string[] = [];
    for (const samplePath of scenario.samplePaths!)
      texts.push(await (await fetch(serverUrl + samplePath)).text());
    texts.sort((a, b) => a.length - b.length);
    answers[scenario.key] = texts[Math.floor(texts.length / 2)];
  }
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-answers-')), 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const ceiling = await startProcess(
    ['--import', 'tsx', 'bench/ceiling.ts'],
    { CEILING_WORKERS: String(workers), CEILING_ANSWERS: file },
    '/ceiling',
  );
  try {
    for (const scenario of sampled) {
      const name = `answer ceiling of ${scenario.name.split(' ')[0]}: bare Fastify, one of its answers from memory (${(answers[scenario.key].length / 1024).toFixed(1)} KB), compressed per request`;
      const steps = [
        { build: () => ({ path: `/ceiling/${scenario.key}`, headers: BROWSER_ACCEPT_ENCODING }) },
      ];
      await drive(name, ceiling.baseUrl, steps, { ...settings, durationSeconds: WARM_UP_SECONDS });
      measured.set(scenario.key, await drive(name, ceiling.baseUrl, steps, settings));
    }
  } finally {
    await ceiling.stop();
  }
  return measured;
}

/** Stock never negative, and every unit that left stock is in an order line (and nothing more). */
async function checkOversell(database: BenchDatabase): Promise<{ ok: boolean; detail: string }> {
  const { db } = database.handle;
  const ids = database.fixtures.orderProducts.map((p) => p.id);
  const initial = database.fixtures.orderProducts.reduce((total, p) => total + p.stock, 0);
  const stock = await db.selectFrom('products').select(['stock']).where('id', 'in', ids).execute();
  const remaining = stock.reduce((total, row) => total + row.stock, 0);
  const negative = stock.filter((row) => row.stock < 0).length;
  const ordered = await db
    .selectFrom('order_items')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), sql<number>`0`).as('units'))
    .where('product_id', 'in', ids)
    .executeTakeFirstOrThrow();
  const units = Number(ordered.units);
  const ok = negative === 0 && units === initial - remaining;
  return {
    ok,
    detail:
      `stock ${initial} → ${remaining} (${negative} negative); ordered units ${units}; ` +
      (ok ? 'zero oversell' : 'MISMATCH: stock decrease differs from ordered units'),
  };
}

interface DialectReport {
  dialect: Dialect;
  ceiling: LoadResult;
  results: LoadResult[];
  orders: OrderCounters & {
    perSecond: number;
    attemptedPerSecond: number;
    oversell: { ok: boolean; detail: string };
  };
  /** What a cache miss costs: the listing and product mixes timed call by call, without HTTP or cache. */
  uncached: MixTimings[];
  /** Target lines of the scenarios that judge themselves (mixed, uncached). */
  scenarioTargets: string[];
}

/** Asks for every URL once (a few at a time), so the measured run starts with each of them cached. */
async function fillResponseCache(baseUrl: string, paths: string[]): Promise<void> {
  const queue = [...paths];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const response = await fetch(baseUrl + path, { headers: BROWSER_ACCEPT_ENCODING });
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

async function benchDialect(dialect: Dialect): Promise<DialectReport> {
  log(`\n== ${dialect}: preparing the database`);
  const database = await prepareBenchDatabase(dialect, size, log);
  let server: RunningProcess | undefined;
  try {
    // Bulk-loaded PostgreSQL tables have no visibility map until vacuumed; a live shop's autovacuum keeps one.
    if (dialect === 'postgres') await sql`vacuum analyze`.execute(database.handle.db);
    const ceiling = await measureCeiling();
    log(`  ceiling: ${Math.round(ceiling.requestsPerSecond)} req/s`);
    let started = 0;
    const serverFor = () =>
      workers > 1
        ? startProcess(
            [serverCluster],
            {
              ...serverEnv,
              ...database.env,
              CLUSTER_WORKERS: String(workers),
              REDIS_URL: BENCH_REDIS_URL,
              // A fresh server must start with an empty shared cache too: each start gets keys of its own.
              REDIS_KEY_PREFIX: `bench-${process.pid}-${dialect}-${++started}`,
            },
            '/api/health',
          )
        : startProcess([serverMain], { ...serverEnv, ...database.env }, '/api/health');
    server = await serverFor();
    const orders: OrderCounters = { created: 0, soldOut: 0, paid: 0 };
    const results: LoadResult[] = [];
    const scenarioTargets: string[] = [];
    const scenarios = buildScenarios(database.fixtures, JWT_SECRET, orders).filter(
      (scenario) => !onlyScenarios || onlyScenarios.has(scenario.key),
    );
    const answerCeilings = await measureAnswerCeilings(server.baseUrl, scenarios);
    for (const result of answerCeilings.values())
      log(`  ${result.name}: ${Math.round(result.requestsPerSecond)} req/s`);
    for (const scenario of scenarios) {
      if (scenario.freshServer) {
        await server.stop();
        server = await serverFor();
      }
      if (scenario.readOnly || scenario.freshServer) {
        // Steady state: JIT-compiled code and warm database pages, as in a live shop; cached scenarios also
        // start with every URL cached. The warm-up of the others is their own traffic, counted apart.
        log(`  warming up ${scenario.name} …`);
        if (scenario.paths) await fillResponseCache(server.baseUrl, scenario.paths);
        await drive(scenario.name, server.baseUrl, scenario.steps, {
          ...settings,
          durationSeconds: scenario.warmUpRequests ? 600 : WARM_UP_SECONDS,
          requests: scenario.warmUpRequests,
        });
        scenario.reset?.();
      }
      log(`  running ${scenario.name} …`);
      const result = await drive(scenario.name, server.baseUrl, scenario.steps, settings);
      result.notes.push(...(scenario.report?.(settings.durationSeconds) ?? []));
      if (scenario.cache && !scenario.report) result.notes.push(scenario.cache.describe());
      results.push(result);
      const answerCeiling = answerCeilings.get(scenario.key);
      if (answerCeiling) results.push(answerCeiling);
      const target = scenario.target?.(result, ceiling.requestsPerSecond, settings.durationSeconds);
      if (target)
        scenarioTargets.push(
          answerCeiling
            ? `${target}; its answer served from memory, compressed, reaches ${((answerCeiling.requestsPerSecond / ceiling.requestsPerSecond) * 100).toFixed(0)} % of the ceiling`
            : target,
        );
    }
    if (dialect === 'sqlite' && !values['no-lighthouse']) await reportLighthouse(server.baseUrl, database);
    // Graceful shutdown finishes the requests still in flight, so the stock check sees every order.
    await server.stop();
    server = undefined;
    const oversell = await checkOversell(database);
    const uncached = values['no-call-timings'] ? [] : await timeUncachedCalls(database.handle);
    results
      .find((result) => result.name.startsWith('(f)'))
      ?.notes.push(`${orders.created} orders, ${orders.paid} payments, ${orders.soldOut} sold-out 409s`);
    return {
      dialect,
      ceiling,
      results,
      orders: {
        ...orders,
        perSecond: orders.created / settings.durationSeconds,
        attemptedPerSecond: (orders.created + orders.soldOut) / settings.durationSeconds,
        oversell,
      },
      uncached,
      scenarioTargets,
    };
  } finally {
    await server?.stop();
    await database.cleanUp();
  }
}

const lighthouseLines: string[] = [];
async function reportLighthouse(baseUrl: string, database: BenchDatabase) {
  log('  running Lighthouse (mobile) …');
  const slug = database.fixtures.productSlugs[0];
  const scores = await lighthouseScores([
    { page: 'home', url: `${baseUrl}/` },
    { page: 'listing', url: `${baseUrl}/shops?category=mens-kurtas` },
    { page: 'product', url: `${baseUrl}/product/details/${slug}` },
    ...(await sellerCenterPages(baseUrl, slug)),
  ]);
  if (typeof scores === 'string') {
    lighthouseLines.push(`Lighthouse: not run — ${scores}`);
    return;
  }
  lighthouseLines.push('| Page (mobile) | Performance | Accessibility |', '|---|---:|---:|');
  for (const score of scores)
    lighthouseLines.push(`| ${score.page} | ${score.performance ?? '—'} | ${score.accessibility ?? '—'} |`);
}

function table(report: DialectReport): string[] {
  const ceiling = report.ceiling.requestsPerSecond;
  const rows = [report.ceiling, ...report.results].map((r) => {
    const ratio = r === report.ceiling ? '100 %' : `${((r.requestsPerSecond / ceiling) * 100).toFixed(0)} %`;
    return `| ${r.name} | ${Math.round(r.requestsPerSecond)} | ${ratio} | ${ms(r.p50)} | ${ms(r.p975)} | ${ms(r.p99)} | ${r.errors} / ${r.unexpected} | ${r.notes.join('; ')} |`;
  });
  return [
    `### ${report.dialect}`,
    '',
    '| Scenario | req/s | of ceiling | p50 | p97.5 | p99 | errors / unexpected non-2xx | notes |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
  ];
}

function targets(report: DialectReport): string[] {
  const ceiling = report.ceiling.requestsPerSecond;
  const byKey = (prefix: string) => report.results.find((r) => r.name.startsWith(prefix));
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const lines = [...report.scenarioTargets];
  lines.push(
    ...['(a) query-products', '(b) get-product'].flatMap((prefix) => {
      const r = byKey(prefix);
      if (!r) return [];
      const share = r.requestsPerSecond / ceiling;
      return `- ${prefix}: ${(share * 100).toFixed(0)} % of ceiling (≥ 40 %), p99 ${ms(r.p99)} (< 50 ms): ${verdict(share >= 0.4 && r.p99 < 50)}`;
    }),
  );
  const suggestions = byKey('(d)');
  if (suggestions)
    lines.push(`- (d) suggestions: p99 ${ms(suggestions.p99)} (< 30 ms): ${verdict(suggestions.p99 < 30)}`);
  const { orders } = report;
  if (!byKey('(f)')) return ['', `Targets on ${report.dialect}:`, ...lines];
  const orderLine =
    `- (f) orders: ${orders.perSecond.toFixed(0)} orders/s created (${orders.attemptedPerSecond.toFixed(0)}/s attempted); ` +
    `${orders.oversell.detail}`;
  lines.push(
    report.dialect === 'postgres'
      ? `${orderLine}: ${verdict(orders.perSecond >= 300 && orders.oversell.ok)} (target ≥ 300 orders/s, zero oversell)`
      : `${orderLine} (the 300 orders/s target is for PostgreSQL)`,
  );
  return ['', `Targets on ${report.dialect}:`, ...lines];
}

function uncachedLines(report: DialectReport): string[] {
  return [
    '',
    `Cache misses on ${report.dialect} (each call of the mix once, service functions without HTTP or cache):`,
    ...report.uncached.map((mix) => `- ${mix.title}: ${mix.summary}`),
  ];
}

function webBudget(): string[] {
  const load = homeInitialLoad();
  if (typeof load === 'string') return [`Home page initial JS: not measured — ${load}`];
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    `Home page initial JS (entry + static imports, gzip -9): ${kb(load.jsGzip)} ` +
      `(brotli ${kb(load.jsBrotli)}), CSS ${kb(load.cssGzip)} gzipped — budget ${kb(HOME_JS_BUDGET_BYTES)}: ` +
      (load.jsGzip <= HOME_JS_BUDGET_BYTES ? 'met' : 'NOT met'),
    `Files: ${load.files.join(', ')}`,
  ];
}

const header = machine();
header.forEach((line) => log(line));
// The server as `npm start` runs it: compiled JavaScript under plain `node`, built once for the whole run.
const build = await compiledServer();
const serverMain = path.join(build.dir, 'main.js');
const serverCluster = path.join(build.dir, 'cluster.js');
const reports: DialectReport[] = [];
try {
  for (const dialect of dialects) reports.push(await benchDialect(dialect));
} finally {
  build.dispose();
}

log('\n## Results\n');
header.forEach((line) => log(line));
log(
  `Load average at end: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ')}`,
);
for (const report of reports) {
  log('');
  table(report).forEach((line) => log(line));
  targets(report).forEach((line) => log(line));
  uncachedLines(report).forEach((line) => log(line));
}
log('\n### Web budgets\n');
webBudget().forEach((line) => log(line));
log('');
(lighthouseLines.length
  ? lighthouseLines
  : ['Lighthouse: not run (SQLite pass skipped or --no-lighthouse)']
).forEach((line) => log(line));
