import type { AppContext } from '../context';
import type { CatalogueWriteTracker } from '../cache/catalogueWrites';
import * as payments from '../payments/repository';
import { expireReservation, expireUnverifiedClaim } from '../payments/service';
import { cancelUnpaidOrder } from '../orders/service';
import { recordJobRun } from '../observability/metrics';

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
      () => payments.ordersPastReservation(ctx.db, placedBefore, BATCH_SIZE),
      (order) => expireReservation(ctx, order),
    ),
    unverified: await endInBatches(
      () => payments.claimsPastHold(ctx.db, claimedBefore, BATCH_SIZE),
      (claim) => expireUnverifiedClaim(ctx, claim, claimedBefore),
    ),
    released: 0,
  };
  for (const orderCode of await payments.unreleasedClosedOrders(ctx.db, BATCH_SIZE)) {
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

export interface RunningJob {
  stop(): Promise<void>;
}

/**
 * Runs the expiry at startup and then every `intervalSeconds` (0: startup only). Runs never overlap within a
 * process; a failed run is logged and the next one tries again.
 */
export function startReservationExpiryJob(
  ctx: AppContext,
  intervalSeconds: number,
  catalogueWrites: CatalogueWriteTracker,
): RunningJob {
  let current: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (current || stopped) return;
    const startedAt = Date.now();
    // Released stock changes product pages: cached copies read before the job committed must go.
    current = catalogueWrites
      .settledAfter(() => expireReservations(ctx))
      .then((run) => {
        recordJobRun('reservation_expiry', startedAt, 'success');
        if (run.expired || run.unverified || run.released)
          ctx.log.info(run, 'expired unpaid order reservations');
      })
      .catch((error: unknown) => {
        recordJobRun('reservation_expiry', startedAt, 'failure');
        ctx.log.error({ err: error }, 'reservation expiry run failed');
      })
      .finally(() => {
        current = null;
      });
  };
  tick();
  const timer = intervalSeconds > 0 ? setInterval(tick, intervalSeconds * 1000) : null;
  timer?.unref();
  return {
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await current;
    },
  };
}
