import { sql, type Kysely } from 'kysely';

/**
 * Issue 14, findings 2 and 13.
 * - `reviews.verified_purchase`: 1 when the reviewer had a paid order containing the product when the review was
 *   written. From now on only such customers may review, so new reviews always carry 1. Existing reviews are kept
 *   and marked honestly: 1 only where the reviewer's account has a paid order with the product; reviews imported
 *   without an account (the seeded ones) stay 0.
 * - `customer_orders.request_fingerprint`: what a checkout sent without an idempotency key asked for (address and
 *   lines), so the same submission repeated within seconds finds the order the first one made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('reviews')
    .addColumn('verified_purchase', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`verified_purchase in (0, 1)`),
    )
    .execute();
  await markVerifiedPurchases(db);

  await db.schema.alterTable('customer_orders').addColumn('request_fingerprint', 'text').execute();
}

/** Marks the reviews whose author has a paid order containing the reviewed product (exported for its test). */
export async function markVerifiedPurchases<DB>(db: Kysely<DB>): Promise<void> {
  await sql`
    update reviews set verified_purchase = 1
    where customer_id is not null
      and exists (
        select 1 from order_items
        join customer_orders on customer_orders.id = order_items.customer_order_id
        where customer_orders.customer_id = reviews.customer_id
          and order_items.product_id = reviews.product_id
          and customer_orders.payment_status = 'paid'
      )
  `.execute(db);
}
