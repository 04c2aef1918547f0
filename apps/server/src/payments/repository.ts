import type { Insertable, Kysely, Selectable } from 'kysely';
import { PAYMENT_STATUS, type PaymentState } from '@bazaar/shared';
import type { Database } from '../db/schema';
import type { CustomerOrderTable } from '../orders/tables';
import type { PaymentDecisionTable, PaymentTable } from './tables';

/** The database or an open transaction. */
type Executor = Kysely<Database>;

export type PaymentRow = Selectable<PaymentTable>;

const ORDER_COLUMNS = [
  'id',
  'order_code',
  'customer_id',
  'price',
  'shipping_fee',
  'payment_status',
  'delivery_status',
  'created_at',
] as const;

/**
 * What paying needs to know about an order (the orders feature owns the table): `price` is the goods total; the
 * shopper pays it plus the shipping fee.
 */
export type PayableOrder = Pick<Selectable<CustomerOrderTable>, (typeof ORDER_COLUMNS)[number]>;

const PENDING_DELIVERY = 'pending';

export { isUniqueViolation } from '../db/errors';

export function findCustomerOrder(
  db: Executor,
  customerId: number,
  orderCode: string,
): Promise<PayableOrder | undefined> {
  return db
    .selectFrom('customer_orders')
    .select(ORDER_COLUMNS)
    .where('customer_id', '=', customerId)
    .where('order_code', '=', orderCode)
    .executeTakeFirst();
}

export function findOrderByCode(db: Executor, orderCode: string): Promise<PayableOrder | undefined> {
  return db
    .selectFrom('customer_orders')
    .select(ORDER_COLUMNS)
    .where('order_code', '=', orderCode)
    .executeTakeFirst();
}

export function findPaymentOfOrder(db: Executor, orderId: number): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export function findPayment(db: Executor, paymentId: number): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
}

/**
 * Creates the order's payment unless it exists; concurrent first calls meet on the unique order_id. The new row,
 * or undefined when the order already had one.
 */
export function insertPaymentIfMissing(
  db: Executor,
  values: Insertable<PaymentTable>,
): Promise<PaymentRow | undefined> {
  return db
    .insertInto('payments')
    .values(values)
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Starts (or restarts) a payment attempt; only a payment still waiting for its money can start one. */
export async function startAttempt(
  db: Executor,
  paymentId: number,
  attemptExpiresAt: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ attempt_expires_at: attemptExpiresAt, updated_at: now })
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records the shopper's UTR as the payment's claim and moves it to verification, only from `pending` without a
 * claim, so a payment the expiry job has just closed cannot be reopened. Other orders may claim the same UTR.
 */
export async function recordClaim(
  db: Executor,
  paymentId: number,
  utr: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: 'under verification', claimed_utr: utr, utr_submitted_at: now, updated_at: now })
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .where('claimed_utr', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The payment this transfer paid, if any. */
export function findPaymentPaidWith(db: Executor, utr: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('utr', '=', utr).executeTakeFirst();
}

/** Payments under verification whose claim is this UTR. */
export function claimsOfUtr(db: Executor, utr: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('claimed_utr', '=', utr)
    .where('status', '=', 'under verification')
    .execute();
}

/**
 * Marks a payment paid with the transfer `utr`, from one of `from`, in one conditional update: when two processes
 * (or an operator and the bank) act at once, exactly one of them wins. A transfer that already paid another order
 * fails on the unique index.
 */
export async function markPaymentPaid(
  db: Executor,
  payment: PaymentRow,
  from: readonly PaymentState[],
  utr: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: 'paid', utr, utr_submitted_at: payment.utr_submitted_at ?? now, updated_at: now })
    .where('id', '=', payment.id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Rejects the payment's claim to `utr`: the UTR is released (no longer claimed by this order) and remembered with
 * the reason, and the payment is payable again with its attempt over. False when the claim was already decided.
 */
export async function releaseClaim(
  db: Executor,
  paymentId: number,
  utr: string,
  note: string | null,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({
      status: 'pending',
      claimed_utr: null,
      utr_submitted_at: null,
      attempt_expires_at: now,
      rejected_utr: utr,
      rejection_note: note,
      rejected_at: now,
      updated_at: now,
    })
    .where('id', '=', paymentId)
    .where('status', '=', 'under verification')
    .where('claimed_utr', '=', utr)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Expires a payment that has no UTR claim; false when it has one or was already closed. */
export async function expireWithoutUtr(db: Executor, orderId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: 'expired', updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .where('claimed_utr', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Expires a claim still unverified after its hold (submitted at or before `submittedBefore`); false if decided. */
export async function expireUnverifiedClaim(
  db: Executor,
  paymentId: number,
  submittedBefore: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: 'expired', updated_at: now })
    .where('id', '=', paymentId)
    .where('status', '=', 'under verification')
    .where('utr_submitted_at', '<=', submittedBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Claims under verification submitted at or before `submittedBefore`, oldest first. */
export function claimsPastHold(db: Executor, submittedBefore: string, limit: number): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'under verification')
    .where('utr_submitted_at', '<=', submittedBefore)
    .orderBy('utr_submitted_at')
    .limit(limit)
    .execute();
}

/** The payments of these orders (at most one each). */
export async function paymentsOfOrders(db: Executor, orderIds: readonly number[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom('payments').selectAll().where('order_id', 'in', orderIds).execute();
}

export async function insertDecision(db: Executor, values: Insertable<PaymentDecisionTable>): Promise<void> {
  await db.insertInto('payment_decisions').values(values).execute();
}

/**
 * Unpaid orders still holding stock that were placed at or before `placedBefore` and have no UTR claim
 * (no payment yet, or one still pending), oldest first.
 */
export function ordersPastReservation(
  db: Executor,
  placedBefore: string,
  limit: number,
): Promise<PayableOrder[]> {
  return db
    .selectFrom('customer_orders')
    .leftJoin('payments', 'payments.order_id', 'customer_orders.id')
    .select(ORDER_COLUMNS.map((column) => `customer_orders.${column}` as const))
    .where('customer_orders.payment_status', '=', PAYMENT_STATUS.notPaid)
    .where('customer_orders.delivery_status', '=', PENDING_DELIVERY)
    .where('customer_orders.created_at', '<=', placedBefore)
    .where((eb) => eb.or([eb('payments.id', 'is', null), eb('payments.status', '=', 'pending')]))
    .orderBy('customer_orders.created_at')
    .limit(limit)
    .execute();
}

/**
 * Codes of orders whose payment has failed or expired but which still hold stock: a process stopped between
 * closing the payment and cancelling the order. The expiry job finishes them.
 */
export async function unreleasedClosedOrders(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('payments')
    .innerJoin('customer_orders', 'customer_orders.id', 'payments.order_id')
    .select('customer_orders.order_code')
    .where('payments.status', 'in', ['failed', 'expired'])
    .where('customer_orders.payment_status', '=', PAYMENT_STATUS.notPaid)
    .where('customer_orders.delivery_status', '!=', 'cancelled')
    .limit(limit)
    .execute();
  return rows.map((row) => row.order_code);
}
