import {
  PAYMENT_STATUS,
  paymentMessages,
  refundMessages,
  type DoPaymentResponse,
  type PaymentState,
  type PaymentWebhookInput,
  type SubmitUtrInput,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import { recordAudit, type StaffActor } from '../audit/service';
import { nowIso } from '../db/database';
import { conflict, HttpError, notFound } from '../http/errors';
import { removeProductsOfOrder } from '../cart/repository';
import * as paymentRows from '../payments/repository';
import type { PayableOrder, PaymentRow } from '../payments/repository';
import * as payments from '../payments/service';
import type { Decider } from '../payments/service';
import { reportedStatus } from '../payments/status';
import type { PaymentVerifier } from '../payments/verifier';
import { insertLatePaymentRefund } from '../refunds/repository';
import { placePaidOrder, type Actor } from './fulfilment';
import { expireReservation } from './reservationExpiry';

/**
 * Payment settlement: from the shopper's Pay Now and UTR to the money being verified (by an operator or the bank)
 * or rejected, and what that does beyond the payment — the order paid and placed (orders), other orders' claims
 * to the same transfer released, a reservation found overdue ended with its stock released
 * (flows/reservationExpiry.ts), the order's products taken out of the cart.
 *
 * Transactions: verifying is one transaction over the payment, the order and the audit row (`payPayment`);
 * rejecting is one over the payment and the audit row (payments/service `releaseClaim`). What follows a decision
 * (rivals released, an overdue reservation ended) runs after it commits, each step a conditional update that is
 * safe to repeat.
 */

/**
 * Runs a payments step that may find the order's reservation over (payments' ReservationOver): the reservation is
 * then ended — payment expired, order cancelled, stock back — and the shopper told the order is closed.
 */
async function endingOverdueReservation<T>(ctx: AppContext, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof payments.ReservationOver)) throw error;
    await expireReservation(ctx, error.order);
    throw conflict(paymentMessages.orderClosed, 'PAYMENT_EXPIRED');
  }
}

/** do_payment: starts (or restarts) a payment attempt and answers the UPI links (payments/service startPayment). */
export function startPayment(
  ctx: AppContext,
  customerId: number,
  orderCode: string,
): Promise<DoPaymentResponse> {
  return endingOverdueReservation(ctx, () => payments.startPayment(ctx, customerId, orderCode));
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
      if (!(await paymentRows.markPaymentPaid(trx, payment, from, utr, now))) return false;
      const shopperMessage = {
        kind: 'payment_verified' as const,
        to: { customerId: payment.customer_id },
        params: { orderId: payment.order_id },
      };
      if (!(await placePaidOrder(trx, payment.order_id, actorOf(decider), now, shopperMessage)))
        throw conflict(paymentMessages.orderClosed, 'PAYMENT_EXPIRED');
      await paymentRows.insertDecision(trx, payments.decisionOf(payment, decider, 'verified', utr, now));
      await decider.audit?.(trx);
      return true;
    });
  } catch (error) {
    // The transfer already paid another order (the unique index on the paid UTR).
    if (paymentRows.isUniqueViolation(error)) throw conflict(paymentMessages.utrUsed, 'UTR_USED');
    throw error;
  }
  if (!won) return false;
  // Releasing the rivals follows from the decision; it is not another staff action to audit.
  const { source, operatorId } = decider;
  for (const rival of await paymentRows.claimsOfUtr(ctx.db, utr)) {
    if (rival.id === payment.id) continue;
    await rejectClaim(ctx, rival, { source, operatorId, note: paymentMessages.claimVerifiedElsewhere });
  }
  return true;
}

/** Who placed the order by confirming its payment: an operator, or the bank (the system). */
function actorOf(decider: Decider): Actor {
  return decider.source === 'operator'
    ? { kind: 'operator', id: decider.operatorId ?? null }
    : { kind: 'system', id: null };
}

/**
 * Rejects a payment's UTR claim, if it is still under verification; false when someone else decided it first. The
 * order stays payable, with a corrected UTR, until its reservation ends; a rejection that comes after that cancels
 * the order and releases its stock at once.
 */
