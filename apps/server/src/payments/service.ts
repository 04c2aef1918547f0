import {
  PAYMENT_STATUS,
  paymentMessages,
  upiLinks,
  type DecisionSource,
  type DoPaymentResponse,
  type OrderConfirmResponse,
  type PaymentStatusResponse,
  type SubmitUtrInput,
  type UpiPayee,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import { nowIso, type DB } from '../db/database';
import { conflict, notFound } from '../http/errors';
import { enqueueNotification } from '../notifications/outbox';
import * as repo from './repository';
import type { PayableOrder, PaymentRow } from './repository';
import { reportedStatus } from './status';

/**
 * The payments feature: a payment's own rows and rules. What paying does to the order, its stock and the cart
 * (settling, expiring) is in flows/paymentSettlement.ts and flows/reservationExpiry.ts.
 */

const CANCELLED = 'cancelled';

export const orderTotal = (order: Pick<PayableOrder, 'price' | 'shipping_fee'>) =>
  order.price + order.shipping_fee;

function reservationDeadline(ctx: AppContext, order: PayableOrder): string {
  return new Date(
    Date.parse(order.created_at) + ctx.config.payments.reservationMinutes * 60_000,
  ).toISOString();
}

export async function customerOrder(
  ctx: AppContext,
  customerId: number,
  orderCode: string,
): Promise<PayableOrder> {
  // Another customer's order is reported exactly like a missing one, so order ids cannot be probed.
  const order = await repo.findCustomerOrder(ctx.db, customerId, orderCode);
  if (!order) throw notFound(paymentMessages.orderNotFound);
  return order;
}

/**
 * Creates the order's payment unless it has one, with the amount taken from the order (and optionally an attempt
 * already started); the new row, or undefined when the order already had a payment.
 */
function createPayment(
  ctx: AppContext,
  order: PayableOrder,
  attemptExpiresAt: string | null = null,
): Promise<PaymentRow | undefined> {
  const now = nowIso();
  return repo.insertPaymentIfMissing(ctx.db, {
    order_id: order.id,
    order_code: order.order_code,
    customer_id: order.customer_id,
    amount: orderTotal(order),
    status: 'pending',
    utr: null,
    claimed_utr: null,
    utr_submitted_at: null,
    rejected_utr: null,
    rejection_note: null,
    rejected_at: null,
    attempt_expires_at: attemptExpiresAt,
    reservation_expires_at: reservationDeadline(ctx, order),
    created_at: now,
    updated_at: now,
  });
}

/** The payment an order already has (payments are never deleted while their order exists). */
async function existingPayment(ctx: AppContext, order: PayableOrder): Promise<PaymentRow> {
  const payment = await repo.findPaymentOfOrder(ctx.db, order.id);
  if (!payment) throw new Error(`payment of order ${order.order_code} vanished`);
  return payment;
}

/** The order's payment, created on first use. */
export async function paymentOf(ctx: AppContext, order: PayableOrder): Promise<PaymentRow> {
  return (await createPayment(ctx, order)) ?? existingPayment(ctx, order);
}

/** Refuses to take money for an order that is paid or cancelled. */
function assertPayable(order: PayableOrder): void {
  if (order.payment_status === PAYMENT_STATUS.paid)
    throw conflict(paymentMessages.alreadyPaid, 'ALREADY_PAID');
  if (order.payment_status === PAYMENT_STATUS.cod)
    throw conflict(paymentMessages.cashOnDelivery, 'ALREADY_PAID');
  if (order.delivery_status === CANCELLED) throw conflict(paymentMessages.orderClosed, 'PAYMENT_EXPIRED');
}

/**
 * Thrown when a payment turns out to be pending past its reservation (the expiry job has not got to it yet): the
 * order must not be paid any more. The flow that called catches it, ends the reservation and refuses.
 */
export class ReservationOver extends Error {
  constructor(readonly order: PayableOrder) {
    super(`the reservation of order ${order.order_code} is over`);
  }
}

function refuseIfReservationOver(order: PayableOrder, payment: PaymentRow): void {
  if (payment.status === 'pending' && Date.parse(payment.reservation_expires_at) <= Date.now())
    throw new ReservationOver(order);
}

export function refuseClosedPayment(payment: PaymentRow): void {
  if (payment.status === 'paid') throw conflict(paymentMessages.alreadyPaid, 'ALREADY_PAID');
  if (payment.status === 'failed' || payment.status === 'expired')
    throw conflict(paymentMessages.orderClosed, 'PAYMENT_EXPIRED');
}

/**
 * do_payment: starts (or restarts) a payment attempt and returns the UPI links for the order's total as the
 * database knows it; whatever price the page sent is ignored. The attempt never outlives the reservation. Throws
 * ReservationOver for a payment pending past its reservation.
 */
export async function startPayment(
  ctx: AppContext,
  customerId: number,
  orderCode: string,
): Promise<DoPaymentResponse> {
  const order = await customerOrder(ctx, customerId, orderCode);
  assertPayable(order);
  const now = Date.now();
  const attemptEndsBy = (reservationEnds: number) =>
    Math.min(now + ctx.config.payments.attemptSeconds * 1000, reservationEnds);

  // The first Pay Now of an order (the usual case, right after placing it) creates the payment with its attempt
  // already started, in one statement. Later ones find the payment and start a new attempt on it.
  const reservationEnds = Date.parse(reservationDeadline(ctx, order));
  let payment: PaymentRow;
  if (reservationEnds > now) {
    const attemptEnds = attemptEndsBy(reservationEnds);
    const created = await createPayment(ctx, order, new Date(attemptEnds).toISOString());
    if (created) return paymentLinks(ctx, order, created, attemptEnds, now);
    payment = await existingPayment(ctx, order);
  } else {
    payment = await paymentOf(ctx, order);
  }
  refuseClosedPayment(payment);
  if (payment.status === 'under verification')
    throw conflict(paymentMessages.utrAlreadySubmitted, 'UTR_ALREADY_SUBMITTED');
  refuseIfReservationOver(order, payment);

  const attemptEnds = attemptEndsBy(Date.parse(payment.reservation_expires_at));
  if (
    !(await repo.startAttempt(
      ctx.db,
      payment.id,
      new Date(attemptEnds).toISOString(),
      new Date(now).toISOString(),
    ))
  ) {
    // The payment changed under us (a UTR or the expiry job got there first): report what it is now.
    const current = await repo.findPayment(ctx.db, payment.id);
    if (current) refuseClosedPayment(current);
    throw conflict(paymentMessages.utrAlreadySubmitted, 'UTR_ALREADY_SUBMITTED');
  }
  return paymentLinks(ctx, order, payment, attemptEnds, now);
}

/** do_payment's answer: the UPI links for the payment's amount and when this attempt and the reservation end. */
function paymentLinks(
  ctx: AppContext,
  order: PayableOrder,
  payment: PaymentRow,
  attemptEnds: number,
  now: number,
): DoPaymentResponse {
  const links = upiLinks(payeeOf(ctx), payment.amount, order.order_code);
  return {
    url: links.upi,
    amount: payment.amount,
    appLinks: links,
    expiresAt: new Date(attemptEnds).toISOString(),
    expiresInSeconds: Math.max(0, Math.round((attemptEnds - now) / 1000)),
    reservationExpiresAt: payment.reservation_expires_at,
  };
}

function payeeOf(ctx: AppContext): UpiPayee {
  return { vpa: ctx.config.payments.upiVpa, name: ctx.config.payments.upiPayeeName };
}

export async function paymentStatus(
  ctx: AppContext,
  customerId: number,
  orderCode: string,
): Promise<PaymentStatusResponse> {
  const order = await customerOrder(ctx, customerId, orderCode);
  return reportedStatus(order, await repo.findPaymentOfOrder(ctx.db, order.id));
}

/** Who decides about a claim, and why. */
export interface Decider {
  source: DecisionSource;
  operatorId?: number;
  note?: string;
  /** A staff decision's audit row, written in the decision's own transaction (flows/paymentSettlement). */
  audit?: (trx: DB) => Promise<void>;
}

/** The audit row of a decision about a payment. */
export function decisionOf(
  payment: PaymentRow,
  decider: Decider,
  decision: 'verified' | 'rejected',
  utr: string,
  now: string,
) {
  return {
    payment_id: payment.id,
    operator_id: decider.operatorId ?? null,
    source: decider.source,
    decision,
    utr,
    note: decider.note?.trim() || null,
    created_at: now,
  };
}

/**
 * Rejects a payment's UTR claim, if it is still under verification; false when someone else decided it first. The
 * UTR is released (so it can be claimed by its real payer, or by the bank's confirmation) and the reason is kept
 * for the shopper, in one transaction with the audit row. The order stays payable with a corrected UTR.
 */
export async function releaseClaim(
  ctx: AppContext,
  payment: PaymentRow,
  decider: Decider,
  now: string,
): Promise<boolean> {
  const utr = payment.claimed_utr;
  if (!utr) return false;
  const decision = decisionOf(payment, decider, 'rejected', utr, now);
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.releaseClaim(trx, payment.id, utr, decision.note, now))) return false;
    await repo.insertDecision(trx, decision);
    await enqueueNotification(trx, {
      kind: 'payment_rejected',
      to: { customerId: payment.customer_id },
      params: { orderId: payment.order_id, reason: decision.note },
    });
    await decider.audit?.(trx);
    return true;
  });
}

