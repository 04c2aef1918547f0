import {
  canSellerMove,
  codMessages,
  illegalTransitionMessage,
  orderStatusOfParts,
  PAYMENT_STATUS,
  sellerOrderMessages,
  shippingShares,
  type ChangeSellerOrderStatusInput,
  type DeliveryStatus,
} from '@bazaar/shared';
import type { Insertable } from 'kysely';
import type { AppContext } from '../context';
import { nowIso, type DB } from '../db/database';
import { conflict, notFound } from '../http/errors';
import { returnStock } from '../catalog/repository';
import * as rows from '../fulfilment/repository';
import { findPaymentOfOrder } from '../payments/repository';
import { markOrderCod } from '../orders/repository';
import type { OrderEventTable, RefundTable } from '../orders/tables';
import { issuePlacementInvoices } from '../taxInvoices/service';
import { enqueueNotification, type NotificationRequest } from '../notifications/outbox';

/**
 * Fulfilment: every change of a seller's part of an order. It spans orders (the part, and the shopper's order whose
 * status follows from its parts), the catalogue (a cancellation's units go back on sale, per size) and refunds (a
 * paid part's cancellation is owed back to the shopper) — and writes an order event for each change, all in the
 * transaction of the change. The changes: payment places the pending parts (flows/paymentSettlement.ts), the
 * reservation's end cancels an unpaid order (flows/reservationExpiry.ts), and the seller packs, ships, delivers or
 * cancels its part (the seller center). The shopper and the sellers are told by e-mail (and SMS) through the
 * notification outbox, in the same transaction.
 */

/** Who made a change, as its event records it. */
export interface Actor {
  kind: 'customer' | 'seller' | 'operator' | 'admin' | 'system';
  id: number | null;
}

export type EventDetails = Pick<Insertable<OrderEventTable>, 'courier' | 'tracking_number' | 'note'>;

export function eventsOf(
  orderId: number,
  partIds: readonly number[],
  status: DeliveryStatus,
  actor: Actor,
  now: string,
  details: EventDetails = {},
): Insertable<OrderEventTable>[] {
  return partIds.map((partId) => ({
    customer_order_id: orderId,
    seller_order_id: partId,
    status,
    actor_kind: actor.kind,
    actor_id: actor.id,
    courier: details.courier ?? null,
    tracking_number: details.tracking_number ?? null,
    note: details.note ?? null,
    created_at: now,
  }));
}

/** Gives the units of cancelled parts back to their sizes (`returnStock` keeps each product's total in step). */
export async function releaseStock(trx: DB, partIds: readonly number[]): Promise<void> {
  for (const { product_id, variant_id, quantity } of await rows.quantitiesOfParts(trx, partIds)) {
    // A line whose variant was deleted since has nowhere to go back to (its units left the product with it).
    if (variant_id !== null)
      await returnStock(trx, { productId: product_id, variantId: variant_id }, quantity);
  }
}

/**
 * Refunds owed for paid, cancelled parts: each part's goods plus its share of the order's shipping fee
 * (`shippingShares`, over all the order's parts, so the shares of every part add up to the fee). Reason
 * 'cancellation', pending until an operator pays it back.
 */
export function refundsOf(
  order: { id: number; customer_id: number; shipping_fee: number },
  parts: readonly { id: number; price: number }[],
  cancelledIds: readonly number[],
  now: string,
): Insertable<RefundTable>[] {
  const shares = shippingShares(
    order.shipping_fee,
    parts.map((part) => part.price),
  );
  return parts.flatMap((part, index) => {
    const amount = part.price + shares[index];
    if (!cancelledIds.includes(part.id) || amount <= 0) return [];
    return [
      {
        customer_order_id: order.id,
        seller_order_id: part.id,
        customer_id: order.customer_id,
        amount,
        reason: 'cancellation',
        reference: null,
        created_at: now,
        refunded_at: null,
      },
    ];
  });
}

/**
 * The shopper's order takes the status its parts give it (`orderStatusOfParts`), and a COD order whose last part
 * waiting for cash was collected or cancelled becomes paid (`settleCollectedCodOrder`). Every change of a part
 * ends here (a seller's move or cancellation, a shopper's cancellation, cash collected), so the rule has one place.
 */
export async function deriveOrderStatus(
  trx: DB,
  orderId: number,
  parts: readonly { delivery_status: string }[],
  now: string,
) {
  const status = orderStatusOfParts(parts.map((part) => part.delivery_status as DeliveryStatus));
  await rows.setOrderStatus(trx, orderId, status, now);
  await rows.settleCollectedCodOrder(trx, orderId, now);
}

/**
 * A paid order: marks it paid and places its pending parts, with an event each, inside the payment's transaction.
 * Parts a seller cancelled while the order was unpaid stay cancelled, and the shopper, who has now paid for them,
 * is owed their refund. False (nothing changed) when the order is no longer unpaid and open. `messages` are the
 * payment's other messages (the shopper's): they are queued with the sellers', so the order they all tell is read
 * once.
 */
