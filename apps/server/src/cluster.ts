/**
 * `npm run start:cluster`: several server processes sharing one port through node:cluster (the primary
 * accepts connections and hands them to the workers in turn). Meant for PostgreSQL + Redis: every worker
 * reads and writes the same database, and Redis carries what would otherwise stay inside one process —
 * Socket.IO rooms, rate-limit counters, cached catalogue responses and their invalidation.
 *
 * Socket.IO's long-polling transport needs every request of a session to reach the same process, which
 * round-robin does not do; the web client therefore connects with the websocket transport only, whose one
 * long-lived connection stays on the worker that accepted it.
 *
 *   CLUSTER_WORKERS=4 DATABASE_URL=postgres://… REDIS_URL=redis://… npm run start:cluster
 */
import cluster from 'node:cluster';
import { loadConfigOrExit, type Config } from './config';
import { ensureSchema, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';

const RESTART_DELAY_MS = 1_000;

async function migrateOnce(config: Config): Promise<void> {
  // Once here, so the workers start against an up-to-date schema and never race each other to migrate.
  await ensureSchema(config);
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db, database.dialect);
  } finally {
    await database.destroy();
  }
}

function warnAboutSingleProcessPieces(config: Config): void {
  if (!config.databaseUrl) {
    console.warn(
      'start:cluster: no DATABASE_URL; SQLite allows one writer at a time, so the workers will queue on writes.',
    );
  }
  if (!config.redisUrl) {
    console.warn(
      'start:cluster: no REDIS_URL; chat, rate limits and cache invalidation stay inside each worker. Set REDIS_URL.',
    );
  }
}

async function runPrimary(): Promise<void> {
  const config = loadConfigOrExit();
  const workers = config.clusterWorkers;
  warnAboutSingleProcessPieces(config);
  await migrateOnce(config);
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < workers; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting a replacement`);
    setTimeout(fork, RESTART_DELAY_MS);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Each worker finishes its in-flight requests (see main.ts) before exiting.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    const pending = () => Object.keys(cluster.workers ?? {}).length;
    const check = setInterval(() => {
      if (pending() === 0) {
        clearInterval(check);
        process.exit(0);
      }
    }, 100);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  console.log(`Bazaar cluster: ${workers} workers on port ${config.port}`);
}

if (cluster.isPrimary) {
  await runPrimary();
} else {
  await import('./main');
}
