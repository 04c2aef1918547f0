import {
  PAYMENT_STATUS,
  paymentMessages,
  upiLinks,
  type DecisionSource,
  type DoPaymentResponse,
  type OrderConfirmResponse,
  type PaymentState,
  type PaymentStatusResponse,
  type PaymentWebhookInput,
  type SubmitUtrInput,
  type UpiPayee,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { conflict, notFound } from '../http/errors';
import { cancelUnpaidOrder } from '../orders/service';
import * as repo from './repository';
import type { PayableOrder, PaymentRow } from './repository';
import { reportedStatus } from './status';
import type { PaymentVerifier } from './verifier';

const CANCELLED = 'cancelled';

export const orderTotal = (order: Pick<PayableOrder, 'price' | 'shipping_fee'>) =>
  order.price + order.shipping_fee;

function reservationDeadline(ctx: AppContext, order: PayableOrder): string {
  return new Date(
    Date.parse(order.created_at) + ctx.config.payments.reservationMinutes * 60_000,
  ).toISOString();
}

async function customerOrder(ctx: AppContext, customerId: number, orderCode: string): Promise<PayableOrder> {
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
async function paymentOf(ctx: AppContext, order: PayableOrder): Promise<PaymentRow> {
  return (await createPayment(ctx, order)) ?? existingPayment(ctx, order);
}

/** Refuses to take money for an order that is paid or cancelled. */
function assertPayable(order: PayableOrder): void {
  if (order.payment_status === PAYMENT_STATUS.paid) throw conflict(paymentMessages.alreadyPaid);
  if (order.delivery_status === CANCELLED) throw conflict(paymentMessages.orderClosed);
}

/**
 * Ends an order's reservation: its payment (never given a UTR) expires and the order is cancelled with its stock
 * returned. The payment's conditional update decides which process does it; a process that stops between the two
 * steps leaves a closed payment on a live order, which the expiry job's sweep finishes.
 */
export async function expireReservation(ctx: AppContext, order: PayableOrder): Promise<boolean> {
  await paymentOf(ctx, order);
  const won = await repo.expireWithoutUtr(ctx.db, order.id, nowIso());
  if (won) await cancelUnpaidOrder(ctx, order.order_code);
  return won;
}

/** Closes a pending payment whose reservation has run out before the job got to it, then refuses. */
async function refuseIfReservationOver(
  ctx: AppContext,
  order: PayableOrder,
  payment: PaymentRow,
): Promise<void> {
  if (payment.status !== 'pending' || Date.parse(payment.reservation_expires_at) > Date.now()) return;
  await expireReservation(ctx, order);
  throw conflict(paymentMessages.orderClosed);
}

function refuseClosedPayment(payment: PaymentRow): void {
  if (payment.status === 'paid') throw conflict(paymentMessages.alreadyPaid);
  if (payment.status === 'failed' || payment.status === 'expired')
    throw conflict(paymentMessages.orderClosed);
}

/**
 * do_payment: starts (or restarts) a payment attempt and returns the UPI links for the order's total as the
 * database knows it; whatever price the page sent is ignored. The attempt never outlives the reservation.
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
  if (payment.status === 'under verification') throw conflict(paymentMessages.utrAlreadySubmitted);
  await refuseIfReservationOver(ctx, order, payment);

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
    throw conflict(paymentMessages.utrAlreadySubmitted);
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

/** Until when a claim submitted at `submittedAt` may hold its order's stock without being verified. */
export function claimHoldDeadline(ctx: AppContext, submittedAt: string): string {
  return new Date(Date.parse(submittedAt) + ctx.config.payments.utrHoldMinutes * 60_000).toISOString();
}

/**
 * Ends a claim nobody verified within its hold: the payment expires and the order is cancelled with its stock
 * returned, as for an unpaid order (a stop in between is finished by the expiry job's sweep).
 */
export async function expireUnverifiedClaim(
  ctx: AppContext,
  payment: PaymentRow,
  submittedBefore: string,
): Promise<boolean> {
  const won = await repo.expireUnverifiedClaim(ctx.db, payment.id, submittedBefore, nowIso());
  if (won) await cancelUnpaidOrder(ctx, payment.order_code);
  return won;
}

export async function paymentStatus(
  ctx: AppContext,
  customerId: number,
  orderCode: string,
): Promise<PaymentStatusResponse> {
  const order = await customerOrder(ctx, customerId, orderCode);
  return reportedStatus(order, await repo.findPaymentOfOrder(ctx.db, order.id));
}

interface Decider {
  source: DecisionSource;
  operatorId?: number;
  note?: string;
}

/**
 * Marks a payment paid with the transfer `utr`, if it is still in one of `from`; false when someone else settled it
 * first. Payment, order ('paid', 'placed') and the audit row change in one transaction. Other orders' claims to the
 * same transfer are then rejected (released), so their shoppers learn why and can submit their own UTR.
 */
export async function payPayment(
  ctx: AppContext,
  payment: PaymentRow,
  from: readonly PaymentState[],
  decider: Decider,
  utr: string,
): Promise<boolean> {
  const now = nowIso();
  let won: boolean;
  try {
    won = await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.markPaymentPaid(trx, payment, from, utr, now))) return false;
      if (!(await repo.markOrderPaid(trx, payment.order_id, now)))
        throw conflict(paymentMessages.orderClosed);
      await repo.insertDecision(trx, {
        payment_id: payment.id,
        operator_id: decider.operatorId ?? null,
        source: decider.source,
        decision: 'verified',
        utr,
        note: decider.note?.trim() || null,
        created_at: now,
      });
      return true;
    });
  } catch (error) {
    // The transfer already paid another order (the unique index on the paid UTR).
    if (repo.isUniqueViolation(error)) throw conflict(paymentMessages.utrUsed);
    throw error;
  }
  if (!won) return false;
  for (const rival of await repo.claimsOfUtr(ctx.db, utr)) {
    if (rival.id === payment.id) continue;
    await rejectClaim(ctx, rival, { ...decider, note: paymentMessages.claimVerifiedElsewhere });
  }
  return true;
}

