import { notificationMessages, type RetryNotificationResponse } from '@bazaar/shared';
import type { AppContext } from '../context';
import { recordAudit, type StaffActor } from '../audit/service';
import { nowIso } from '../db/database';
import { conflict, notFound } from '../http/errors';
import { announceQueued } from '../notifications/outbox';
import * as rows from '../notifications/repository';
import { toAdminNotification } from '../notifications/service';

/**
 * A member of staff retries a failed message (issue 19), e.g. once the mail server or the shopper's address is
 * fixed: it is queued again with a fresh count of attempts, and the audit log records who did it
 * (`notification.retry`, with the error it had failed with), in one transaction; then the delivery job is woken.
 * Only a failed message: one already sent, still pending or retried by someone else first is a 409.
 */
export async function retryNotification(
  ctx: AppContext,
  actor: StaffActor,
  notificationId: number,
): Promise<RetryNotificationResponse> {
  const found = await rows.findConsoleMessage(ctx.db, notificationId);
  if (!found) throw notFound(notificationMessages.notFound);
  await ctx.db.transaction().execute(async (trx) => {
    // The system clock, as the delivery job's: ctx.clock may be moved by tests.
    if (!(await rows.requeueFailed(trx, notificationId, nowIso())))
      throw conflict(notificationMessages.notFailed, 'NOT_FAILED');
    await recordAudit(trx, actor, {
      action: 'notification.retry',
      subjectKind: 'notification',
      subjectId: notificationId,
      before: { state: 'failed', attempts: found.attempts, error: found.last_error },
      after: { state: 'pending' },
    });
  });
  announceQueued();
  const current = (await rows.findConsoleMessage(ctx.db, notificationId))!;
  return { message: notificationMessages.retried, notification: toAdminNotification(current) };
}
