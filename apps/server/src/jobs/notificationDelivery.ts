import type { AppContext } from '../context';
import { onNotificationEnqueued } from '../notifications/outbox';
import { nextDueAt } from '../notifications/repository';
import { deliverDueNotifications } from '../notifications/service';
import type { Mailer } from '../notifications/transport';
import { recordJobRun } from '../observability/metrics';
import type { RunningJob } from './periodic';

/**
 * The timer of the notification delivery; what one run does is notifications/service.ts. Every server process runs
 * it (the claims' leases keep them from sending a message twice). A run starts at startup, when this process
 * enqueues a message, when a retry falls due, and every NOTIFICATION_POLL_SECONDS for messages other processes
 * enqueued. An enqueue happens inside its event's transaction, so the message may not be visible yet when the job is
 * woken: for WAKE_WINDOW_MS after a wake it looks again every WAKE_RETRY_MS.
 */
const WAKE_WINDOW_MS = 3_000;
const WAKE_RETRY_MS = 100;

export function startNotificationDeliveryJob(ctx: AppContext, mailer: Mailer): RunningJob {
  const pollMs = ctx.config.notifications.pollSeconds * 1000;
  let current: Promise<void> | null = null;
  let stopped = false;
  let runAgain = false;
  let wakeUntil = 0;
  let timer: NodeJS.Timeout | null = null;

  const schedule = (delayMs: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, Math.max(0, delayMs));
    timer.unref();
  };

  /** The wait before the next run: a wake's window, a due retry, or the poll, whichever comes first. */
  const nextDelay = async (): Promise<number> => {
    if (Date.now() < wakeUntil) return WAKE_RETRY_MS;
    const due = await nextDueAt(ctx.db);
    const untilDue = due ? Date.parse(due) - Date.now() : Infinity;
    // Never sooner than a wake's retry: a message due now that this run could not claim is another's to send.
    return Math.max(WAKE_RETRY_MS, Math.min(pollMs, untilDue));
  };

  function tick() {
    if (stopped) return;
    if (current) {
      runAgain = true;
      return;
    }
    const startedAt = Date.now();
    current = deliverDueNotifications(ctx, mailer)
      .then((run) => {
        recordJobRun('notification_delivery', startedAt, 'success');
        if (run.sent || run.retried || run.failed) ctx.log.info(run, 'delivered notifications');
      })
      .catch((error: unknown) => {
        recordJobRun('notification_delivery', startedAt, 'failure');
        ctx.log.error({ err: error }, 'notification delivery run failed');
      })
      .then(async () => (runAgain ? 0 : nextDelay()))
      .catch(() => pollMs)
      .then((delayMs) => {
        current = null;
        runAgain = false;
        if (!stopped) schedule(delayMs);
      });
  }

  const stopListening = onNotificationEnqueued(() => {
    wakeUntil = Date.now() + WAKE_WINDOW_MS;
    if (current) runAgain = true;
    else schedule(WAKE_RETRY_MS);
  });
  tick();
  return {
    async stop() {
      stopped = true;
      stopListening();
      if (timer) clearTimeout(timer);
      await current;
      mailer.close();
    },
  };
}
