import type { AppContext } from '../context';
import type { CatalogueWriteTracker } from '../cache/catalogueWrites';
import { expireReservations } from '../flows/reservationExpiry';
import { startPeriodicJob, type RunningJob } from './periodic';

/** The timer of the reservation expiry; what one run does is flows/reservationExpiry.ts. */

/** Runs the expiry at startup and then every `intervalSeconds` (0: startup only); see startPeriodicJob. */
export function startReservationExpiryJob(
  ctx: AppContext,
  intervalSeconds: number,
  catalogueWrites: CatalogueWriteTracker,
): RunningJob {
  return startPeriodicJob(ctx, {
    name: 'reservation_expiry',
    intervalSeconds,
    // Released stock changes product pages: cached copies read before the job committed must go.
    run: () => catalogueWrites.settledAfter(() => expireReservations(ctx)),
    report: (run) => {
      if (run.expired || run.unverified || run.released)
        ctx.log.info(run, 'expired unpaid order reservations');
    },
  });
}
