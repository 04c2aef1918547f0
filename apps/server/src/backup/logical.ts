import { sql } from 'kysely';
import type { DB, Dialect } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { MIGRATION_TABLE, SEEDED_BY_MIGRATIONS, SHOP_TABLES } from './tables';

/** A database-neutral dump: every row of every table, restorable into SQLite or PostgreSQL. */
export interface LogicalDump {
  format: 'bazaar-logical-dump';
  version: 1;
  createdAt: string;
  sourceDialect: Dialect;
  /** Migrations the rows were written under; a restore refuses a dump from a newer schema. */
  migrations: string[];
  tables: Record<string, Record<string, unknown>[]>;
}

const INSERT_BATCH_ROWS = 500;

/** Tables of the current schema (SQLite's FTS shadow tables and Kysely's lock table are not data). */
export async function existingTables(db: DB, dialect: Dialect): Promise<string[]> {
  const rows =
    dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** Columns computed by the database (sale price, search vector): dumped for reading, never inserted. */
async function generatedColumns(db: DB, dialect: Dialect, table: string): Promise<Set<string>> {
  const rows =
    dialect === 'postgres'
      ? await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table} and is_generated = 'ALWAYS'`.execute(
          db,
        )
      : // table_xinfo marks generated columns hidden = 2 (virtual) or 3 (stored).
        await sql<{
          name: string;
        }>`select name from pragma_table_xinfo(${table}) where hidden in (2, 3)`.execute(db);
  return new Set(rows.rows.map((r) => r.name));
}

async function appliedMigrations(db: DB): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db);
  return rows.map((r) => r.name);
}

/** Reads every table inside one transaction, so the dump is a consistent snapshot even while the shop runs. */
export async function dumpLogical(db: DB, dialect: Dialect): Promise<LogicalDump> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres')
      await sql`set transaction isolation level repeatable read, read only`.execute(trx);
    const present = new Set(await existingTables(trx, dialect));
    const unknown = [...present].filter(
      (t) => !(SHOP_TABLES as readonly string[]).includes(t) && !isBookkeepingTable(t),
    );
    if (unknown.length) throw new Error(`backup does not know these tables yet: ${unknown.join(', ')}`);
    const tables: LogicalDump['tables'] = {};
    for (const table of SHOP_TABLES) {
      const skip = await generatedColumns(trx, dialect, table);
      const { rows } = await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table)} order by id`.execute(trx);
      tables[table] = rows.map((row) =>
        Object.fromEntries(Object.entries(row).filter(([column]) => !skip.has(column))),
      );
    }
    return {
      format: 'bazaar-logical-dump',
      version: 1,
      createdAt: new Date().toISOString(),
      sourceDialect: dialect,
      migrations: await appliedMigrations(trx),
      tables,
    };
  });
}

/** Kysely's bookkeeping and SQLite's internal and full-text index tables, which follow from the data. */
export function isBookkeepingTable(table: string): boolean {
  return table.startsWith('kysely_') || table.startsWith('sqlite_') || table.startsWith('products_fts');
}

/**
 * How many rows the application tables hold in total, but for those migrations write (0 means a restore may go
 * ahead without --force).
 */
export async function countRows(db: DB, dialect: Dialect): Promise<number> {
  const present = new Set(await existingTables(db, dialect));
  let total = 0;
  for (const table of SHOP_TABLES) {
    if (!present.has(table) || SEEDED_BY_MIGRATIONS.includes(table)) continue;
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    total += Number(rows[0].n);
  }
  return total;
}

/**
 * Restores a logical dump: brings the schema up to date, empties the tables when forced, inserts parents before
 * children in one transaction (all or nothing), and moves PostgreSQL's id sequences past the restored ids.
 */
export async function restoreLogical(
  db: DB,
  dialect: Dialect,
  dump: LogicalDump,
  options: { force: boolean },
) {
  if (dump.format !== 'bazaar-logical-dump' || dump.version !== 1)
    throw new Error('not a Bazaar logical dump');
  await migrateToLatest(db, dialect);
  const known = await appliedMigrations(db);
  const newer = dump.migrations.filter((name) => !known.includes(name));
  if (newer.length) throw new Error(`the dump was made by a newer version (migrations ${newer.join(', ')})`);
  if (!options.force && (await countRows(db, dialect)) > 0) {
    throw new Error('the database is not empty; pass --force to replace its contents');
  }
  await db.transaction().execute(async (trx) => {
    for (const table of [...SHOP_TABLES].reverse()) await sql`delete from ${sql.table(table)}`.execute(trx);
    for (const table of SHOP_TABLES) {
      const rows = dump.tables[table] ?? [];
      for (let start = 0; start < rows.length; start += INSERT_BATCH_ROWS) {
        // Rows of any of the tables, as dumped: their shape is checked by the database, not by the compiler.
        const batch = rows.slice(start, start + INSERT_BATCH_ROWS) as never[];
        await trx.insertInto(table).values(batch).execute();
      }
      if (dialect === 'postgres') {
        // Tables keyed by something else (revoked_sessions: a token id) have no sequence to move.
        const { rows: serial } = await sql<{ sequence: string | null }>`
          select pg_get_serial_sequence(${table}, 'id') as sequence`.execute(trx);
        if (serial[0]?.sequence) {
          await sql`select setval(${serial[0].sequence}, coalesce(max(id), 0) + 1, false)
                    from ${sql.table(table)}`.execute(trx);
        }
      }
    }
  });
}
