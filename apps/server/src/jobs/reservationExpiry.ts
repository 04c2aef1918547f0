import type { AppContext } from '../context';
import type { CatalogueWriteTracker } from '../cache/catalogueWrites';
import { expireReservations } from '../flows/reservationExpiry';
import { recordJobRun } from '../observability/metrics';

/** The timer of the reservation expiry; what one run does is flows/reservationExpiry.ts. */

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
