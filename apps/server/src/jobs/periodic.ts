import type { AppContext } from '../context';
import { recordJobRun } from '../observability/metrics';

export interface RunningJob {
  stop(): Promise<void>;
}

/**
 * Runs `run` at startup and then every `intervalSeconds` (0: startup only). Runs never overlap within a process;
 * each is recorded in the job metrics under `name`, its result handed to `report`, and a failed run is logged and
 * the next one tries again.
 */
export function startPeriodicJob<T>(
  ctx: Pick<AppContext, 'log'>,
  job: { name: string; intervalSeconds: number; run: () => Promise<T>; report: (result: T) => void },
): RunningJob {
  let current: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (current || stopped) return;
    const startedAt = Date.now();
    current = job
      .run()
      .then((result) => {
        recordJobRun(job.name, startedAt, 'success');
        job.report(result);
      })
      .catch((error: unknown) => {
        recordJobRun(job.name, startedAt, 'failure');
        ctx.log.error({ err: error }, `${job.name.replaceAll('_', ' ')} run failed`);
      })
      .finally(() => {
        current = null;
      });
  };
  tick();
  const timer = job.intervalSeconds > 0 ? setInterval(tick, job.intervalSeconds * 1000) : null;
  timer?.unref();
  return {
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await current;
    },
  };
}
