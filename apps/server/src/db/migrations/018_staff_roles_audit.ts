import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from '../columns';

/**
 * Issue 17, the marketplace admin: staff get a role ('admin' does everything, 'operator' verifies payments, as
 * today's operators do), and every staff action leaves a row in the audit log: who, what, on which subject, the
 * state before and after (JSON), the reason given, from which address and when.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Today's operators stay operators; the first admin is made with `npm run admin:create`.
  await db.schema
    .alterTable('operators')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('operator'))
    .execute();

  await withIdColumn(db.schema.createTable('audit_log'), dialect)
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('operators.id'))
    // What was done, as `subject.verb`: 'seller.approve', 'seller.commission', 'payment.verify', …
    .addColumn('action', 'text', (c) => c.notNull())
    // What it was done to: 'seller', 'payment', … and its id (text: some subjects are known by a code).
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The log page: newest first, whole or one action at a time.
  await db.schema
    .createIndex('audit_log_created_idx')
    .on('audit_log')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_action_idx')
    .on('audit_log')
    .columns(['action', 'created_at'])
    .execute();
  // Everything that was done to one subject (a seller's history).
  await db.schema
    .createIndex('audit_log_subject_idx')
    .on('audit_log')
    .columns(['subject_kind', 'subject_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_log_staff_idx')
    .on('audit_log')
    .columns(['staff_id', 'created_at'])
    .execute();
}
