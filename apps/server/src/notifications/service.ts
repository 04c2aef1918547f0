import {
  NOTIFICATIONS_PAGE_SIZE,
  type AdminNotification,
  type AdminNotificationListQuery,
  type AdminNotificationListResponse,
  type NotificationKind,
  type NotificationParams,
  type OutboxChannel,
  type OutboxState,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import { nowIso, type DB } from '../db/database';
import { readFacts, Undeliverable, type StoredParams } from './facts';
import * as rows from './repository';
import type { Addressee, ConsoleOutboxRow, OutboxRow } from './repository';
import { composeMessage, renderEmail, type MessageFacts } from './templates';
import type { Mailer } from './transport';

/**
 * Delivery of the outbox (issue 19): claim due messages with a lease, find the addressee, write the message from
 * the facts stored when it was queued, send it (e-mail through the Mailer, SMS through the SMS provider) and mark it sent.
 * A failed send is retried with exponential backoff until NOTIFICATION_MAX_ATTEMPTS, then marked failed with its
 * error; a message that can never be sent (no address, its order gone) fails at once with the reason. Times are
 * the system clock's, as `enqueueNotification` stamps them (not ctx.clock, which tests move).
 */

/** Messages one pass claims; a longer queue is worked through in further passes. */
const BATCH_SIZE = 20;
/** How long a claim holds a message: longer than a send may take (SMTP timeouts are 20 s). */
const LEASE_MS = 120_000;

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
  const params = JSON.parse(row.params) as StoredParams<NotificationKind>;
  const addressees = await addresseesOf(ctx.db, row);
  const facts = await factsOfStored(ctx, kind, params);
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

/**
 * The facts of a stored message: those stored with it when it was queued, or for a message queued before facts were
 * stored, what the database says now (its order's payment deadline from the reservation when no payment has one).
 */
async function factsOfStored(
  ctx: AppContext,
  kind: NotificationKind,
  stored: StoredParams<NotificationKind>,
): Promise<MessageFacts[NotificationKind]> {
  if (stored.facts) return stored.facts;
  if (kind !== 'order_placed') return readFacts(ctx.db, kind, stored);
  const { orderId } = stored as NotificationParams['order_placed'];
  const facts = await readFacts(ctx.db, 'order_placed', { orderId });
  if (facts.paymentDeadline === null) {
    const order = await rows.findOrder(ctx.db, orderId);
    const placedAt = order ? Date.parse(order.created_at) : Date.now();
    facts.paymentDeadline = new Date(
      placedAt + ctx.config.payments.reservationMinutes * 60_000,
    ).toISOString();
  }
  return facts;
}

// ---- The admin console's view ---------------------------------------------------------------------------

export function toAdminNotification(row: ConsoleOutboxRow): AdminNotification {
  return {
    _id: row.id,
    channel: row.channel as OutboxChannel,
    kind: row.kind as NotificationKind,
    state: row.state as OutboxState,
    recipient: {
      kind: row.recipient_kind as AdminNotification['recipient']['kind'],
      _id: row.recipient_id,
      name: row.recipient_name,
      email: row.recipient_email,
    },
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    nextAttemptAt: row.next_attempt_at,
    sentAt: row.sent_at,
  };
}

/** A page of the outbox for the console: failed messages unless another state is asked for, newest first. */
export async function outboxMessages(
  ctx: AppContext,
  query: AdminNotificationListQuery,
): Promise<AdminNotificationListResponse> {
  const { rows: found, total } = await rows.outboxPage(ctx.db, {
    state: query.state,
    kind: query.kind,
    recipient: query.recipient,
    limit: NOTIFICATIONS_PAGE_SIZE,
    offset: (query.page - 1) * NOTIFICATIONS_PAGE_SIZE,
  });
  return {
    notifications: found.map(toAdminNotification),
    total,
    page: query.page,
    pageSize: NOTIFICATIONS_PAGE_SIZE,
  };
}
