import type { CatalogueWriteTracker } from '../cache/catalogueWrites';
import { outsideCatalogueChangesSeen } from '../catalog/repository';
import type { AppContext } from '../context';
import { startPeriodicJob, type RunningJob } from './periodic';

/**
 * Hears the catalogue changes made outside the servers (`npm run seller:approve` counts them in the database,
 * migration 035): every `intervalSeconds` (0: never) the count is read, one indexed row, and when it has moved since
 * the last run the process's cached catalogue answers are retired as by one of its own writes (and, with Redis,
 * announced to its peers). The first run only learns where the count stands.
 */
export function startOutsideCatalogueChangesJob(
  ctx: AppContext,
  intervalSeconds: number,
  catalogueWrites: CatalogueWriteTracker,
): RunningJob | undefined {
  if (intervalSeconds <= 0) return undefined;
  let seen: number | undefined;
  return startPeriodicJob(ctx, {
    name: 'outside_catalogue_changes',
    intervalSeconds,
    run: () => outsideCatalogueChangesSeen(ctx.db),
    report: (count) => {
      if (seen !== undefined && count !== seen) {
        catalogueWrites.changedElsewhere();
        ctx.log.info({ count }, 'the catalogue changed outside the server: cached answers retired');
      }
      seen = count;
    },
  });
}