export async function placePaidOrder(
  trx: DB,
  orderId: number,
  actor: Actor,
  now: string,
  ...messages: NotificationRequest[]
): Promise<boolean> {
  if (!(await rows.markOrderPaid(trx, orderId, now))) return false;
  const placed = await rows.placeParts(trx, orderId, PAYMENT_STATUS.paid);
  await rows.insertEvents(trx, eventsOf(orderId, placed, 'placed', actor, now));
  const parts = await rows.partsOfOrder(trx, orderId);
  // Each seller whose part is now placed packs it.
  await enqueueNotification(
    trx,
    ...parts
      .filter((part) => placed.includes(part.id))
      .map((part) => ({
        kind: 'seller_new_order' as const,
        to: { sellerId: part.seller_id },
        params: { orderId, partId: part.id },
      })),
    ...messages,
  );
  const order = (await rows.findOrderById(trx, orderId))!;
  const cancelled = parts.filter((part) => part.delivery_status === 'cancelled').map((part) => part.id);
  if (cancelled.length) await rows.insertRefunds(trx, refundsOf(order, parts, cancelled, now));
  await deriveOrderStatus(trx, orderId, parts, now);
  await issuePlacementInvoices(trx, order, parts, placed, new Date(now));
  return true;
}

/**
 * A cash-on-delivery order (flows/cashOnDelivery.ts decides it may be one): marks it COD with its fee and places its
 * pending parts, with an event each, in the caller's transaction. False (nothing changed) when the order is no
 * longer unpaid and pending (a payment verified, or the reservation ended, first).
 */
export async function placeCodOrder(
  trx: DB,
  orderId: number,
  codFee: number,
  actor: Actor,
  now: string,
): Promise<boolean> {
  if (!(await markOrderCod(trx, orderId, codFee, now))) return false;
  const placed = await rows.placeParts(trx, orderId, PAYMENT_STATUS.cod);
  await rows.insertEvents(trx, eventsOf(orderId, placed, 'placed', actor, now));
  const parts = await rows.partsOfOrder(trx, orderId);
  await deriveOrderStatus(trx, orderId, parts, now);
  // A COD part is supplied on these terms now: its tax invoice is issued with its placement, as a paid one's is.
  await issuePlacementInvoices(trx, (await rows.findOrderById(trx, orderId))!, parts, placed, new Date(now));
  return true;
}

/**
 * The seller collected the cash of its COD part: on delivery (a shipped part becomes delivered in the same
 * transaction) or after it. Only the part's seller (another seller's part is a 404), only a COD part, only once:
 * of two requests at once one wins, the other gets 409. The part is then paid (its earnings count it); the order is
 * paid once every part not cancelled is. Answers whether the part was delivered by this call.
 */
export async function collectCash(
  ctx: AppContext,
  sellerId: number,
  partId: number,
): Promise<{ delivered: boolean; orderId: number }> {
  const part = await rows.findPart(ctx.db, partId);
  if (!part || part.seller_id !== sellerId) throw notFound(sellerOrderMessages.notFound);
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock().toISOString();
    await rows.lockOrder(trx, part.customer_order_id, now);
    const current = (await rows.findPart(trx, partId))!;
    if (current.payment_status === PAYMENT_STATUS.paid) {
      const collected = current.cash_collected_at !== null;
      throw conflict(
        collected ? codMessages.alreadyCollected : codMessages.notCod,
        collected ? 'CASH_ALREADY_COLLECTED' : 'NOT_CASH_ON_DELIVERY',
      );
    }
    if (current.payment_status !== PAYMENT_STATUS.cod)
      throw conflict(codMessages.notCod, 'NOT_CASH_ON_DELIVERY');
    const from = current.delivery_status as DeliveryStatus;
    if (from !== 'shipped' && from !== 'delivered')
      throw conflict(codMessages.notDeliveredYet, 'ILLEGAL_TRANSITION');
    const delivering = from === 'shipped';
    if (delivering) {
      if (!(await rows.movePart(trx, partId, 'shipped', 'delivered', { updated_at: now, delivered_at: now })))
        throw conflict(sellerOrderMessages.statusChanged, 'STATUS_CHANGED');
      await rows.insertEvents(
        trx,
        eventsOf(part.customer_order_id, [partId], 'delivered', { kind: 'seller', id: sellerId }, now, {
          note: codMessages.collectedNote,
        }),
      );
    }
    if (!(await rows.markCashCollected(trx, partId, now)))
      throw conflict(codMessages.alreadyCollected, 'CASH_ALREADY_COLLECTED');
    await deriveOrderStatus(
      trx,
      part.customer_order_id,
      await rows.partsOfOrder(trx, part.customer_order_id),
      now,
    );
    if (delivering) {
      const order = (await rows.findOrderById(trx, part.customer_order_id))!;
      await notifyShopper(trx, order, partId, 'delivered', null);
    }
    return { delivered: delivering, orderId: part.customer_order_id };
  });
}

