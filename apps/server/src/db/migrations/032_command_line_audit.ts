import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * The command-line tools (`npm run seller:approve`, `admin:create`, `ops:create-operator`) change the marketplace as
 * staff do, but nobody signs in to run them: their audit rows name the shell's `user@host` in `command_line_user`
 * instead of a member of staff. Every row names exactly one of the two.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table audit_log alter column staff_id drop not null`.execute(db);
    await db.schema.alterTable('audit_log').addColumn('command_line_user', 'text').execute();
    await db.schema.alterTable('audit_log').addCheckConstraint('audit_log_one_actor', ONE_ACTOR).execute();
  } else {
    await rebuildForSqlite(db);
  }
}

const ONE_ACTOR = sql`(staff_id is null) <> (command_line_user is null)`;

/** The indexes migration 018 made, which go with the old table. */
const AUDIT_LOG_INDEXES: readonly (readonly [string, string[]])[] = [
  ['audit_log_created_idx', ['created_at', 'id']],
  ['audit_log_action_idx', ['action', 'created_at']],
  ['audit_log_subject_idx', ['subject_kind', 'subject_id', 'created_at']],
  ['audit_log_staff_idx', ['staff_id', 'created_at']],
];

/**
 * SQLite cannot drop a NOT NULL or add a CHECK in place, so the table is rebuilt as migration 014 rebuilt
 * cart_items: new table, rows copied with their ids, old one dropped, new one renamed, its indexes made again.
 * Nothing refers to audit_log, so dropping it with foreign keys on is safe.
 */
async function rebuildForSqlite(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log_new')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('staff_id', 'integer', (c) => c.references('operators.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('command_line_user', 'text')
    .addCheckConstraint('audit_log_one_actor', ONE_ACTOR)
    .execute();
  await sql`
    insert into audit_log_new (id, staff_id, action, subject_kind, subject_id, before, after, reason, ip, created_at)
    select id, staff_id, action, subject_kind, subject_id, before, after, reason, ip, created_at from audit_log
  `.execute(db);
  await db.schema.dropTable('audit_log').execute();
  await db.schema.alterTable('audit_log_new').renameTo('audit_log').execute();
  for (const [name, columns] of AUDIT_LOG_INDEXES)
    await db.schema.createIndex(name).on('audit_log').columns(columns).execute();
}
