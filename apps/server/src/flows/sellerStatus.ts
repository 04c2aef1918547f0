import type { SellerStatus } from '@bazaar/shared';
import type { AppContext } from '../context';
import { nowIso, type DB } from '../db/database';
import { HttpError, notFound } from '../http/errors';
import { refreshSellerProductsVisibility } from '../catalog/repository';
import { findSellerStatus, updateSellerStatus } from '../sellers/repository';

/**
 * The marketplace's decisions about a shop (issue 16): approve or reject a pending one, suspend an approved one,
 * reinstate a suspended one, approve a rejected one after another review. Anything else is refused.
 */
export const SELLER_TRANSITIONS: Record<SellerStatus, readonly SellerStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['suspended'],
  suspended: ['approved'],
  rejected: ['approved'],
};

export const sellerStatusMessages = {
  notFound: 'Seller not found',
  illegal: (from: SellerStatus, to: SellerStatus) =>
    from === to ? `The seller is already ${from}` : `A ${from} seller cannot become ${to}`,
  reasonRequired: 'Please give a reason: the seller sees it',
} as const;

export interface SellerStatusChange {
  sellerId: number;
  from: SellerStatus;
  to: SellerStatus;
}

/**
 * Changes a seller's status and, in the same transaction, which of its products shoppers see (`products.visible`
 * by `isListed`): suspension or rejection hides them all, approval shows the active ones. The storefront's cached
 * answers go with the write (products is a catalogue table). A rejection or suspension needs a reason, which the
 * seller is shown; approval clears it. The admin console (issue 17) and `npm run seller:approve` call this.
 */
export async function changeSellerStatus(
  ctx: Pick<AppContext, 'db'>,
  sellerId: number,
  to: SellerStatus,
  reason?: string,
  /** More of the same decision, in its transaction: the admin console's audit row. */
  alsoInTransaction?: (trx: DB, change: SellerStatusChange) => Promise<void>,
): Promise<SellerStatusChange> {
  const why = reason?.trim() || null;
  if ((to === 'rejected' || to === 'suspended') && !why)
    throw new HttpError(400, sellerStatusMessages.reasonRequired, 'VALIDATION_FAILED');
  return ctx.db.transaction().execute(async (trx) => {
    const seller = await findSellerStatus(trx, sellerId);
    if (!seller) throw notFound(sellerStatusMessages.notFound);
    const from = seller.status as SellerStatus;
    if (!SELLER_TRANSITIONS[from].includes(to))
      throw new HttpError(409, sellerStatusMessages.illegal(from, to), 'ILLEGAL_STATUS_CHANGE');
    const approved = to === 'approved';
    const changed = await updateSellerStatus(trx, sellerId, from, {
      status: to,
      status_reason: approved ? null : why,
      // The first approval is when the shop started trading; a reinstatement keeps it.
      approved_at: approved ? (seller.approved_at ?? nowIso()) : seller.approved_at,
    });
    // Another decision landed between the read and the write.
    if (!changed) throw new HttpError(409, sellerStatusMessages.illegal(from, to), 'ILLEGAL_STATUS_CHANGE');
    await refreshSellerProductsVisibility(trx, sellerId, approved);
    const change = { sellerId, from, to };
    await alsoInTransaction?.(trx, change);
    return change;
  });
}
