import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from '../columns';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('operators'), dialect)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    // Bumped on sign-out; console tokens carrying an older version are refused.
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('payments'), dialect)
    // One payment per order: concurrent first calls for the same order meet on this constraint.
    .addColumn('order_id', 'integer', (c) =>
      c.notNull().unique().references('customer_orders.id').onDelete('cascade'),
    )
    .addColumn('order_code', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'under verification', 'paid', 'failed', 'expired')`),
    )
    // Unique, so the same bank transfer cannot be claimed for two orders even by simultaneous submissions
    // (both databases allow any number of NULLs in a unique column).
    .addColumn('utr', 'text', (c) => c.unique())
    .addColumn('utr_submitted_at', 'text')
    .addColumn('attempt_expires_at', 'text')
    .addColumn('reservation_expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payments_status_idx')
    .on('payments')
    .columns(['status', 'utr_submitted_at'])
    .execute();

  await withIdColumn(db.schema.createTable('payment_decisions'), dialect)
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('operator_id', 'integer', (c) => c.references('operators.id'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('operator', 'bank')`))
    .addColumn('decision', 'text', (c) => c.notNull().check(sql`decision in ('verified', 'rejected')`))
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_decisions_payment_idx')
    .on('payment_decisions')
    .column('payment_id')
    .execute();
  await db.schema
    .createIndex('payment_decisions_created_idx')
    .on('payment_decisions')
    .column('created_at')
    .execute();

  // The reservation-expiry job looks for old unpaid orders every minute.
  await db.schema
    .createIndex('customer_orders_unpaid_created_idx')
    .on('customer_orders')
    .columns(['payment_status', 'delivery_status', 'created_at'])
    .execute();
}
