import {
  formatRupees,
  PAYMENT_STATUS,
  REFUND_BUSINESS_DAYS,
  type CancelOrderInput,
  type CancelOrderResponse,
  type DeliveryStatus,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import { conflict, notFound } from '../http/errors';
import * as rows from '../fulfilment/repository';
import { enqueueNotification } from '../notifications/outbox';
import { findCustomerOrder } from '../orders/repository';
import { expireWithoutUtr, findPaymentOfOrder } from '../payments/repository';
import { deriveOrderStatus, eventsOf, refundsOf, releaseStock } from './fulfilment';

/**
 * A shopper's cancellation (issue 19) of a whole order, or of one shop's part of it, until that part is shipped.
 * Like a seller's cancellation it spans orders (the parts and the order's derived status, an event each), the
 * catalogue (each size's units go back on sale) and refunds (a paid part is owed its goods and its share of the
 * shipping fee); an unpaid order that ends up wholly cancelled also closes its payment, so its reservation is
 * over. All in one transaction under the order's lock, so a seller shipping the part at the same moment either
 * ships first (and the cancellation is refused) or finds the part cancelled (and is refused).
 */

const CANCELLABLE: readonly DeliveryStatus[] = ['pending', 'placed', 'warehouse'];

export const cancellationMessages = {
  orderNotFound: 'Order not found',
  shopNotInOrder: 'This shop has no items in this order',
  alreadyCancelled: 'These items are already cancelled',
  shipped:
    'These items have already been shipped, so they can no longer be cancelled. Once delivered, you can return them.',
  paymentBeingVerified:
    'Your payment for this order is being verified. Wait for the verification (usually a few minutes), then cancel.',
  cancelled: 'Your order was cancelled.',
  partCancelled: (shopName: string) => `The items from ${shopName} were cancelled.`,
  refundOwed: (rupees: number) =>
    `${formatRupees(rupees)} will be refunded to you in ${REFUND_BUSINESS_DAYS.min}–${REFUND_BUSINESS_DAYS.max} business days.`,
} as const;

export async function cancelOrderByCustomer(
  ctx: AppContext,
  customerId: number,
  orderCode: string,
  input: CancelOrderInput,
): Promise<CancelOrderResponse> {
  const order = await findCustomerOrder(ctx.db, customerId, orderCode);
  if (!order) throw notFound(cancellationMessages.orderNotFound);

  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock().toISOString();
    await rows.lockOrder(trx, order.id, now);
    // Read under the lock: a shipment or a payment that committed before it counts.
    const current = (await rows.findOrderById(trx, order.id))!;
    const parts = await rows.partsOfOrder(trx, order.id);
    const chosen =
      input.sellerId === undefined
        ? parts.filter((part) => part.delivery_status !== 'cancelled')
        : parts.filter((part) => part.seller_id === input.sellerId);
    if (input.sellerId !== undefined && chosen.length === 0)
      throw notFound(cancellationMessages.shopNotInOrder);
    const live = chosen.filter((part) => part.delivery_status !== 'cancelled');
    if (live.length === 0) throw conflict(cancellationMessages.alreadyCancelled, 'ILLEGAL_TRANSITION');
    if (live.some((part) => !CANCELLABLE.includes(part.delivery_status as DeliveryStatus)))
      throw conflict(cancellationMessages.shipped, 'ILLEGAL_TRANSITION');
    const payment = await findPaymentOfOrder(trx, order.id);
    // A transfer being verified may pay for these parts: cancelling now could leave that money without a refund.
    if (current.payment_status !== PAYMENT_STATUS.paid && payment?.status === 'under verification')
      throw conflict(cancellationMessages.paymentBeingVerified, 'ILLEGAL_TRANSITION');

    for (const part of live) {
      const moved = await rows.movePart(trx, part.id, part.delivery_status as DeliveryStatus, 'cancelled', {
        updated_at: now,
      });
      if (!moved) throw conflict(cancellationMessages.shipped, 'STATUS_CHANGED');
    }
    const cancelledIds = live.map((part) => part.id);
    await rows.insertEvents(
      trx,
      eventsOf(order.id, cancelledIds, 'cancelled', { kind: 'customer', id: customerId }, now, {
        note: input.reason ?? 'Cancelled by you',
      }),
    );
    await releaseStock(trx, cancelledIds);
    const after = parts.map((part) =>
      cancelledIds.includes(part.id) ? { ...part, delivery_status: 'cancelled' } : part,
    );
    let refundAmount = 0;
    if (current.payment_status === PAYMENT_STATUS.paid) {
      const refunds = refundsOf(current, after, cancelledIds, now);
      await rows.insertRefunds(trx, refunds);
      refundAmount = refunds.reduce((sum, refund) => sum + refund.amount, 0);
    } else if (after.every((part) => part.delivery_status === 'cancelled')) {
      // Nothing left to pay for: the payment closes and the reservation with it.
      await expireWithoutUtr(trx, order.id, now);
    }
    await deriveOrderStatus(trx, order.id, after, now);
    await enqueueNotification(trx, {
      kind: 'order_cancelled',
      to: { customerId },
      params: {
        orderId: order.id,
        partId: input.sellerId === undefined ? null : live[0].id,
        by: 'customer',
        reason: input.reason ?? null,
      },
    });
    const shopName = input.sellerId === undefined ? undefined : live[0].shop_name;
    const cancelled = shopName
      ? cancellationMessages.partCancelled(shopName)
      : cancellationMessages.cancelled;
    // Two sentences when money is owed back, each ending in its own full stop.
    const message =
      refundAmount > 0 ? `${cancelled} ${cancellationMessages.refundOwed(refundAmount)}` : cancelled;
    return { message, refundAmount };
  });
}
