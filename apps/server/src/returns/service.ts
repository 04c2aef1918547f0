import {
  discountedPrice,
  returnMessages,
  RETURNS_PAGE_SIZE,
  type ReturnDto,
  type RefundReturnDto,
  type ReturnPhotoDto,
  type ReturnState,
  type SellerReturnListQuery,
} from '@bazaar/shared';
import { renditionWidths } from '@bazaar/shared/photos';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import { notFound } from '../http/errors';
import * as repo from './repository';

/** What the shopper paid for the units of a return's line, whole rupees. */
export function amountOf(item: { price: number; discount: number; quantity: number }): number {
  return discountedPrice(item.price, item.discount) * item.quantity;
}

/**
 * Who looks at a return photo: each has an authorised route of its own (returns/routes.ts), which checks that the
 * photo is of the viewer's return. Return photos are never public (see PRIVATE_PHOTO_FOLDERS).
 */
export type ReturnPhotoViewer = 'customer' | 'seller' | 'staff';

/** The path under which `viewer` fetches the renditions of a photo of return `returnId`. */
export function returnPhotoPath(viewer: ReturnPhotoViewer, returnId: number | null, photoId: number): string {
  if (viewer === 'seller') return `/api/seller/returns/${returnId}/photos/${photoId}`;
  if (viewer === 'staff') return `/api/admin/return-photos/${photoId}`;
  return `/api/home/customer/return-photos/${photoId}`;
}

export function toReturnPhoto(row: repo.ReturnPhotoRow, viewer: ReturnPhotoViewer): ReturnPhotoDto {
  const path = returnPhotoPath(viewer, row.return_id, row.id);
  const [narrowest] = renditionWidths(row.width);
  return {
    _id: row.id,
    url: `${path}/${row.width}.webp`,
    thumbnailUrl: `${path}/${narrowest}.webp`,
    width: row.width,
    height: row.height,
  };
}

/** Returns as `viewer` sees them, with their lines and photos (one query each for all of them). */
export async function toReturns(
  db: DB,
  rows: readonly repo.ReturnListRow[],
  viewer: ReturnPhotoViewer,
): Promise<ReturnDto[]> {
  const returnIds = rows.map((row) => row.id);
  const [items, photos] = await Promise.all([
    repo.itemsOfReturns(db, returnIds),
    repo.photosOfReturns(db, returnIds),
  ]);
  return rows.map((row) => {
    const lines = items
      .filter((item) => item.return_id === row.id)
      .map((item) => ({
        orderItemId: item.order_item_id,
        name: item.name,
        image: item.image,
        size: item.size,
        quantity: item.quantity,
        amount: amountOf(item),
      }));
    return {
      _id: row.id,
      orderId: row.order_code,
      partId: row.seller_order_id,
      shopName: row.shop_name,
      state: row.state as ReturnState,
      reason: row.reason,
      comment: row.comment,
      decisionReason: row.decision_reason,
      restocked: row.restocked_at !== null,
      amount: lines.reduce((sum, line) => sum + line.amount, 0),
      lines,
      photos: photos
        .filter((photo) => photo.return_id === row.id)
        .map((photo) => toReturnPhoto(photo, viewer)),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  });
}

export async function listSellerReturns(ctx: AppContext, sellerId: number, query: SellerReturnListQuery) {
  const { rows, total } = await repo.sellerReturnsPage(ctx.db, sellerId, {
    state: query.state === 'all' ? undefined : query.state,
    limit: RETURNS_PAGE_SIZE,
    offset: (query.page - 1) * RETURNS_PAGE_SIZE,
  });
  return {
    returns: await toReturns(ctx.db, rows, 'seller'),
    total,
    page: query.page,
    pageSize: RETURNS_PAGE_SIZE,
  };
}

/** One of the seller's returns; another seller's is a 404, as if it did not exist. */
export async function sellerReturn(ctx: AppContext, sellerId: number, returnId: number): Promise<ReturnDto> {
  const row = await repo.returnWithOrder(ctx.db, returnId);
  if (!row || row.seller_id !== sellerId) throw notFound(returnMessages.notFound);
  return (await toReturns(ctx.db, [row], 'seller'))[0];
}

/** The returns of an order (the shopper's Order Details). */
export async function returnsOfOrder(ctx: AppContext, orderId: number): Promise<ReturnDto[]> {
  return toReturns(ctx.db, await repo.returnsOfOrder(ctx.db, orderId), 'customer');
}

/**
 * The returns that refunds pay back as staff see them (photos through the staff route), by refund id: what an
 * operator checks before paying a return's refund.
 */
export async function staffReturnsOfRefunds(
  ctx: AppContext,
  refunds: readonly { id: number; customer_order_id: number }[],
): Promise<Map<number, RefundReturnDto>> {
  const rows = await repo.returnsOfRefunds(ctx.db, refunds);
  const returns = await toReturns(ctx.db, rows, 'staff');
  return new Map(
    rows.map((row, index) => {
      const { _id, state, reason, comment, lines, photos, createdAt } = returns[index];
      return [row.refund_id!, { _id, state, reason, comment, lines, photos, createdAt }];
    }),
  );
}
