import {
  codMessages,
  PAYMENT_STATUS,
  type CodAvailability,
  type CodPlacedResponse,
  type MarketplaceSettings,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import { nowIso, type DB } from '../db/database';
import { conflict } from '../http/errors';
import { lockOrder } from '../fulfilment/repository';
import { enqueueNotification } from '../notifications/outbox';
import { sellersOfOrder } from '../orders/repository';
import * as paymentRows from '../payments/repository';
import type { PayableOrder } from '../payments/repository';
import { customerOrder } from '../payments/service';
import { marketplaceSettings } from '../settings/service';
import { placeCodOrder, type Actor } from './fulfilment';

/**
 * Cash on delivery (issue 19). It spans the marketplace's settings (limit and fee), sellers (who accepts cash),
 * orders and payments (an unpaid order becomes COD instead of waiting for UPI) and fulfilment (the parts are placed
 * at once, no reservation expiry), and queues the order-placed messages, all in the transaction of the placement.
 * The shopper chooses it on the payment page (`POST /payment/cod/{orderId}` for an order placed as UPI) or at
 * checkout (palce-order's optional `paymentMethod: 'cod'`); the spec's payload stays UPI.
 */

type CodOrder = Pick<PayableOrder, 'id' | 'customer_id' | 'price' | 'shipping_fee'>;

/** Whether the order's sellers and value allow cash on delivery, and if not why (the first reason that applies). */
async function codRefusal(db: DB, order: CodOrder, settings: MarketplaceSettings): Promise<string | null> {
  const sellers = await sellersOfOrder(db, order.id);
  const refusing = [...new Set(sellers.filter((seller) => seller.accepts_cod !== 1).map((s) => s.shop_name))];
  if (refusing.length) return codMessages.sellerDoesNotAccept(refusing);
  if (order.price + order.shipping_fee > settings.codLimit) return codMessages.aboveLimit(settings.codLimit);
  return null;
}

/** Why an order can no longer become COD (it is paid, cancelled, its UTR is being verified, its time ran out). */
function closedReason(
  ctx: AppContext,
  order: PayableOrder,
  payment: paymentRows.PaymentRow | undefined,
  now: number,
): string | null {
  if (order.payment_status !== PAYMENT_STATUS.notPaid || order.delivery_status !== 'pending')
    return codMessages.notPayable;
  if (payment && payment.status !== 'pending') return codMessages.notPayable;
  const reservationEnds = payment
    ? Date.parse(payment.reservation_expires_at)
    : Date.parse(order.created_at) + ctx.config.payments.reservationMinutes * 60_000;
  return reservationEnds <= now ? codMessages.notPayable : null;
}

/**
 * Makes a new or unpaid order cash on delivery in `trx`: refused with 409 COD_NOT_AVAILABLE (and why) when a seller
 * does not accept cash or the order's value is above the limit. Adds the fee, places the parts and queues each
 * seller's seller_new_order and the shopper's `shopperMessage`: order_placed for a new order, payment_method_changed
 * for one the shopper was already sent order_placed for (as UPI). The fee charged.
 */
export async function placeAsCod(
  trx: DB,
  order: CodOrder,
  actor: Actor,
  now: string,
  shopperMessage: 'order_placed' | 'payment_method_changed',
): Promise<number> {
  const settings = await marketplaceSettings(trx);
  const refusal = await codRefusal(trx, order, settings);
  if (refusal) throw conflict(refusal, 'COD_NOT_AVAILABLE');
  if (!(await placeCodOrder(trx, order.id, settings.codFee, actor, now)))
    throw conflict(codMessages.notPayable, 'COD_NOT_AVAILABLE');
  const parts = await sellersOfOrder(trx, order.id);
  await enqueueNotification(
    trx,
    { kind: shopperMessage, to: { customerId: order.customer_id }, params: { orderId: order.id } },
    ...parts.map((part) => ({
      kind: 'seller_new_order' as const,
      to: { sellerId: part.id },
      params: { orderId: order.id, partId: part.part_id },
    })),
  );
  return settings.codFee;
}

/** What the payment page shows about cash on delivery for one of the shopper's orders. */
export async function codAvailability(
  ctx: AppContext,
  customerId: number,
  orderCode: string,
): Promise<CodAvailability> {
  const order = await customerOrder(ctx, customerId, orderCode);
  const [settings, payment] = await Promise.all([
    marketplaceSettings(ctx.db),
    paymentRows.findPaymentOfOrder(ctx.db, order.id),
  ]);
  const reason = closedReason(ctx, order, payment, Date.now()) ?? (await codRefusal(ctx.db, order, settings));
  return {
    available: reason === null,
    reason,
    fee: settings.codFee,
    limit: settings.codLimit,
    total: order.price + order.shipping_fee + settings.codFee,
  };
}

/**
 * The shopper chooses cash on delivery for an order placed as UPI and not paid yet: under the order's lock, so a
 * payment verified or a reservation ended meanwhile wins and this is refused (409), and never twice.
 */
export async function chooseCod(
  ctx: AppContext,
  customerId: number,
  orderCode: string,
): Promise<CodPlacedResponse> {
  const { id } = await customerOrder(ctx, customerId, orderCode);
  const fee = await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    await lockOrder(trx, id, now);
    const order = (await paymentRows.findCustomerOrder(trx, customerId, orderCode))!;
    const payment = await paymentRows.findPaymentOfOrder(trx, id);
    const closed = closedReason(ctx, order, payment, Date.parse(now));
    if (closed) throw conflict(closed, 'COD_NOT_AVAILABLE');
    return placeAsCod(trx, order, { kind: 'customer', id: customerId }, now, 'payment_method_changed');
  });
  const order = await customerOrder(ctx, customerId, orderCode);
  return { message: codMessages.placed, orderId: orderCode, total: order.price + order.shipping_fee + fee };
}
