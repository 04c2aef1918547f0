import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import * as paymentRows from '../payments/repository';
import type { PayableOrder, PaymentRow } from '../payments/repository';
import { paymentOf } from '../payments/service';
import * as fulfilment from './fulfilment';

/**
 * Reservation expiry: an unpaid order holds its stock for ORDER_RESERVATION_MINUTES (a submitted UTR for at most
 * PAYMENT_UTR_HOLD_MINUTES more); then its payment closes (payments), the order is cancelled (orders) and its units
 * go back on sale (catalogue). jobs/reservationExpiry.ts runs `expireReservations` on a timer; paying also ends a
 * reservation it finds overdue (flows/paymentSettlement.ts).
 *
 * Transactions: closing the payment is one conditional update, which decides which process ends the reservation;
 * cancelling the order and returning its stock is a second transaction. A process that stops between the two leaves
 * a closed payment on a live order, which `expireReservations`' sweep finishes.
 */

/** Orders handled per pass; a backlog (say after downtime) is worked through in further passes. */
const BATCH_SIZE = 100;

export interface ExpiryRun {
  /** Orders whose reservation ended in this run: cancelled, payment expired, stock released. */
  expired: number;
  /** Orders whose UTR stayed unverified past PAYMENT_UTR_HOLD_MINUTES: cancelled the same way. */
  unverified: number;
  /** Orders whose payment had already closed but which still held stock (a process stopped half-way). */
  released: number;
}

/** Why the reservation job cancels an order, as the shopper's timeline shows it. */
const EXPIRED_NOTE = 'Payment was not received in time';

/**
 * Cancels an order that is still unpaid and gives its stock back, in one transaction (the fulfilment flow, which
 * records the cancellation of each part). Returns false (and changes nothing) for a paid, already cancelled or
 * unknown order, so it is safe to call more than once.
 */
export function cancelUnpaidOrder(ctx: AppContext, orderCode: string): Promise<boolean> {
  return fulfilment.cancelUnpaidOrder(ctx, orderCode, EXPIRED_NOTE);
}

/**
 * Ends an order's reservation: its payment (never given a UTR) expires and the order is cancelled with its stock
 * returned. The payment's conditional update decides which process does it.
 */
export async function expireReservation(ctx: AppContext, order: PayableOrder): Promise<boolean> {
  await paymentOf(ctx, order);
  const won = await paymentRows.expireWithoutUtr(ctx.db, order.id, nowIso());
  if (won) await cancelUnpaidOrder(ctx, order.order_code);
  return won;
}

/**
 * Ends a claim nobody verified within its hold: the payment expires and the order is cancelled with its stock
 * returned, as for an unpaid order.
 */
export async function expireUnverifiedClaim(
  ctx: AppContext,
  payment: PaymentRow,
  submittedBefore: string,
): Promise<boolean> {
  const won = await paymentRows.expireUnverifiedClaim(ctx.db, payment.id, submittedBefore, nowIso());
  if (won) await cancelUnpaidOrder(ctx, payment.order_code);
  return won;
}

/**
 * Cancels every unpaid order that is still without a UTR once ORDER_RESERVATION_MINUTES have passed since it was
 * placed, and every order whose UTR nobody verified within PAYMENT_UTR_HOLD_MINUTES of its submission, and gives
 * their stock back. All state lives in the database, so a restart loses nothing, and each cancellation is a
 * conditional update, so several processes running this at once cancel each order once.
 */
export async function expireReservations(ctx: AppContext, now: Date = new Date()): Promise<ExpiryRun> {
  const placedBefore = new Date(
    now.getTime() - ctx.config.payments.reservationMinutes * 60_000,
  ).toISOString();
  const claimedBefore = new Date(now.getTime() - ctx.config.payments.utrHoldMinutes * 60_000).toISOString();
  const run: ExpiryRun = {
    expired: await endInBatches(
      () => paymentRows.ordersPastReservation(ctx.db, placedBefore, BATCH_SIZE),
      (order) => expireReservation(ctx, order),
    ),
    unverified: await endInBatches(
      () => paymentRows.claimsPastHold(ctx.db, claimedBefore, BATCH_SIZE),
      (claim) => expireUnverifiedClaim(ctx, claim, claimedBefore),
    ),
    released: 0,
  };
  for (const orderCode of await paymentRows.unreleasedClosedOrders(ctx.db, BATCH_SIZE)) {
    if (await cancelUnpaidOrder(ctx, orderCode)) run.released++;
  }
  return run;
}

/** Ends every item of each batch `next` returns; the number it ended. */
async function endInBatches<T>(
  next: () => Promise<T[]>,
  end: (item: T) => Promise<boolean>,
): Promise<number> {
  let ended = 0;
  for (;;) {
    const batch = await next();
    let progressed = false;
    for (const item of batch) {
      if (await end(item)) {
        ended++;
        progressed = true;
      }
    }
    // Another process may be taking the same batch; stop when a pass changes nothing.
    if (batch.length < BATCH_SIZE || !progressed) return ended;
  }
}