async function recordClaimOrRefuse(ctx: AppContext, payment: PaymentRow, utr: string): Promise<void> {
  // Another order's claim does not block this one (the operator sees both); a transfer that paid one does.
  const paid = await repo.findPaymentPaidWith(ctx.db, utr);
  if (paid && paid.id !== payment.id) throw conflict(paymentMessages.utrUsed, 'UTR_USED');
  if (await repo.recordClaim(ctx.db, payment.id, utr, nowIso())) return;
  const current = await repo.findPayment(ctx.db, payment.id);
  if (current?.status === 'under verification' && current.claimed_utr === utr) return;
  if (current) refuseClosedPayment(current);
  throw conflict(paymentMessages.utrAlreadySubmitted, 'UTR_ALREADY_SUBMITTED');
}

/**
 * update-transactionId's own part: records the UTR the shopper copied from their UPI app and puts the payment under
 * verification (which keeps the order's stock reserved). The payment as it now is, or undefined when the same UTR
 * was already submitted (a harmless repeat). Throws ReservationOver for a payment pending past its reservation.
 */
export async function recordUtrClaim(
  ctx: AppContext,
  customerId: number,
  { orderId, transactionId }: SubmitUtrInput,
): Promise<PaymentRow | undefined> {
  const order = await customerOrder(ctx, customerId, orderId);
  assertPayable(order);
  const payment = await paymentOf(ctx, order);
  refuseClosedPayment(payment);
  if (payment.status === 'under verification') {
    if (payment.claimed_utr === transactionId) return undefined;
    throw conflict(paymentMessages.utrAlreadySubmitted, 'UTR_ALREADY_SUBMITTED');
  }
  refuseIfReservationOver(order, payment);
  await recordClaimOrRefuse(ctx, payment, transactionId);
  return (await repo.findPayment(ctx.db, payment.id)) ?? payment;
}

/** GET /order/confirm: acknowledges a paid order; asking again is harmless. */
export async function confirmOrder(
  ctx: AppContext,
  customerId: number,
  orderCode: string,
): Promise<OrderConfirmResponse> {
  const order = await customerOrder(ctx, customerId, orderCode);
  if (order.payment_status !== PAYMENT_STATUS.paid)
    throw conflict(paymentMessages.notPaidYet, 'NOT_PAID_YET');
  return { message: paymentMessages.orderConfirmed, order_status: order.delivery_status };
}
