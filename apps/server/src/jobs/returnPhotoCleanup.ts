import { RETURN_PHOTO_UNSENT_HOURS } from '@bazaar/shared';
import type { AppContext } from '../context';
import { removeUnsentReturnPhotos } from '../flows/returnPhotos';
import { startPeriodicJob, type RunningJob } from './periodic';

/**
 * Hourly is plenty for photos kept RETURN_PHOTO_UNSENT_HOURS: one left over lives at most an hour longer, and a run
 * that finds nothing costs one indexed query.
 */
const INTERVAL_SECONDS = 60 * 60;

/**
 * The timer of the removal of return photos uploaded but never sent with a return (flows/returnPhotos.ts): at
 * startup and then hourly. Every process may run it: a photo's row is deleted once, by whichever run gets it.
 */
export function startReturnPhotoCleanupJob(ctx: AppContext): RunningJob {
  return startPeriodicJob(ctx, {
    name: 'return_photo_cleanup',
    intervalSeconds: INTERVAL_SECONDS,
    run: () => removeUnsentReturnPhotos(ctx),
    report: (run) => {
      if (run.removed)
        ctx.log.info(run, `removed return photos unsent after ${RETURN_PHOTO_UNSENT_HOURS} hours`);
    },
  });
}