/**
 * Rejects a payment's UTR claim, if it is still under verification; false when someone else decided it first. The
 * UTR is released (so it can be claimed by its real payer, or by the bank's confirmation) and the reason is kept
 * for the shopper. The order stays payable, with a corrected UTR, until its reservation ends; a rejection that
 * comes after that cancels the order and releases its stock at once.
 */
export async function rejectClaim(ctx: AppContext, payment: PaymentRow, decider: Decider): Promise<boolean> {
  const utr = payment.claimed_utr;
  if (!utr) return false;
  const now = nowIso();
  const note = decider.note?.trim() || null;
  const won = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.releaseClaim(trx, payment.id, utr, note, now))) return false;
    await repo.insertDecision(trx, {
      payment_id: payment.id,
      operator_id: decider.operatorId ?? null,
      source: decider.source,
      decision: 'rejected',
      utr,
      note,
      created_at: now,
    });
    return true;
  });
  if (won && Date.parse(payment.reservation_expires_at) <= Date.parse(now)) {
    const order = await repo.findOrderByCode(ctx.db, payment.order_code);
    if (order) await expireReservation(ctx, order);
  }
  return won;
}

/** Applies what a verifier or the bank said about a claim: paid with the claimed UTR, or rejected. */
function settleClaim(
  ctx: AppContext,
  payment: PaymentRow,
  outcome: 'paid' | 'failed',
  decider: Decider,
): Promise<boolean> {
  if (outcome === 'failed' || !payment.claimed_utr) return rejectClaim(ctx, payment, decider);
  return payPayment(ctx, payment, ['under verification'], decider, payment.claimed_utr);
}

async function recordClaimOrRefuse(ctx: AppContext, payment: PaymentRow, utr: string): Promise<void> {
  // Another order's claim does not block this one (the operator sees both); a transfer that paid one does.
  const paid = await repo.findPaymentPaidWith(ctx.db, utr);
  if (paid && paid.id !== payment.id) throw conflict(paymentMessages.utrUsed);
  if (await repo.recordClaim(ctx.db, payment.id, utr, nowIso())) return;
  const current = await repo.findPayment(ctx.db, payment.id);
  if (current?.status === 'under verification' && current.claimed_utr === utr) return;
  if (current) refuseClosedPayment(current);
  throw conflict(paymentMessages.utrAlreadySubmitted);
}