export async function rejectClaim(ctx: AppContext, payment: PaymentRow, decider: Decider): Promise<boolean> {
  const now = nowIso();
  const won = await payments.releaseClaim(ctx, payment, decider, now);
  if (won && Date.parse(payment.reservation_expires_at) <= Date.parse(now)) {
    const order = await paymentRows.findOrderByCode(ctx.db, payment.order_code);
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

/**
 * update-transactionId: records the UTR the shopper copied from their UPI app and puts the payment under
 * verification (which keeps the order's stock reserved); a verifier that can tell at once settles it. Submitting
 * the same UTR again is harmless.
 */
export async function submitUtr(
  ctx: AppContext,
  verifier: PaymentVerifier,
  customerId: number,
  input: SubmitUtrInput,
): Promise<{ message: string; payment_status: PaymentState }> {
  const submitted = await endingOverdueReservation(ctx, () =>
    payments.recordUtrClaim(ctx, customerId, input),
  );
  if (!submitted) return { message: paymentMessages.utrSubmitted, payment_status: 'under verification' };
  const outcome = await verifier.verify(submitted);
  if (outcome !== 'unknown') {
    await settleClaim(ctx, submitted, outcome, { source: 'bank', note: `verifier ${verifier.name}` });
  }
  const now = (await paymentRows.findPayment(ctx.db, submitted.id)) ?? submitted;
  return { message: paymentMessages.utrSubmitted, payment_status: now.status as PaymentState };
}

/** A bank/PSP notification (already authenticated by its signature). Repeats are harmless. */
export async function applyBankNotification(
  ctx: AppContext,
  { orderId, utr, status }: PaymentWebhookInput,
): Promise<{ message: string; payment_status: PaymentState }> {
  const order = await paymentRows.findOrderByCode(ctx.db, orderId);
  if (!order) throw notFound(paymentMessages.orderNotFound);
  const payment = await payments.paymentOf(ctx, order);
  if (status === 'SUCCESS') {
    // Shoppers' claims to this UTR never stand in the bank's way (paying this order releases them); only a
    // transfer already recorded as paying another order does, and a person has to look at that.
    const paid = await paymentRows.findPaymentPaidWith(ctx.db, utr);
    if (paid && paid.id !== payment.id) {
      ctx.log.error({ orderId, paidOrder: paid.order_code }, 'bank confirmed a UTR that paid another order');
      throw conflict(paymentMessages.utrUsed, 'UTR_USED');
    }
    try {
      await payPayment(ctx, payment, ['pending', 'under verification'], { source: 'bank' }, utr);
    } catch (error) {
      // The order was cancelled meanwhile: handled below as a late payment.
      if (!(error instanceof HttpError && error.code === 'PAYMENT_EXPIRED')) throw error;
    }
  } else if (payment.claimed_utr === utr) {
    // A failure only settles the transfer the shopper claimed; an unknown UTR's failure leaves the order payable.
    await rejectClaim(ctx, payment, { source: 'bank', note: paymentMessages.bankFailed });
  }
  const current = (await paymentRows.findPayment(ctx.db, payment.id)) ?? payment;
  if (status === 'SUCCESS' && current.status !== 'paid') {
    const closed = (await paymentRows.findOrderByCode(ctx.db, orderId)) ?? order;
    if (closed.payment_status !== PAYMENT_STATUS.paid && closed.delivery_status === 'cancelled') {
      await recordLatePayment(ctx, closed, utr);
      return { message: refundMessages.latePayment, payment_status: current.status as PaymentState };
    }
    ctx.log.warn(
      { orderId, status: current.status },
      'bank reported a payment for an order that is no longer payable',
    );
    payments.refuseClosedPayment(current);
  }
  return { message: paymentMessages.webhookApplied, payment_status: current.status as PaymentState };
}

/**
 * The bank confirmed money for an order that was cancelled before it arrived (its reservation ended, or the shopper
 * cancelled it): the shopper is owed all of it back, a `late_payment` refund. Recorded once per order however often
 * the bank repeats itself (the unique index of migration 024).
 */
async function recordLatePayment(ctx: AppContext, order: PayableOrder, utr: string): Promise<void> {
  ctx.log.warn({ orderId: order.order_code, utr }, 'payment arrived for a cancelled order: refund owed');
  await insertLatePaymentRefund(ctx.db, {
    customer_order_id: order.id,
    seller_order_id: null,
    customer_id: order.customer_id,
    amount: order.price + order.shipping_fee,
    reason: 'late_payment',
    reference: null,
    created_at: nowIso(),
    refunded_at: null,
  });
}

/**
 * An operator's (or admin's) verdict on a payment under verification, recorded with who and when, and in the audit
 * log in the same transaction. Verified: the order is paid and placed (other claims to the UTR are released).
 * Rejected: the UTR is released and the shopper, told why, may submit a corrected one while the order's reservation
 * lasts; after that the order is cancelled.
 */
export async function decidePayment(
  ctx: AppContext,
  actor: StaffActor,
  paymentId: number,
  decision: 'verified' | 'rejected',
  note: string | undefined,
): Promise<{ message: string; payment_status: PaymentState }> {
  const payment = await paymentRows.findPayment(ctx.db, paymentId);
  if (!payment) throw notFound(paymentMessages.paymentNotFound);
  const utr = payment.claimed_utr;
  const decider: Decider = {
    source: 'operator',
    operatorId: actor.staff.id,
    note,
    audit: (trx) =>
      recordAudit(trx, actor, {
        action: decision === 'verified' ? 'payment.verify' : 'payment.reject',
        subjectKind: 'payment',
        subjectId: payment.order_code,
        before: { status: payment.status, claimedUtr: utr },
        after: decision === 'verified' ? { status: 'paid', utr } : { status: 'pending', rejectedUtr: utr },
        reason: note?.trim() || null,
      }),
  };
  const won =
    decision === 'verified'
      ? utr !== null && (await payPayment(ctx, payment, ['under verification'], decider, utr))
      : await rejectClaim(ctx, payment, decider);
  if (!won) throw conflict(paymentMessages.notUnderVerification, 'NOT_UNDER_VERIFICATION');
  const [order, current] = await Promise.all([
    paymentRows.findOrderByCode(ctx.db, payment.order_code),
    paymentRows.findPayment(ctx.db, paymentId),
  ]);
  return {
    message: decision === 'verified' ? paymentMessages.verified : paymentMessages.rejected,
    // What the shopper now sees: paid, or (rejected) failed while the order can still be paid, else expired.
    payment_status: order ? reportedStatus(order, current).payment_status : 'expired',
  };
}

/** remove_from_cart: takes the order's products out of the cart (placing the order usually did already). */
export async function removeOrderFromCart(
  ctx: AppContext,
  customerId: number,
  orderCode: string,
): Promise<{ message: string }> {
  const order = await payments.customerOrder(ctx, customerId, orderCode);
  await removeProductsOfOrder(ctx.db, customerId, order.id);
  return { message: paymentMessages.cartCleared };
}
