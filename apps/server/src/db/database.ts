import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { CatalogueWriteTracker } from '../cache/catalogueWrites';
import { withPreparedStatements } from './preparedStatements';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';
export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  /** Hears every write to the catalogue tables made through `db`; the response cache invalidates on it. */
  catalogueWrites: CatalogueWriteTracker;
  /** PostgreSQL's connection pool as it is now (for /metrics); SQLite has one connection and no pool. */
  poolStats?: () => PoolStats;
  destroy(): Promise<void>;
}

export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/**
 * Session settings for every PostgreSQL connection. random_page_cost 1.1 (instead of 4, which models spinning
 * disks) tells the planner that index reads are nearly as cheap as sequential ones, as they are on SSDs and
 * with the catalogue in memory; without it, full-text searches for broad words and deep category listings
 * fall back to sequential scans of the whole products table (see docs/query-plans.md).
 *
 * No parallel workers (max_parallel_workers_per_gather 0): the statements big enough to get them are a facet's
 * counts over the whole shop, and each worker is a process started for one statement. Brand or colour counts under
 * one size at 100,000 products cost 30 ms of CPU in parallel (3 ms the leader, 27 ms its two workers) against 8–9
 * ms alone, and took 32 ms against 11 ms to answer even on their own; with many requests at once, the cores are
 * busy with other statements anyway.
 */
function postgresOptions(schema: string | undefined): string {
  return [
    schema ? `-c search_path=${schema}` : '',
    '-c random_page_cost=1.1',
    '-c max_parallel_workers_per_gather=0',
  ]
    .filter(Boolean)
    .join(' ');
}

// COUNT(*) and BIGINT come back from node-postgres as strings; our counts and ids fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'sqlitePath'> & Partial<Pick<Config, 'pgPoolSize'>>,
): DatabaseHandle {
  const catalogueWrites = new CatalogueWriteTracker();
  const plugins = [catalogueWrites.plugin];
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      // Unset (tests, scripts): node-postgres's own default of 10.
      max: config.pgPoolSize,
      options: postgresOptions(config.databaseSchema),
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }),
      plugins,
    });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, dialect: 'postgres', catalogueWrites, poolStats, destroy: () => db.destroy() };
  }
  keepOwnerOnly(config.sqlitePath);
  const sqlite = new SQLite(config.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins,
  });
  return { db, dialect: 'sqlite', catalogueWrites, destroy: () => db.destroy() };
}

/** About the number of distinct statements the server runs (queries are built in a bounded set of shapes). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every statement afresh, and compiling SQL is SQLite's planning: measured on an uncached product
 * page at 100,000 products, `prepare` was 15 % of the server's CPU. Kysely builds a bounded set of statement shapes
 * with their values as parameters, so the same SQL text comes back again and again; a prepared statement is kept
 * per text and run again with new parameters (SQLite re-prepares by itself after a schema change). A statement still
 * being stepped through (`busy`, an iterator left open) is never handed out twice: a fresh one is prepared instead.
 * Least recently used statements go first when the cache is full.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = statements.get(text);
      if (cached && !cached.busy) {
        statements.delete(text);
        statements.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text);
      statements.set(text, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

const OWNER_ONLY = 0o600;

/**
 * The database holds password hashes, addresses and orders, so its file is the owner's alone. It is created 0600
 * before SQLite opens it, and SQLite gives its -wal and -shm files the main file's mode; files left by an older
 * version are narrowed too. chmod, unlike a create mode, is not cut down by the process umask, nor widened by it.
 */
function keepOwnerOnly(sqlitePath: string): void {
  if (sqlitePath === ':memory:' || sqlitePath === '') return;
  if (!existsSync(sqlitePath)) closeSync(openSync(sqlitePath, 'a', OWNER_ONLY));
  for (const file of [sqlitePath, `${sqlitePath}-wal`, `${sqlitePath}-shm`]) {
    if (existsSync(file)) chmodSync(file, OWNER_ONLY);
  }
}

/** Creates the PostgreSQL schema named in the config, if any (tests use a fresh schema per run). */
export async function ensureSchema(config: Pick<Config, 'databaseUrl' | 'databaseSchema'>): Promise<void> {
  if (!config.databaseUrl || !config.databaseSchema) return;
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${config.databaseSchema.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}

export { sql };
