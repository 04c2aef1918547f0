import { adminMessages, type AdminSellerResponse } from '@bazaar/shared';
import type { AppContext } from '../context';
import { setCommission, sellerAnswer } from '../admin/service';
import { recordAudit, type StaffActor } from '../audit/service';

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
