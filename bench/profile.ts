/**
 * npx tsx bench/profile.ts [--db sqlite|postgres] [--only SCENARIO] [--products N] [--seconds S]
 *
 * Where an uncached request's time goes: seeds a bench database, starts the compiled server with `--cpu-prof`, drives
 * one of the bench's scenarios (its --only keys: product-miss by default, orders, listing-miss …) at 50 connections,
 * without the bench's warm-up or cache filling, stops the
 * server and prints its CPU time by function (self, then inclusive) and the CPU milliseconds per request. CPU per
 * request is steadier than req/s on a shared machine; it says nothing about waiting on PostgreSQL's own processes.
 */
import { readdirSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compiledServer } from '../apps/server/test/compiledServer';
import { sql } from '../apps/server/src/db/database';
import { prepareBenchDatabase } from './database';
import { drive } from './load';
import { startProcess } from './processes';
import { buildScenarios } from './scenarios';

const JWT_SECRET = 'profile-only-secret-0123456789abcdef';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    only: { type: 'string', default: 'product-miss' },
    products: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
  },
});
const dialect = values.db as 'sqlite' | 'postgres';
const bench = await prepareBenchDatabase(
  dialect,
  { products: Number(values.products), customers: 2_000 },
  console.log,
);
// Bulk-loaded PostgreSQL tables have no visibility map until vacuumed; a live shop's autovacuum keeps one.
if (dialect === 'postgres') await sql`vacuum analyze`.execute(bench.handle.db);
const build = await compiledServer();
const profileDir = mkdtempSync(path.join(tmpdir(), 'bazaar-prof-'));
const server = await startProcess(
  ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, path.join(build.dir, 'main.js')],
  {
    ...bench.env,
    NODE_ENV: 'production',
    JWT_SECRET,
    LOG_LEVEL: 'warn',
    // As the bench runs it: no background expiry of the unpaid orders the order scenario leaves.
    RESERVATION_JOB_INTERVAL_SECONDS: '86400',
  },
  '/api/health',
);
const scenario = buildScenarios(bench.fixtures, JWT_SECRET, { created: 0, soldOut: 0, paid: 0 }).find(
  ({ key }) => key === values.only,
);
if (!scenario) throw new Error(`--only names no bench scenario: ${values.only}`);
const result = await drive(scenario.name, server.baseUrl, scenario.steps, {
  connections: 50,
  durationSeconds: Number(values.seconds),
});
console.log(result);
await server.stop();
build.dispose();
await bench.cleanUp();

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
  hitCount?: number;
}
const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'))!;
const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const selfTime = new Map<number, number>();
profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfTime.values()].reduce((a, b) => a + b, 0);
const label = (node: Node) =>
  `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${node.callFrame.lineNumber}`;
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, time] of selfTime) {
  const node = byId.get(id)!;
  self.set(label(node), (self.get(label(node)) ?? 0) + time);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const key = label(byId.get(at)!);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + time);
  }
}
const show = (title: string, map: Map<string, number>, count: number) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [key, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count))
    console.log(`${((100 * time) / total).toFixed(1).padStart(5)} %  ${key}`);
};
show('self', self, 40);
show('inclusive', inclusive, 80);
console.log(
  `\nrequests: ${result.requestsPerSecond * Number(values.seconds)}; CPU ms per request: ${(total / 1000 / (result.requestsPerSecond * Number(values.seconds))).toFixed(2)}`,
);
