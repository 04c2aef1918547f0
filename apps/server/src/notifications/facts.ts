import type { NotificationKind, NotificationParams, ReturnState } from '@bazaar/shared';
import type { DB } from '../db/database';
import * as returns from '../returns/repository';
import * as rows from './repository';
import type { LineFacts, MessageFacts, OrderFacts, PartFacts } from './templates';

/**
 * The facts a message tells (issue 19), read in the transaction of the event it reports (`enqueueNotification`
 * stores them in the outbox params), so a message says what was true when it happened: two quick changes of a
 * return send two mails, each with its own state, although both are written later. Messages queued before the
 * facts were stored have none and are read when they are sent (`factsOfStored`).
 */

/** A message that no retry can send: it is marked failed at once with this reason. */
export class Undeliverable extends Error {
  override name = 'Undeliverable';
}

/** A line's facts out of a row with more columns (an order line, a returned one with its units returned). */
function lineFacts(line: LineFacts): LineFacts {
  return {
    name: line.name,
    brand: line.brand,
    size: line.size,
    colour: line.colour,
    price: line.price,
    discount: line.discount,
    quantity: line.quantity,
  };
}

/**
 * Reads facts at one moment of `db`: the messages of one event (a payment's shopper and sellers, a return's shopper
 * and seller) tell the same order or return, which is read once for all of them.
 */
function momentOf(db: DB) {
  const orders = new Map<number, Promise<{ facts: OrderFacts; lines: OrderLineRow[] }>>();
  const returnsRead = new Map<number, Promise<ReturnRead>>();
  return {
    db,
    order(orderId: number) {
      let read = orders.get(orderId);
      if (!read) orders.set(orderId, (read = readOrder(db, orderId)));
      return read;
    },
    return(returnId: number) {
      let read = returnsRead.get(returnId);
      if (!read) returnsRead.set(returnId, (read = readReturn(db, returnId)));
      return read;
    },
  };
}
type Moment = ReturnType<typeof momentOf>;
type OrderLineRow = Awaited<ReturnType<typeof rows.findLines>>[number];

async function readOrder(db: DB, orderId: number) {
  const order = await rows.findOrder(db, orderId);
  if (!order) throw new Undeliverable(`Order ${orderId} no longer exists`);
  const lines = await rows.findLines(db, orderId);
  const facts: OrderFacts = {
    code: order.order_code,
    price: order.price,
    shippingFee: order.shipping_fee,
    codFee: order.cod_fee,
    paymentMethod: order.payment_method,
    paymentStatus: order.payment_status,
    lines: lines.map(lineFacts),
  };
  return { facts, lines };
}

/** A part's facts; its lines are those of the order's lines (read with the order) that belong to it. */
async function partFacts(moment: Moment, orderId: number, partId: number): Promise<PartFacts> {
  const part = await rows.findPart(moment.db, partId);
  if (!part || part.customer_order_id !== orderId) throw new Undeliverable(`Part ${partId} no longer exists`);
  const { lines } = await moment.order(orderId);
  return {
    shopName: part.shop_name,
    price: part.price,
    courier: part.courier,
    trackingNumber: part.tracking_number,
    lines: lines.filter((line) => line.seller_order_id === partId).map(lineFacts),
  };
}

type ReturnRead = Awaited<ReturnType<typeof readReturn>>;

async function readReturn(db: DB, returnId: number) {
  const found = await returns.returnWithOrder(db, returnId);
  if (!found) throw new Undeliverable(`Return ${returnId} no longer exists`);
  return { found, lines: (await returns.itemsOfReturns(db, [returnId])).map(lineFacts) };
}

/** What a message of `kind` with `params` tells, as the database (or the transaction `db`) says now. */
export async function readFacts<K extends NotificationKind>(
  db: DB,
  kind: K,
  params: NotificationParams[K],
): Promise<MessageFacts[K]> {
  return (await factsOf(momentOf(db), kind, params)) as MessageFacts[K];
}

async function factsOf(
  moment: Moment,
  kind: NotificationKind,
  params: NotificationParams[NotificationKind],
): Promise<MessageFacts[NotificationKind]> {
  const { db } = moment;
  const p = params as Partial<{ orderId: number; partId: number | null; refundId: number; sellerId: number }>;
  const order = async () => (await moment.order(p.orderId!)).facts;
  switch (kind) {
    case 'welcome':
      return {};
    case 'order_placed': {
      const given = (params as NotificationParams['order_placed']).paymentDeadline;
      const payment = await rows.findPaymentDeadline(db, p.orderId!);
      return {
        order: await order(),
        paymentDeadline: given ?? payment?.reservation_expires_at ?? null,
      };
    }
    case 'payment_verified':
    case 'payment_method_changed':
      return { order: await order() };
    case 'payment_rejected': {
      const payment = await rows.findPaymentDeadline(db, p.orderId!);
      const given = (params as NotificationParams['payment_rejected']).reason;
      return {
        order: await order(),
        reason: given ?? payment?.rejection_note ?? null,
        paymentDeadline: payment?.reservation_expires_at ?? null,
      };
    }
    case 'order_shipped':
    case 'order_delivered':
    case 'seller_new_order':
      return { order: await order(), part: await partFacts(moment, p.orderId!, p.partId!) };
    case 'order_cancelled': {
      const facts = await order();
      const part = p.partId ? await partFacts(moment, p.orderId!, p.partId) : null;
      return {
        order: facts,
        part,
        refundAmount: await rows.cancellationRefundTotal(db, p.orderId!, p.partId ?? null),
      };
    }
    case 'refund_issued': {
      const refund = await rows.findRefund(db, p.refundId!);
      if (!refund) throw new Undeliverable(`Refund ${p.refundId} no longer exists`);
      return { orderCode: refund.order_code, amount: refund.amount, reference: refund.reference };
    }
    case 'admin_new_seller': {
      const seller = await rows.findSellerForApproval(db, p.sellerId!);
      if (!seller) throw new Undeliverable(`Seller ${p.sellerId} no longer exists`);
      return {
        shopName: seller.shop_name,
        ownerName: seller.name,
        email: seller.email,
        city: seller.city ?? '',
      };
    }
    case 'return_update':
    case 'seller_return_requested': {
      const { returnId } = params as NotificationParams['return_update'];
      const { found, lines } = await moment.return(returnId);
      if (kind === 'seller_return_requested')
        return { orderCode: found.order_code, reason: found.reason, comment: found.comment, lines };
      const refund = found.refund_id === null ? undefined : await rows.findRefund(db, found.refund_id);
      return {
        orderCode: found.order_code,
        shopName: found.shop_name,
        state: found.state as ReturnState,
        lines,
        decisionReason: found.decision_reason,
        refundAmount: refund?.amount ?? null,
      };
    }
  }
}

/** An outbox row's params as stored: the kind's params and, for messages queued since issue 19's fix, the facts. */
export type StoredParams<K extends NotificationKind> = NotificationParams[K] & { facts?: MessageFacts[K] };

/**
 * Reads the facts of messages queued together in `trx` (one event's): `withFacts` gives each one's params to store,
 * its params with the facts of this moment.
 */
export function factsInTransaction(trx: DB) {
  const moment = momentOf(trx);
  return {
    async withFacts<K extends NotificationKind>(
      kind: K,
      params: NotificationParams[K],
    ): Promise<StoredParams<K>> {
      return { ...params, facts: (await factsOf(moment, kind, params)) as MessageFacts[K] };
    },
  };
}
