import {
  SMS_NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationParams,
  type NotificationRecipient,
  type OutboxChannel,
} from '@bazaar/shared/notifications';
import type { Insertable } from 'kysely';
import { nowIso, type DB } from '../db/database';
import { factsInTransaction } from './facts';
import type { MessageFacts } from './templates';
import type { NotificationOutboxTable } from './tables';

export interface NotificationRequest<K extends NotificationKind = NotificationKind> {
  kind: K;
  to: NotificationRecipient;
  params: NotificationParams[K];
  /** The message's facts when the caller has them at hand (a new order); read in `trx` otherwise. */
  facts?: MessageFacts[K];
}

function recipientColumns(to: NotificationRecipient) {
  if (to === 'admins') return { recipient_kind: 'admins', recipient_id: null };
  if ('customerId' in to) return { recipient_kind: 'customer', recipient_id: to.customerId };
  return { recipient_kind: 'seller', recipient_id: to.sellerId };
}

/**
 * Queues messages in the outbox. Call it with the transaction that makes the change the message reports, after the
 * change, so the message is sent if and only if the change commits, and tells the facts of that moment (read here in
 * `trx` and stored with the params: the state, amounts, reason, courier). The background job delivers it (an
 * e-mail, and an SMS to a shopper for the SMS_NOTIFICATION_KINDS). The messages of one event go in one call: they
 * are one insert, and an order or return several of them tell is read once.
 */
export async function enqueueNotification<K extends NotificationKind>(
  trx: DB,
  ...requests: NotificationRequest<K>[]
): Promise<void> {
  const now = nowIso();
  const rows: Insertable<NotificationOutboxTable>[] = [];
  const facts = factsInTransaction(trx);
  for (const request of requests) {
    const params = JSON.stringify(
      request.facts
        ? { ...request.params, facts: request.facts }
        : await facts.withFacts(request.kind, request.params),
    );
    const channels: OutboxChannel[] =
      SMS_NOTIFICATION_KINDS.includes(request.kind) && request.to !== 'admins' && 'customerId' in request.to
        ? ['email', 'sms']
        : ['email'];
    for (const channel of channels)
      rows.push({
        channel,
        kind: request.kind,
        ...recipientColumns(request.to),
        params,
        next_attempt_at: now,
        locked_until: null,
        last_error: null,
        created_at: now,
        sent_at: null,
      });
  }
  if (!rows.length) return;
  await trx.insertInto('notification_outbox').values(rows).execute();
  announceQueued();
}

/** Wakes this process's delivery job: a message was queued (or queued again). */
export function announceQueued(): void {
  for (const listener of enqueueListeners) listener();
}

const enqueueListeners = new Set<() => void>();

/**
 * Calls `listener` after each enqueue in this process (before the event's transaction commits: the delivery job
 * it wakes looks again for a little while). Answers the function that stops the calls.
 */
export function onNotificationEnqueued(listener: () => void): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}
