import { type NotificationKind, type NotificationParams, type OutboxChannel } from '@bazaar/shared';
import type { AppContext } from '../context';
import { nowIso, type DB } from '../db/database';
import type { ReturnState } from '@bazaar/shared';
import * as rows from './repository';
import type { Addressee, OutboxRow } from './repository';
import {
  composeMessage,
  renderEmail,
  type LineFacts,
  type MessageFacts,
  type OrderFacts,
  type PartFacts,
} from './templates';
import type { Mailer } from './transport';

/**
 * Delivery of the outbox (issue 19): claim due messages with a lease, find the addressee, write the message from
 * what the database says now, send it (e-mail through the Mailer, SMS through the SMS provider) and mark it sent.
 * A failed send is retried with exponential backoff until NOTIFICATION_MAX_ATTEMPTS, then marked failed with its
 * error; a message that can never be sent (no address, its order gone) fails at once with the reason. Times are
 * the system clock's, as `enqueueNotification` stamps them (not ctx.clock, which tests move).
 */

/** Messages one pass claims; a longer queue is worked through in further passes. */
const BATCH_SIZE = 20;
/** How long a claim holds a message: longer than a send may take (SMTP timeouts are 20 s). */
const LEASE_MS = 120_000;

/** A message that no retry can send: it is marked failed at once with this reason. */
export class Undeliverable extends Error {
  override name = 'Undeliverable';
}

export interface DeliveryRun {
  sent: number;
  retried: number;
  failed: number;
}

/** Claims and delivers the due messages, pass after pass, until none is due. */
export async function deliverDueNotifications(ctx: AppContext, mailer: Mailer): Promise<DeliveryRun> {
  const run: DeliveryRun = { sent: 0, retried: 0, failed: 0 };
  for (;;) {
    const now = new Date();
    const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
    const claimed = await rows.claimDueMessages(ctx.db, now.toISOString(), leaseUntil, BATCH_SIZE);
    for (const row of claimed) run[await deliver(ctx, mailer, row, leaseUntil)]++;
    if (claimed.length < BATCH_SIZE) return run;
  }
}

async function deliver(
  ctx: AppContext,
  mailer: Mailer,
  row: OutboxRow,
  leaseUntil: string,
): Promise<keyof DeliveryRun> {
  try {
    await send(ctx, mailer, row);
    await rows.markSent(ctx.db, row, leaseUntil, nowIso());
    return 'sent';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const { maxAttempts, retryBaseSeconds } = ctx.config.notifications;
    if (error instanceof Undeliverable || row.attempts >= maxAttempts) {
      ctx.log.warn({ id: row.id, kind: row.kind, attempts: row.attempts, reason }, 'notification failed');
      await rows.markFailed(ctx.db, row, leaseUntil, reason);
      return 'failed';
    }
    const delayMs = retryDelayMs(retryBaseSeconds, row.attempts);
    const nextAttemptAt = new Date(Date.now() + delayMs).toISOString();
    ctx.log.info(
      { id: row.id, kind: row.kind, attempts: row.attempts, reason },
      'notification will be retried',
    );
    await rows.markForRetry(ctx.db, row, leaseUntil, nextAttemptAt, reason);
    return 'retried';
  }
}

/** The wait after the `attempts`-th failed try: the base, then twice as long each time. */
export function retryDelayMs(baseSeconds: number, attempts: number): number {
  return baseSeconds * 1000 * 2 ** Math.max(0, attempts - 1);
}

async function send(ctx: AppContext, mailer: Mailer, row: OutboxRow): Promise<void> {
  const kind = row.kind as NotificationKind;
  const params = JSON.parse(row.params) as NotificationParams[NotificationKind];
  const addressees = await addresseesOf(ctx.db, row);
  const facts = await factsOf(ctx.db, ctx, kind, params);
  const name = row.recipient_kind === 'admins' ? 'team' : (addressees[0]?.name ?? '');
  const message = composeMessage({ kind, params, facts, name, shopUrl: ctx.config.notifications.shopUrl });
  const channel = row.channel as OutboxChannel;
  if (channel === 'sms') {
    // A shopper who signed up by e-mail has no mobile on the account, but gave one for the delivery.
    const order = 'orderId' in params ? await rows.findOrder(ctx.db, params.orderId) : undefined;
    const mobile = addressees[0]?.mobile ?? order?.shipping_phone;
    if (!mobile) throw new Undeliverable('The recipient has no mobile number');
    if (!message.sms) throw new Undeliverable(`No text message is written for ${kind}`);
    await ctx.sms.send(mobile, message.sms);
    return;
  }
  const to = addressees.flatMap((addressee) => (addressee.email ? [addressee.email] : []));
  if (!to.length) throw new Undeliverable('The recipient has no e-mail address');
  await mailer.send({
    to,
    subject: message.subject,
    ...renderEmail(message, name),
    reference: `${row.id}-${kind}`,
  });
}

