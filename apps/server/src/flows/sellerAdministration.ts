import {
  adminMessages,
  sellerStatusAction,
  type AdminSellerResponse,
  type SellerStatusChange as SellerStatusChangeInput,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import { setCommission, sellerAnswer } from '../admin/service';
import { recordAudit, type AuditActor, type StaffActor } from '../audit/service';
import { changeSellerStatus, type SellerStatusChange } from './sellerStatus';

/**
 * The marketplace's decisions about a seller (admin console, issue 17): each change and its audit row are one
 * transaction, so the log holds exactly the changes that happened.
 */

/** Sets the seller's commission rate (whole percent) for its future orders. */
export async function changeCommission(
  ctx: AppContext,
  actor: StaffActor,
  sellerId: number,
  commissionPercent: number,
): Promise<AdminSellerResponse> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await setCommission(ctx, trx, sellerId, commissionPercent);
    await recordAudit(trx, actor, {
      action: 'seller.commission',
      subjectKind: 'seller',
      subjectId: sellerId,
      before: { commissionPercent: before },
      after: { commissionPercent },
    });
  });
  return sellerAnswer(ctx.db, sellerId, adminMessages.commissionSaved);
}

/**
 * Approves, rejects, suspends or reinstates a seller through the seller center's one status change
 * (flows/sellerStatus: legal transitions, products' storefront visibility), with the audit row in its transaction.
 * The admin console and `npm run seller:approve` both decide through this, so the log reads the same for either.
 */
export function decideSellerStatus(
  ctx: Pick<AppContext, 'db'>,
  actor: AuditActor,
  sellerId: number,
  { status, reason }: SellerStatusChangeInput,
): Promise<SellerStatusChange> {
  return changeSellerStatus(ctx, sellerId, status, reason, (trx, change) =>
    recordAudit(trx, actor, {
      action: sellerStatusAction(change.from, status),
      subjectKind: 'seller',
      subjectId: sellerId,
      before: { status: change.from },
      after: { status: change.to },
      reason: reason ?? null,
    }),
  );
}

/** The admin console's decision about a seller, answered with the seller as the queue now shows it. */
export async function decideSeller(
  ctx: AppContext,
  actor: StaffActor,
  sellerId: number,
  decision: SellerStatusChangeInput,
): Promise<AdminSellerResponse> {
  await decideSellerStatus(ctx, actor, sellerId, decision);
  return sellerAnswer(ctx.db, sellerId, adminMessages.statusSaved[decision.status]);
}
