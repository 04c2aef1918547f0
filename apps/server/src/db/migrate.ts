import {
  Migrator,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';
import type { Dialect } from './database';
import { migrations } from './migrations';

export type DialectMigration = (db: Kysely<unknown>, dialect: Dialect) => Promise<void>;

/** Migrations are listed in code (not read from disk) so they run the same under tsx, Vitest and a bundle. */
function provider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      const result: Record<string, Migration> = {};
      for (const [name, up] of Object.entries(migrations)) {
        result[name] = { up: (db) => up(db, dialect) };
      }
      return result;
    },
  };
}

async function migratorFor<DB>(db: Kysely<DB>, dialect: Dialect): Promise<Migrator> {
  // Kysely looks for its bookkeeping tables in every PostgreSQL schema unless told which one; with test schemas
  // migrating side by side it would see another schema's table, skip creating its own, and fail.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  return new Migrator({ db, provider: provider(dialect), migrationTableSchema });
}

/**
 * Applies the migrations up to and including `name`: a migration's test starts from the schema before it, puts
 * rows in, then migrates to the latest.
 */
export async function migrateTo<DB>(db: Kysely<DB>, dialect: Dialect, name: string): Promise<void> {
  const migrator = await migratorFor(db, dialect);
  await retriedOnConcurrentSchemaChange(() => migrator.migrateTo(name));
}

export async function migrateToLatest<DB>(db: Kysely<DB>, dialect: Dialect): Promise<string[]> {
  const migrator = await migratorFor(db, dialect);
  const results = await retriedOnConcurrentSchemaChange(() => migrator.migrateToLatest());
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Kysely's "do the bookkeeping tables exist?" check introspects every schema of the database, so a schema dropped
 * at that instant by someone else (a restore, a parallel test file) fails it. Nothing has been applied at that point
 * and each migration runs in its own transaction, so trying again is safe.
 */
async function retriedOnConcurrentSchemaChange(
  migrate: () => Promise<MigrationResultSet>,
): Promise<MigrationResultSet['results']> {
  for (let attempt = 1; ; attempt += 1) {
    const { error, results } = await migrate();
    if (!error) return results;
    if (attempt >= 3 || !isConcurrentSchemaChange(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
}

function isConcurrentSchemaChange(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /does not exist|cache lookup failed|concurrently/i.test(message);
}
