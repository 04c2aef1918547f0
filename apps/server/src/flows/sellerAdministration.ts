import {
  adminMessages,
  sellerStatusAction,
  type AdminSellerResponse,
  type SellerStatusChange as SellerStatusChangeInput,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import { setCommission, sellerAnswer } from '../admin/service';
import { recordAudit, type StaffActor } from '../audit/service';
import { changeSellerStatus } from './sellerStatus';

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
 */
export async function decideSeller(
  ctx: AppContext,
  actor: StaffActor,
  sellerId: number,
  { status, reason }: SellerStatusChangeInput,
): Promise<AdminSellerResponse> {
  await changeSellerStatus(ctx, sellerId, status, reason, (trx, change) =>
    recordAudit(trx, actor, {
      action: sellerStatusAction(change.from, status),
      subjectKind: 'seller',
      subjectId: sellerId,
      before: { status: change.from },
      after: { status: change.to },
      reason: reason ?? null,
    }),
  );
  return sellerAnswer(ctx.db, sellerId, adminMessages.statusSaved[status]);
}