async function addresseesOf(db: DB, row: OutboxRow): Promise<Addressee[]> {
  if (row.recipient_kind === 'admins') return rows.findAdminAddressees(db);
  const found =
    row.recipient_kind === 'customer'
      ? await rows.findCustomerAddressee(db, row.recipient_id!)
      : await rows.findSellerAddressee(db, row.recipient_id!);
  if (!found) throw new Undeliverable(`The ${row.recipient_kind} ${row.recipient_id} no longer exists`);
  return [found];
}

// ---- Facts: what a message tells, read when it is written ----------------------------------------------

type LineRow = Awaited<ReturnType<typeof rows.findReturnLines>>[number];

function lineFacts(line: LineRow): LineFacts {
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

async function orderFacts(db: DB, orderId: number): Promise<OrderFacts> {
  const order = await rows.findOrder(db, orderId);
  if (!order) throw new Undeliverable(`Order ${orderId} no longer exists`);
  return {
    code: order.order_code,
    price: order.price,
    shippingFee: order.shipping_fee,
    codFee: order.cod_fee,
    paymentMethod: order.payment_method,
    paymentStatus: order.payment_status,
    lines: (await rows.findLines(db, orderId)).map(lineFacts),
  };
}

async function partFacts(db: DB, orderId: number, partId: number): Promise<PartFacts> {
  const part = await rows.findPart(db, partId);
  if (!part || part.customer_order_id !== orderId) throw new Undeliverable(`Part ${partId} no longer exists`);
  return {
    shopName: part.shop_name,
    price: part.price,
    courier: part.courier,
    trackingNumber: part.tracking_number,
    lines: (await rows.findLines(db, orderId, partId)).map(lineFacts),
  };
}

/** When an unpaid order's reservation ends: its payment's deadline, or the order's time plus the reservation. */
async function paymentDeadline(db: DB, ctx: AppContext, orderId: number): Promise<string> {
  const payment = await rows.findPaymentDeadline(db, orderId);
  if (payment) return payment.reservation_expires_at;
  const order = await rows.findOrder(db, orderId);
  const placedAt = order ? Date.parse(order.created_at) : Date.now();
  return new Date(placedAt + ctx.config.payments.reservationMinutes * 60_000).toISOString();
}

async function factsOf(
  db: DB,
  ctx: AppContext,
  kind: NotificationKind,
  params: NotificationParams[NotificationKind],
): Promise<MessageFacts[NotificationKind]> {
  const p = params as Partial<{ orderId: number; partId: number | null; refundId: number; sellerId: number }>;
  switch (kind) {
    case 'welcome':
      return {};
    case 'order_placed':
      return {
        order: await orderFacts(db, p.orderId!),
        paymentDeadline: await paymentDeadline(db, ctx, p.orderId!),
      };
    case 'payment_verified':
      return { order: await orderFacts(db, p.orderId!) };
    case 'payment_rejected': {
      const payment = await rows.findPaymentDeadline(db, p.orderId!);
      const given = (params as NotificationParams['payment_rejected']).reason;
      return {
        order: await orderFacts(db, p.orderId!),
        reason: given ?? payment?.rejection_note ?? null,
        paymentDeadline: payment?.reservation_expires_at ?? null,
      };
    }
    case 'order_shipped':
    case 'order_delivered':
    case 'seller_new_order':
      return { order: await orderFacts(db, p.orderId!), part: await partFacts(db, p.orderId!, p.partId!) };
    case 'order_cancelled': {
      const order = await orderFacts(db, p.orderId!);
      const part = p.partId ? await partFacts(db, p.orderId!, p.partId) : null;
      return {
        order,
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
      const found = await rows.findReturn(db, returnId);
      if (!found) throw new Undeliverable(`Return ${returnId} no longer exists`);
      const lines = (await rows.findReturnLines(db, returnId)).map(lineFacts);
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
