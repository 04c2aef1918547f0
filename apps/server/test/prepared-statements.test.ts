import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database';
import { withPreparedStatements } from '../src/db/preparedStatements';
import { openFreshDatabase, postgresUrl, testDialect } from './harness';

interface Prepared {
  statement: string;
  runs: number;
}

/** The statements reading `table` prepared on the connection that runs this, with how often each ran. */
async function preparedOn(db: Kysely<any>, table: string): Promise<Prepared[]> {
  const { rows } = await sql<Prepared>`
    select statement, generic_plans + custom_plans as runs from pg_prepared_statements
    where statement like ${`%from ${table} %`} order by prepare_time`.execute(db);
  return rows;
}

describe.skipIf(testDialect !== 'postgres')('PostgreSQL reads as prepared statements', () => {
  let fresh: Awaited<ReturnType<typeof openFreshDatabase>>;
  let database: DatabaseHandle;
  beforeAll(async () => {
    fresh = await openFreshDatabase();
    database = fresh.database;
    await sql`create table notes (id integer primary key, stars integer)`.execute(database.db);
    await sql`insert into notes values (1, 5), (2, 3)`.execute(database.db);
  });
  afterAll(() => fresh.close());

  it('prepares a read once per connection and runs it again with new values; a range or words are planned for their values', async () => {
    await database.db.connection().execute(async (db) => {
      const stars: number[] = [];
      for (const id of [1, 2, 1]) {
        const { rows } = await sql<{ stars: number }>`select stars from notes where id = ${id}`.execute(db);
        stars.push(rows[0].stars);
      }
      await sql`select id from notes where stars >= ${4}`.execute(db);
      const words = sql`to_tsvector('simple', 'five stars') @@ to_tsquery('simple', ${'five'})`;
      const matched = await sql<{ id: number }>`select id from notes where ${words} order by id`.execute(db);
      expect(matched.rows).toEqual([{ id: 1 }, { id: 2 }]);
      expect(stars).toEqual([5, 3, 5]);
      expect(await preparedOn(db, 'notes')).toEqual([
        { statement: 'select stars from notes where id = $1', runs: 3 },
      ]);
    });
  });

  it('prepares a read afresh when a migration changed what it returns (0A000), and reads in a transaction unnamed', async () => {
    await sql`create table shelves (id integer primary key)`.execute(database.db);
    await sql`insert into shelves values (7)`.execute(database.db);
    await database.db.connection().execute(async (db) => {
      const read = (on: Kysely<any> = db) => sql`select * from shelves where id = ${7}`.execute(on);
      expect((await read()).rows).toEqual([{ id: 7 }]);
      await sql`alter table shelves add column label text default 'sale'`.execute(db);
      expect((await read()).rows).toEqual([{ id: 7, label: 'sale' }]);

      // Inside a transaction a read stays unnamed: a failure there would end the transaction.
      await sql`alter table shelves add column position integer default 1`.execute(db);
      const inTransaction = await db.transaction().execute((trx) => read(trx));
      expect(inTransaction.rows).toEqual([{ id: 7, label: 'sale', position: 1 }]);
      expect((await read()).rows).toEqual([{ id: 7, label: 'sale', position: 1 }]);
      expect(await preparedOn(db, 'shelves')).toEqual([
        { statement: 'select * from shelves where id = $1', runs: 1 },
      ]);
    });
  });

  it('keeps at most its limit per connection, deallocating the least recently used', async () => {
    const pool = new pg.Pool({
      connectionString: postgresUrl,
      options: `-c search_path=${fresh.config.databaseSchema}`,
    });
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool, 3) }) });
    try {
      await db.connection().execute(async (connection) => {
        for (const column of ['id', 'stars', 'id + 1', 'stars + 1', 'id']) {
          await sql`select ${sql.raw(column)} as value from notes where id = ${1}`.execute(connection);
        }
        // The read of pg_prepared_statements is the third.
        expect(await preparedOn(connection, 'notes')).toEqual([
          { statement: 'select stars + 1 as value from notes where id = $1', runs: 1 },
          { statement: 'select id as value from notes where id = $1', runs: 1 },
        ]);
      });
    } finally {
      await db.destroy();
    }
  });
});
