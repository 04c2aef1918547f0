import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from '../columns';

/**
 * Issue 19, notifications: every e-mail and SMS the shop sends is first a row of the outbox, written in the
 * transaction of the event it reports (an order placed, a part shipped, a refund issued), so a message exists if
 * and only if its event happened. A background job claims due rows (`locked_until` lets several server processes
 * share the work without sending one twice), delivers them and retries failures with backoff.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('notification_outbox'), dialect)
    // 'email' | 'sms'
    .addColumn('channel', 'text', (c) => c.notNull())
    // A NOTIFICATION_KINDS value (@bazaar/shared/notifications).
    .addColumn('kind', 'text', (c) => c.notNull())
    // 'customer' | 'seller' | 'admins'; the address is looked up when the message is written, so a changed
    // e-mail address gets the messages still waiting.
    .addColumn('recipient_kind', 'text', (c) => c.notNull())
    .addColumn('recipient_id', 'integer')
    // JSON of the kind's NotificationParams.
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    // While a process delivers the row, no other claims it; a process that died lets go when this passes.
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  // The job's claim: pending rows that are due, oldest first.
  await db.schema
    .createIndex('notification_outbox_due_idx')
    .on('notification_outbox')
    .columns(['state', 'next_attempt_at'])
    .execute();
}
