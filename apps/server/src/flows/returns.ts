import {
  RETURN_TRANSITIONS,
  RETURN_WINDOW_DAYS,
  returnMessages,
  type ChangeReturnStateInput,
  type ReturnDto,
  type ReturnRequestInput,
  type ReturnState,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import { badRequest, conflict, notFound } from '../http/errors';
import { returnStock } from '../catalog/repository';
import { lockOrder, insertRefunds } from '../fulfilment/repository';
import { enqueueNotification } from '../notifications/outbox';
import { findCustomerOrder } from '../orders/repository';
import * as repo from '../returns/repository';
import { amountOf, toReturns } from '../returns/service';

/**
 * Returns (issue 19): a shopper returns delivered lines within RETURN_WINDOW_DAYS of their part's delivery; the
 * seller approves or rejects, the courier picks the parcel up and the seller receives it, which owes the shopper a
 * refund of those lines' goods. Shipping is not refunded on a return: the delivery it paid for was made (a
 * cancellation, where it was not, refunds the part's share). The units go back on sale, to the size they came
 * from, only when the seller marks them restockable (a worn or damaged piece is not sold again). Spans orders,
 * returns, refunds and the catalogue; each change is one transaction with the message it sends.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Asks to return units of the order's lines; one return per shop whose lines are in it, with the shopper's unsent
 * photos `photoIds` when given (one shop's lines only). Refused: lines of another order, parts not delivered or
 * delivered more than RETURN_WINDOW_DAYS ago, more units than were ordered (counting earlier returns that were not
 * rejected), photos that are not the shopper's or were sent with another return.
 */
export async function requestReturn(
  ctx: AppContext,
  customerId: number,
  orderCode: string,
  input: ReturnRequestInput,
): Promise<ReturnDto[]> {
  const order = await findCustomerOrder(ctx.db, customerId, orderCode);
  if (!order) throw notFound(returnMessages.notFound);
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock();
    // Under the order's lock, so two requests at once cannot both return the last unit.
    await lockOrder(trx, order.id, now.toISOString());
    const lines = new Map((await repo.linesForReturn(trx, order.id)).map((line) => [line.id, line]));
    const inReturns = await repo.unitsInReturns(trx, order.id);
    const asked = new Map<number, number>();
    for (const { orderItemId, quantity } of input.lines)
      asked.set(orderItemId, (asked.get(orderItemId) ?? 0) + quantity);

    const byPart = new Map<
      number,
      { sellerId: number; items: { orderItemId: number; quantity: number }[] }
    >();
    for (const [orderItemId, quantity] of asked) {
      const line = lines.get(orderItemId);
      if (!line) throw badRequest(returnMessages.unknownLine);
      if (line.delivery_status !== 'delivered' || !line.delivered_at)
        throw conflict(returnMessages.partNotDelivered, 'ILLEGAL_TRANSITION');
      if (Date.parse(line.delivered_at) + RETURN_WINDOW_DAYS * DAY_MS < now.getTime())
        throw conflict(returnMessages.windowOver(RETURN_WINDOW_DAYS), 'ILLEGAL_TRANSITION');
      const left = line.quantity - (inReturns.get(orderItemId) ?? 0);
      if (quantity > left) throw conflict(returnMessages.tooMany(line.name, left), 'ILLEGAL_TRANSITION');
      const part = byPart.get(line.seller_order_id) ?? { sellerId: line.seller_id, items: [] };
      part.items.push({ orderItemId, quantity });
      byPart.set(line.seller_order_id, part);
    }

    const photoIds = input.photoIds ?? [];
    // A photo shows one shop's items: the seller who judges it must be the only one who sees it.
    if (photoIds.length && byPart.size > 1) throw badRequest(returnMessages.photosOnePart);

    const created: number[] = [];
    for (const [partId, { sellerId, items }] of byPart) {
      const returnId = await repo.insertReturn(
        trx,
        {
          customer_order_id: order.id,
          seller_order_id: partId,
          customer_id: customerId,
          seller_id: sellerId,
          reason: input.reason,
          comment: input.comment || null,
          decision_reason: null,
          refund_id: null,
          restocked_at: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        },
        items,
      );
      if (photoIds.length && !(await repo.attachPhotos(trx, customerId, photoIds, returnId)))
        throw badRequest(returnMessages.photosNotYours);
      // One call: both messages tell the same return, read once.
      await enqueueNotification(
        trx,
        { kind: 'return_update', to: { customerId }, params: { returnId } },
        { kind: 'seller_return_requested', to: { sellerId }, params: { returnId } },
      );
      created.push(returnId);
    }
    return created;
  });
  const rows = await Promise.all(ids.map((id) => repo.returnWithOrder(ctx.db, id)));
  return toReturns(
    ctx.db,
    rows.filter((row) => row !== undefined),
    'customer',
  );
}

/**
 * The seller's move of its own return (RETURN_TRANSITIONS; 409 otherwise, and when someone else moved it first).
 * Received: the shopper is owed the goods of the returned lines, recorded as a `return` refund.
 */
export async function changeReturnState(
  ctx: AppContext,
  sellerId: number,
  returnId: number,
  input: ChangeReturnStateInput,
): Promise<void> {
  const found = await repo.findReturn(ctx.db, returnId);
  if (!found || found.seller_id !== sellerId) throw notFound(returnMessages.notFound);
  const from = found.state as ReturnState;
  const to = input.state;
  if (!RETURN_TRANSITIONS[from].includes(to))
    throw conflict(returnMessages.illegal(from, to), 'ILLEGAL_TRANSITION');

  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock().toISOString();
    const moved = await repo.moveReturn(trx, returnId, from, {
      state: to,
      updated_at: now,
      ...(to === 'rejected' ? { decision_reason: input.reason ?? null } : {}),
    });
    if (!moved) throw conflict(returnMessages.changed, 'STATUS_CHANGED');
    if (to === 'received') {
      const amount = (await repo.itemsOfReturns(trx, [returnId])).reduce(
        (sum, item) => sum + amountOf(item),
        0,
      );
      if (amount > 0) {
        const [refundId] = await insertRefunds(trx, [
          {
            customer_order_id: found.customer_order_id,
            seller_order_id: found.seller_order_id,
            customer_id: found.customer_id,
            amount,
            reason: 'return',
            reference: null,
            created_at: now,
            refunded_at: null,
          },
        ]);
        await repo.moveReturn(trx, returnId, to, { refund_id: refundId });
      }
    }
    await enqueueNotification(trx, {
      kind: 'return_update',
      to: { customerId: found.customer_id },
      params: { returnId },
    });
  });
}

/**
 * Puts a received return's units back on sale, each in the size it was ordered in, once: a second call is refused
 * (409), so stock is never given back twice.
 */
export async function restockReturn(ctx: AppContext, sellerId: number, returnId: number): Promise<void> {
  const found = await repo.findReturn(ctx.db, returnId);
  if (!found || found.seller_id !== sellerId) throw notFound(returnMessages.notFound);
  if (found.state !== 'received') throw conflict(returnMessages.notReceived, 'ILLEGAL_TRANSITION');
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.markRestocked(trx, returnId, ctx.clock().toISOString())))
      throw conflict(returnMessages.alreadyRestocked, 'ILLEGAL_TRANSITION');
    for (const item of await repo.itemsOfReturns(trx, [returnId]))
      // A line whose size was deleted since has nowhere to go back to.
      if (item.variant_id !== null)
        await returnStock(trx, { productId: item.product_id, variantId: item.variant_id }, item.quantity);
  });
}
