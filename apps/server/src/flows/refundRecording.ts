import { refundMessages, type AdminRefund, type RecordRefundInput } from '@bazaar/shared';
import type { AppContext } from '../context';
import { recordAudit, type StaffActor } from '../audit/service';
import { conflict, notFound } from '../http/errors';
import { enqueueNotification } from '../notifications/outbox';
import * as repo from '../refunds/repository';
import { adminRefunds } from './refundQueue';

/**
 * An operator records that a refund was paid back (issue 19): the refund becomes `refunded` with the bank or UPI
 * reference, the audit log records who did it (`refund.record`) and the shopper is told, all in one transaction.
 * Idempotent: recording the same reference again answers the refund as it is and changes nothing; a different
 * reference for a refund already recorded is a 409, so two operators who paid the same refund find out.
 */
export async function recordRefund(
  ctx: AppContext,
  actor: StaffActor,
  refundId: number,
  { reference }: RecordRefundInput,
): Promise<{ message: string; refund: AdminRefund }> {
  const found = await repo.findRefund(ctx.db, refundId);
  if (!found) throw notFound(refundMessages.notFound);
  const recorded = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock().toISOString();
    if (!(await repo.markRefunded(trx, refundId, reference, now))) return false;
    await recordAudit(trx, actor, {
      action: 'refund.record',
      subjectKind: 'refund',
      subjectId: refundId,
      before: { state: 'pending' },
      after: { state: 'refunded', reference },
    });
    await enqueueNotification(trx, {
      kind: 'refund_issued',
      to: { customerId: found.customer_id },
      params: { refundId },
    });
    return true;
  });
  const current = (await repo.findRefund(ctx.db, refundId))!;
  if (!recorded && current.reference !== reference)
    throw conflict(refundMessages.otherReference(current.reference ?? ''), 'ALREADY_REFUNDED');
  const [refund] = await adminRefunds(ctx, [current]);
  return { message: refundMessages.recorded, refund };
}
