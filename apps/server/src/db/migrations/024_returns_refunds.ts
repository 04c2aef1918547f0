import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from '../columns';

/**
 * Issue 19, returns and refunds: a shopper's return of delivered lines (per seller part, with a reason and the
 * seller's decision, pickup and receipt), and the rule that an order cancelled before its late payment is refunded
 * once (refunds themselves came with migration 017).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('returns'), dialect)
    .addColumn('customer_order_id', 'integer', (c) => c.notNull().references('customer_orders.id'))
    .addColumn('seller_order_id', 'integer', (c) => c.notNull().references('seller_orders.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('sellers.id'))
    // requested → approved | rejected; approved → picked_up → received (RETURN_TRANSITIONS).
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('requested'))
    // A RETURN_REASONS value, and what the shopper added in words.
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    // Why the seller rejected it.
    .addColumn('decision_reason', 'text')
    // The refund owed once the seller received the parcel.
    .addColumn('refund_id', 'integer', (c) => c.references('refunds.id'))
    // Set once, when the seller puts the units back on sale.
    .addColumn('restocked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The seller's list by state, newest first; the shopper's order page reads an order's returns.
  await db.schema
    .createIndex('returns_seller_state_idx')
    .on('returns')
    .columns(['seller_id', 'state', 'created_at'])
    .execute();
  await db.schema.createIndex('returns_order_idx').on('returns').column('customer_order_id').execute();

  await withIdColumn(db.schema.createTable('return_items'), dialect)
    .addColumn('return_id', 'integer', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('order_item_id', 'integer', (c) => c.notNull().references('order_items.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .execute();
  await db.schema.createIndex('return_items_return_idx').on('return_items').column('return_id').execute();
  await db.schema
    .createIndex('return_items_order_item_idx')
    .on('return_items')
    .column('order_item_id')
    .execute();

  // A payment that arrives for an order already cancelled is owed back once, however often the bank says so.
  await db.schema
    .createIndex('refunds_late_payment_key')
    .on('refunds')
    .column('customer_order_id')
    .unique()
    .where(sql.ref('reason'), '=', 'late_payment')
    .execute();
}