/**
 * An unpaid order whose reservation ended: the order and each part not yet cancelled are cancelled (an event each,
 * by the system) and their units go back on sale. False (nothing changed) for a paid, cancelled or unknown order,
 * so it is safe to call more than once.
 */
export async function cancelUnpaidOrder(ctx: AppContext, orderCode: string, note: string): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const cancelled = await rows.cancelUnpaidOrder(trx, orderCode, now);
    if (cancelled === undefined) return false;
    await rows.insertEvents(
      trx,
      eventsOf(cancelled.orderId, cancelled.partIds, 'cancelled', { kind: 'system', id: null }, now, {
        note,
      }),
    );
    await releaseStock(trx, cancelled.partIds);
    const order = (await rows.findOrderById(trx, cancelled.orderId))!;
    await enqueueNotification(trx, {
      kind: 'order_cancelled',
      to: { customerId: order.customer_id },
      params: { orderId: cancelled.orderId, partId: null, by: 'system', reason: note },
    });
    return true;
  });
}

/** Tells the shopper that a seller shipped, delivered or cancelled its part (packing is not news to them). */
async function notifyShopper(
  trx: DB,
  order: { id: number; customer_id: number },
  partId: number,
  to: DeliveryStatus,
  note: string | null | undefined,
): Promise<void> {
  const shopper = { customerId: order.customer_id };
  const params = { orderId: order.id, partId };
  if (to === 'shipped') await enqueueNotification(trx, { kind: 'order_shipped', to: shopper, params });
  if (to === 'delivered') await enqueueNotification(trx, { kind: 'order_delivered', to: shopper, params });
  if (to === 'cancelled')
    await enqueueNotification(trx, {
      kind: 'order_cancelled',
      to: shopper,
      params: { ...params, by: 'seller', reason: note ?? null },
    });
}

/**
 * A seller's change of its own part (the seller center): only the changes SELLER_TRANSITIONS allows, refused with
 * 409 ILLEGAL_TRANSITION otherwise; another seller's part is a 404, as if it did not exist. The part moves only if
 * it is still where the seller saw it (two changes at once: one wins, the other gets 409 STATUS_CHANGED). Shipping
 * records the courier and AWB; cancelling releases each size's units and, for a paid part, records the refund.
 * Answers whether a refund was recorded.
 */
export async function changePartStatus(
  ctx: AppContext,
  sellerId: number,
  partId: number,
  input: ChangeSellerOrderStatusInput,
): Promise<{ refunded: boolean }> {
  const part = await rows.findPart(ctx.db, partId);
  if (!part || part.seller_id !== sellerId) throw notFound(sellerOrderMessages.notFound);
  const from = part.delivery_status as DeliveryStatus;
  const to = input.status;
  if (!canSellerMove(from, to)) throw conflict(illegalTransitionMessage(from, to), 'ILLEGAL_TRANSITION');

  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock().toISOString();
    await rows.lockOrder(trx, part.customer_order_id, now);
    // A transfer under verification may have paid for the part: cancelling it now would leave that money without a
    // refund (the verification could no longer place the order).
    if (
      from === 'pending' &&
      (await findPaymentOfOrder(trx, part.customer_order_id))?.status === 'under verification'
    )
      throw conflict(sellerOrderMessages.paymentBeingVerified, 'ILLEGAL_TRANSITION');
    const details: EventDetails =
      to === 'shipped'
        ? { courier: input.courier, tracking_number: input.trackingNumber, note: input.note }
        : { note: input.note };
    const moved = await rows.movePart(trx, partId, from, to, {
      updated_at: now,
      ...(to === 'shipped'
        ? { courier: input.courier, tracking_number: input.trackingNumber, shipped_at: now }
        : {}),
      ...(to === 'delivered' ? { delivered_at: now } : {}),
    });
    if (!moved) throw conflict(sellerOrderMessages.statusChanged, 'STATUS_CHANGED');
    await rows.insertEvents(
      trx,
      eventsOf(part.customer_order_id, [partId], to, { kind: 'seller', id: sellerId }, now, details),
    );
    const parts = await rows.partsOfOrder(trx, part.customer_order_id);
    // Read after the order's lock: a payment that committed before it counts.
    const order = (await rows.findOrderById(trx, part.customer_order_id))!;
    let refunded = false;
    if (to === 'cancelled') {
      await releaseStock(trx, [partId]);
      if (order.payment_status === PAYMENT_STATUS.paid) {
        const refunds = refundsOf(order, parts, [partId], now);
        await rows.insertRefunds(trx, refunds);
        refunded = refunds.length > 0;
      }
    }
    await deriveOrderStatus(trx, part.customer_order_id, parts, now);
    // Last: the message's facts are read now, and a cancellation's tell its refund.
    await notifyShopper(trx, order, partId, to, input.note);
    return { refunded };
  });
}
