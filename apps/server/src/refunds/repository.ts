import { sql, type Insertable } from 'kysely';
import type { RefundState } from '@bazaar/shared';
import type { DB } from '../db/database';
import { pageOf, type PageOf } from '../db/paging';
import type { RefundTable } from '../orders/tables';

/** All SQL of refunds (issue 19): the shopper's list, the operators' list and the recording of a refund. */

function refundsWithOrder(db: DB) {
  return db
    .selectFrom('refunds')
    .innerJoin('customer_orders', 'customer_orders.id', 'refunds.customer_order_id')
    .innerJoin('customers', 'customers.id', 'refunds.customer_id')
    .leftJoin('seller_orders', 'seller_orders.id', 'refunds.seller_order_id')
    .selectAll('refunds')
    .select([
      'customer_orders.order_code',
      'seller_orders.shop_name',
      'customers.name as customer_name',
      'customers.email as customer_email',
    ]);
}
export type RefundRow = Awaited<ReturnType<ReturnType<typeof refundsWithOrder>['execute']>>[number];

/** The shopper's refunds, newest first, optionally of one order. */
export function customerRefunds(db: DB, customerId: number, orderCode?: string): Promise<RefundRow[]> {
  let query = refundsWithOrder(db).where('refunds.customer_id', '=', customerId);
  if (orderCode) query = query.where('customer_orders.order_code', '=', orderCode);
  return query.orderBy('refunds.created_at', 'desc').orderBy('refunds.id', 'desc').execute();
}

/** A page of every shopper's refunds, oldest first (the queue operators work through), and how many there are. */
export async function refundsPage(
  db: DB,
  options: { state?: RefundState; limit: number; offset: number },
): Promise<PageOf<RefundRow>> {
  let rows = refundsWithOrder(db);
  let matching = db.selectFrom('refunds');
  if (options.state) {
    rows = rows.where('refunds.state', '=', options.state);
    matching = matching.where('state', '=', options.state);
  }
  const direction = options.state === 'pending' ? 'asc' : 'desc';
  return pageOf(
    rows.orderBy('refunds.created_at', direction).orderBy('refunds.id', direction),
    matching,
    options,
  );
}

export function findRefund(db: DB, refundId: number): Promise<RefundRow | undefined> {
  return refundsWithOrder(db).where('refunds.id', '=', refundId).executeTakeFirst();
}

/** Records a pending refund as paid back with the reference; false when it was no longer pending. */
export async function markRefunded(
  trx: DB,
  refundId: number,
  reference: string,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('refunds')
    .set({ state: 'refunded' satisfies RefundState, reference, refunded_at: now })
    .where('id', '=', refundId)
    .where('state', '=', 'pending' satisfies RefundState)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records the refund of a payment that came for a cancelled order, unless the order already has one. */
export async function insertLatePaymentRefund(db: DB, refund: Insertable<RefundTable>): Promise<void> {
  await db
    .insertInto('refunds')
    .values(refund)
    // The literal, not a parameter: the database must see that the target is the partial unique index.
    .onConflict((oc) =>
      oc.column('customer_order_id').where('reason', '=', sql.lit('late_payment')).doNothing(),
    )
    .execute();
}
