import type { AppContext } from '../context';
import type { CatalogueWriteTracker } from '../cache/catalogueWrites';
import * as payments from '../payments/repository';
import { expireReservation } from '../payments/service';
import { cancelUnpaidOrder } from '../orders/service';

/** Orders handled per pass; a backlog (say after downtime) is worked through in further passes. */
const BATCH_SIZE = 100;

export interface ExpiryRun {
  /** Orders whose reservation ended in this run: cancelled, payment expired, stock released. */
  expired: number;
  /** Orders whose payment had already closed but which still held stock (a process stopped half-way). */
  released: number;
}

/**
 * Cancels every unpaid order that is still without a UTR once ORDER_RESERVATION_MINUTES have passed since it was
 * placed, and gives its stock back. All state lives in the database, so a restart loses nothing, and each
 * cancellation is a conditional update, so several processes running this at once cancel each order once.
 */
export async function expireReservations(ctx: AppContext, now: Date = new Date()): Promise<ExpiryRun> {
  const placedBefore = new Date(
    now.getTime() - ctx.config.payments.reservationMinutes * 60_000,
  ).toISOString();
  const run: ExpiryRun = { expired: 0, released: 0 };
  for (;;) {
    const orders = await payments.ordersPastReservation(ctx.db, placedBefore, BATCH_SIZE);
    let progressed = false;
    for (const order of orders) {
      if (await expireReservation(ctx, order)) {
        run.expired++;
        progressed = true;
      }
    }
    // Another process may be taking the same batch; stop when a pass changes nothing.
    if (orders.length < BATCH_SIZE || !progressed) break;
  }
  for (const orderCode of await payments.unreleasedClosedOrders(ctx.db, BATCH_SIZE)) {
    if (await cancelUnpaidOrder(ctx, orderCode)) run.released++;
  }
  return run;
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
    // Released stock changes product pages: cached copies read before the job committed must go.
    current = catalogueWrites
      .settledAfter(() => expireReservations(ctx))
      .then((run) => {
        if (run.expired || run.released) ctx.log.info(run, 'expired unpaid order reservations');
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'reservation expiry run failed'))
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