/**
 * update-transactionId: records the UTR the shopper copied from their UPI app and puts the payment under
 * verification (which keeps the order's stock reserved). Submitting the same UTR again is harmless.
 */
export async function submitUtr(
  ctx: AppContext,
  verifier: PaymentVerifier,
  customerId: number,
  { orderId, transactionId }: SubmitUtrInput,
): Promise<{ message: string; payment_status: PaymentState }> {
  const order = await customerOrder(ctx, customerId, orderId);
  assertPayable(order);
  const payment = await paymentOf(ctx, order);
  refuseClosedPayment(payment);
  if (payment.status === 'under verification') {
    if (payment.claimed_utr === transactionId)
      return { message: paymentMessages.utrSubmitted, payment_status: 'under verification' };
    throw conflict(paymentMessages.utrAlreadySubmitted);
  }
  await refuseIfReservationOver(ctx, order, payment);
  await recordClaimOrRefuse(ctx, payment, transactionId);

  const submitted = (await repo.findPayment(ctx.db, payment.id)) ?? payment;
  const outcome = await verifier.verify(submitted);
  if (outcome !== 'unknown') {
    await settleClaim(ctx, submitted, outcome, { source: 'bank', note: `verifier ${verifier.name}` });
  }
  const now = (await repo.findPayment(ctx.db, payment.id)) ?? submitted;
  return { message: paymentMessages.utrSubmitted, payment_status: now.status as PaymentState };
}

/** A bank/PSP notification (already authenticated by its signature). Repeats are harmless. */
export async function applyBankNotification(
  ctx: AppContext,
  { orderId, utr, status }: PaymentWebhookInput,
): Promise<{ message: string; payment_status: PaymentState }> {
  const order = await repo.findOrderByCode(ctx.db, orderId);
  if (!order) throw notFound(paymentMessages.orderNotFound);
  const payment = await paymentOf(ctx, order);
  if (status === 'SUCCESS') {
    // Shoppers' claims to this UTR never stand in the bank's way (paying this order releases them); only a
    // transfer already recorded as paying another order does, and a person has to look at that.
    const paid = await repo.findPaymentPaidWith(ctx.db, utr);
    if (paid && paid.id !== payment.id) {
      ctx.log.error({ orderId, paidOrder: paid.order_code }, 'bank confirmed a UTR that paid another order');
      throw conflict(paymentMessages.utrUsed);
    }
    await payPayment(ctx, payment, ['pending', 'under verification'], { source: 'bank' }, utr);
  } else if (payment.claimed_utr === utr) {
    // A failure only settles the transfer the shopper claimed; an unknown UTR's failure leaves the order payable.
    await rejectClaim(ctx, payment, { source: 'bank', note: paymentMessages.bankFailed });
  }
  const current = (await repo.findPayment(ctx.db, payment.id)) ?? payment;
  if (status === 'SUCCESS' && current.status !== 'paid') {
    ctx.log.warn(
      { orderId, status: current.status },
      'bank reported a payment for an order that is no longer payable',
    );
    refuseClosedPayment(current);
  }
  return { message: paymentMessages.webhookApplied, payment_status: current.status as PaymentState };
}

/** GET /order/confirm: acknowledges a paid order; asking again is harmless. */
export async function confirmOrder(
  ctx: AppContext,
  customerId: number,
  orderCode: string,
): Promise<OrderConfirmResponse> {
  const order = await customerOrder(ctx, customerId, orderCode);
  if (order.payment_status !== PAYMENT_STATUS.paid) throw conflict(paymentMessages.notPaidYet);
  return { message: paymentMessages.orderConfirmed, order_status: order.delivery_status };
}

/** remove_from_cart: takes the order's products out of the cart (placing the order usually did already). */
export async function removeOrderFromCart(
  ctx: AppContext,
  customerId: number,
  orderCode: string,
): Promise<{ message: string }> {
  const order = await customerOrder(ctx, customerId, orderCode);
  await repo.removeOrderProductsFromCart(ctx.db, customerId, order.id);
  return { message: paymentMessages.cartCleared };
}
