/**
 * Migration 032 lets an audit row name the command line instead of a member of staff: the rows written before it
 * stay as they were (ids, staff, every column), the log's indexes and its foreign key to operators stay, and from
 * then on every row names exactly one of the two.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate';
import { openFreshDatabase, testDialect } from './harness';
import { MIGRATION_NOW } from './migration-fixtures';

const staffRow = {
  staff_id: 1,
  action: 'seller.suspend',
  subject_kind: 'seller',
  subject_id: '12',
  before: '{"status":"approved"}',
  after: '{"status":"suspended"}',
  reason: 'Late shipments',
  ip: '10.0.0.5',
  created_at: MIGRATION_NOW,
};

describe(`migration 032: command-line audit rows (${testDialect})`, () => {
  let fresh: Awaited<ReturnType<typeof openFreshDatabase>>;
  // The row is written as the schema before 032 has it, which the current table types do not describe.
  let db: Kysely<any>;
  let oldId: number;

  beforeAll(async () => {
    fresh = await openFreshDatabase();
    db = fresh.database.db as unknown as Kysely<any>;
    await migrateTo(db, fresh.database.dialect, '030_newest_covering_indexes');
    await db
      .insertInto('operators')
      .values({
        id: 1,
        email: 'asha@bazaar.example',
        name: 'Asha Rao',
        password_hash: 'x',
        role: 'admin',
        created_at: MIGRATION_NOW,
      })
      .execute();
    ({ id: oldId } = await db
      .insertInto('audit_log')
      .values(staffRow)
      .returning('id')
      .executeTakeFirstOrThrow());
    await migrateToLatest(db, fresh.database.dialect);
  });
  afterAll(() => fresh?.close());

  const insert = (row: Record<string, unknown>) =>
    db
      .insertInto('audit_log')
      .values({ ...staffRow, ...row })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('keeps the rows written before it, each still naming its member of staff', async () => {
    expect(await db.selectFrom('audit_log').selectAll().execute()).toEqual([
      { ...staffRow, id: oldId, command_line_user: null },
    ]);
  });

  it('takes a row by the command line, numbered after the old ones', async () => {
    const { id } = await insert({ staff_id: null, ip: null, command_line_user: 'deploy@shop-01' });
    expect(id).toBeGreaterThan(oldId);
  });

  it('refuses a row naming nobody, or both a member of staff and the command line', async () => {
    await expect(insert({ staff_id: null, command_line_user: null })).rejects.toThrow(/check|constraint/i);
    await expect(insert({ staff_id: 1, command_line_user: 'deploy@shop-01' })).rejects.toThrow(
      /check|constraint/i,
    );
  });

  it('still refuses a member of staff who does not exist', async () => {
    await expect(insert({ staff_id: 999 })).rejects.toThrow(/foreign key/i);
  });

  it("keeps the log's indexes", async () => {
    const names =
      testDialect === 'postgres'
        ? sql<{ name: string }>`select indexname as name from pg_indexes
            where schemaname = current_schema() and tablename = 'audit_log'`
        : sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'audit_log'`;
    const found = (await names.execute(db)).rows.map((row) => row.name);
    expect(found).toEqual(
      expect.arrayContaining([
        'audit_log_created_idx',
        'audit_log_action_idx',
        'audit_log_subject_idx',
        'audit_log_staff_idx',
      ]),
    );
  });
});
