import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from '../columns';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Sellers get the same "sign out everywhere" counter as customers and operators.
  await db.schema
    .alterTable('sellers')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Sessions ended one at a time (logout); a row only has to outlive the token it names.
  await db.schema
    .createTable('revoked_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('revoked_sessions_expiry_idx')
    .on('revoked_sessions')
    .column('expires_at')
    .execute();

  // Failed sign-ins, OTP guesses and password checks, counted per account (and per IP where that matters).
  await withIdColumn(db.schema.createTable('auth_failures'), dialect)
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_failures_subject_idx')
    .on('auth_failures')
    .columns(['scope', 'subject', 'created_at'])
    .execute();
  await db.schema.createIndex('auth_failures_created_idx').on('auth_failures').column('created_at').execute();
}
