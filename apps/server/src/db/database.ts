import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';
export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  destroy(): Promise<void>;
}

// COUNT(*) and BIGINT come back from node-postgres as strings; our counts and ids fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export function openDatabase(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'sqlitePath'>): DatabaseHandle {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: Number(process.env.PG_POOL_SIZE ?? 10),
      options: config.databaseSchema ? `-c search_path=${config.databaseSchema}` : undefined,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  const sqlite = new SQLite(config.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
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
