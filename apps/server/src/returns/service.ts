import {
  discountedPrice,
  returnMessages,
  RETURNS_PAGE_SIZE,
  type ReturnDto,
  type ReturnState,
  type SellerReturnListQuery,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import { notFound } from '../http/errors';
import * as repo from './repository';

/** What the shopper paid for the units of a return's line, whole rupees. */
export function amountOf(item: { price: number; discount: number; quantity: number }): number {
  return discountedPrice(item.price, item.discount) * item.quantity;
}

/** Returns as the pages show them, with their lines (one query for all of them). */
export async function toReturns(db: DB, rows: readonly repo.ReturnListRow[]): Promise<ReturnDto[]> {
  const items = await repo.itemsOfReturns(
    db,
    rows.map((row) => row.id),
  );
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
  return { returns: await toReturns(ctx.db, rows), total, page: query.page, pageSize: RETURNS_PAGE_SIZE };
}

/** One of the seller's returns; another seller's is a 404, as if it did not exist. */
export async function sellerReturn(ctx: AppContext, sellerId: number, returnId: number): Promise<ReturnDto> {
  const row = await repo.returnWithOrder(ctx.db, returnId);
  if (!row || row.seller_id !== sellerId) throw notFound(returnMessages.notFound);
  return (await toReturns(ctx.db, [row]))[0];
}

/** The returns of an order (the shopper's Order Details). */
export async function returnsOfOrder(ctx: AppContext, orderId: number): Promise<ReturnDto[]> {
  return toReturns(ctx.db, await repo.returnsOfOrder(ctx.db, orderId));
}
