import {
  PAYMENT_STATUS,
  paymentMessages,
  type PaymentRejection,
  type PaymentState,
  type PaymentStatusResponse,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import * as repo from './repository';
import type { PayableOrder, PaymentRow } from './repository';

const CANCELLED = 'cancelled';

/** Until when a claim submitted at `submittedAt` may hold its order's stock without being verified. */
export function claimHoldDeadline(ctx: Pick<AppContext, 'config'>, submittedAt: string): string {
  return new Date(Date.parse(submittedAt) + ctx.config.payments.utrHoldMinutes * 60_000).toISOString();
}

/** The last rejected claim, while no newer claim waits or has paid. */
function rejectionOf(payment: PaymentRow): PaymentRejection | undefined {
  if (!payment.rejected_utr || !payment.rejected_at) return undefined;
  if (payment.status === 'under verification' || payment.status === 'paid') return undefined;
  return { utr: payment.rejected_utr, reason: payment.rejection_note, rejectedAt: payment.rejected_at };
}

/** Why a closed payment's order can no longer be paid. */
function closedReasonOf(payment: PaymentRow | undefined): string {
  if (payment?.status === 'failed') return paymentMessages.paymentFailed;
  // An expired payment that still has a claim ran out of verification time; any other ran out of payment time.
  if (payment?.status === 'expired' && payment.claimed_utr) return paymentMessages.verificationTimedOut;
  return paymentMessages.windowClosed;
}

/**
 * What the shopper's pages see. A pending payment whose attempt ran out (or whose UTR was just rejected) reads
 * `failed` for that attempt, but the shopper can still retry (canRetry) until the reservation ends.
 */
export function reportedStatus(
  order: Pick<PayableOrder, 'payment_status' | 'delivery_status'>,
  payment: PaymentRow | undefined,
  now = Date.now(),
): PaymentStatusResponse {
  if (order.payment_status === PAYMENT_STATUS.paid) return { payment_status: 'paid', canRetry: false };
  // Cash on delivery: nothing to pay online (it reads `paid` once the cash is collected).
  if (order.payment_status === PAYMENT_STATUS.cod) return { payment_status: 'cod', canRetry: false };
  const rejection = payment && rejectionOf(payment);
  const withRejection = rejection ? { rejection } : {};
  const closed = (payment_status: PaymentState): PaymentStatusResponse => ({
    payment_status,
    canRetry: false,
    closedReason: closedReasonOf(payment),
    ...withRejection,
  });
  // The reservation's end closes the payment before it cancels the order, so a cancelled order whose payment is
  // still open (or was never started) was cancelled by its shops (fulfilment).
  const cancelledByShop: PaymentStatusResponse = {
    payment_status: 'expired',
    canRetry: false,
    closedReason: paymentMessages.cancelledByShop,
  };
  if (!payment) {
    return order.delivery_status === CANCELLED
      ? cancelledByShop
      : { payment_status: 'pending', canRetry: true };
  }
  if (payment.status === 'pending') {
    if (order.delivery_status === CANCELLED) return cancelledByShop;
    if (Date.parse(payment.reservation_expires_at) <= now) return closed('expired');
    const attemptOver = payment.attempt_expires_at !== null && Date.parse(payment.attempt_expires_at) <= now;
    return { payment_status: attemptOver ? 'failed' : 'pending', canRetry: true, ...withRejection };
  }
  if (payment.status === 'failed' || payment.status === 'expired') return closed(payment.status);
  return { payment_status: payment.status as PaymentState, canRetry: false };
}

/** The payment status of each unpaid order, by order id, read in one query (paid orders are left out). */
export async function paymentStatusesOf(
  db: DB,
  orders: readonly Pick<PayableOrder, 'id' | 'payment_status' | 'delivery_status'>[],
): Promise<Map<number, PaymentStatusResponse>> {
  const unpaid = orders.filter((order) => order.payment_status !== PAYMENT_STATUS.paid);
  const payments = await repo.paymentsOfOrders(
    db,
    unpaid.map((order) => order.id),
  );
  const byOrder = new Map(payments.map((payment) => [payment.order_id, payment]));
  return new Map(unpaid.map((order) => [order.id, reportedStatus(order, byOrder.get(order.id))]));
}
