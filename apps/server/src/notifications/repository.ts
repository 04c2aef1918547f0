import type { Selectable } from 'kysely';
import type { DB } from '../db/database';
import { pageOf, type PageOf } from '../db/paging';
import { columnContains } from '../db/textSearch';
import type { NotificationOutboxTable } from './tables';

export type OutboxRow = Selectable<NotificationOutboxTable>;

/**
 * Takes up to `limit` due messages for this process until `leaseUntil`: pending, due, and not held by another
 * process's unexpired lease. The lease is taken by one conditional update per row, re-checked against the row as it
 * is when the update runs (PostgreSQL re-reads a row another transaction changed meanwhile; SQLite writes one at a
 * time), so two processes claiming at once never take the same row. Each claim counts as an attempt.
 */
export async function claimDueMessages(
  db: DB,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<OutboxRow[]> {
  const candidates = await db
    .selectFrom('notification_outbox')
    .select('id')
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  const claimed: OutboxRow[] = [];
  for (const { id } of candidates) {
    const row = await db
      .updateTable('notification_outbox')
      .set((eb) => ({ locked_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .returningAll()
      .executeTakeFirst();
    if (row) claimed.push(row);
  }
  return claimed;
}

/** Settles a claimed message, if this process still holds its lease (`leaseUntil`). */
function settle(db: DB, row: OutboxRow, leaseUntil: string) {
  return db
    .updateTable('notification_outbox')
    .where('id', '=', row.id)
    .where('state', '=', 'pending')
    .where('locked_until', '=', leaseUntil);
}

export async function markSent(db: DB, row: OutboxRow, leaseUntil: string, now: string): Promise<void> {
  await settle(db, row, leaseUntil)
    .set({ state: 'sent', sent_at: now, locked_until: null, last_error: null })
    .execute();
}

export async function markForRetry(
  db: DB,
  row: OutboxRow,
  leaseUntil: string,
  nextAttemptAt: string,
  error: string,
): Promise<void> {
  await settle(db, row, leaseUntil)
    .set({ next_attempt_at: nextAttemptAt, locked_until: null, last_error: error })
    .execute();
}

export async function markFailed(db: DB, row: OutboxRow, leaseUntil: string, error: string): Promise<void> {
  await settle(db, row, leaseUntil).set({ state: 'failed', locked_until: null, last_error: error }).execute();
}

/**
 * When the next pending message can be claimed: its retry's time, or the end of the lease another process holds on
 * it, whichever is later; undefined when none waits.
 */
export async function nextDueAt(db: DB): Promise<string | undefined> {
  const row = await db
    .selectFrom('notification_outbox')
    .select((eb) =>
      eb.fn
        .min<string>(
          eb
            .case()
            .when('locked_until', '>', eb.ref('next_attempt_at'))
            .then(eb.ref('locked_until'))
            .else(eb.ref('next_attempt_at'))
            .end(),
        )
        .as('due'),
    )
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return row?.due ?? undefined;
}

// ---- Recipients -----------------------------------------------------------------------------------

export interface Addressee {
  name: string;
  email: string | null;
  mobile: string | null;
}

export function findCustomerAddressee(db: DB, customerId: number): Promise<Addressee | undefined> {
  return db
    .selectFrom('customers')
    .select(['name', 'email', 'phone as mobile'])
    .where('id', '=', customerId)
    .executeTakeFirst();
}

export function findSellerAddressee(db: DB, sellerId: number): Promise<Addressee | undefined> {
  return db
    .selectFrom('sellers')
    .select(['name', 'email', 'mobile'])
    .where('id', '=', sellerId)
    .executeTakeFirst();
}

/** Every staff member with the admin role (they approve new shops). */
export async function findAdminAddressees(db: DB): Promise<Addressee[]> {
  const rows = await db
    .selectFrom('operators')
    .select(['name', 'email'])
    .where('role', '=', 'admin')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, mobile: null }));
}

// ---- What messages tell -----------------------------------------------------------------------------

export function findOrder(db: DB, orderId: number) {
  return db.selectFrom('customer_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

export function findPart(db: DB, partId: number) {
  return db.selectFrom('seller_orders').selectAll().where('id', '=', partId).executeTakeFirst();
}

/** The lines of an order, each with its seller's part. */
export function findLines(db: DB, orderId: number) {
  return db
    .selectFrom('order_items')
    .select(['name', 'brand', 'size', 'colour', 'price', 'discount', 'quantity', 'seller_order_id'])
    .where('customer_order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

export function findPaymentDeadline(db: DB, orderId: number) {
  return db
    .selectFrom('payments')
    .select(['reservation_expires_at', 'status', 'rejection_note'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

export function findRefund(db: DB, refundId: number) {
  return db
    .selectFrom('refunds')
    .innerJoin('customer_orders', 'customer_orders.id', 'refunds.customer_order_id')
    .select([
      'refunds.amount',
      'refunds.reference',
      'refunds.reason',
      'refunds.refunded_at',
      'customer_orders.order_code',
    ])
    .where('refunds.id', '=', refundId)
    .executeTakeFirst();
}

/** What the shopper is owed for a cancellation of the order, or of one part of it (0: it was not paid). */
export async function cancellationRefundTotal(
  db: DB,
  orderId: number,
  partId: number | null,
): Promise<number> {
  let query = db
    .selectFrom('refunds')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
    .where('customer_order_id', '=', orderId)
    .where('reason', '=', 'cancellation');
  if (partId !== null) query = query.where('seller_order_id', '=', partId);
  const row = await query.executeTakeFirst();
  return Number(row?.total ?? 0);
}

export function findSellerForApproval(db: DB, sellerId: number) {
  return db
    .selectFrom('sellers')
    .select(['shop_name', 'name', 'email', 'city', 'created_at'])
    .where('id', '=', sellerId)
    .executeTakeFirst();
}

// ---- The admin console's view ---------------------------------------------------------------------------

/** Outbox messages with their recipient's name and e-mail (null for the admins, or an account since deleted). */
function outboxWithRecipients(db: DB) {
  return db
    .selectFrom('notification_outbox')
    .leftJoin('customers', (join) =>
      join
        .onRef('customers.id', '=', 'notification_outbox.recipient_id')
        .on('notification_outbox.recipient_kind', '=', 'customer'),
    )
    .leftJoin('sellers', (join) =>
      join
        .onRef('sellers.id', '=', 'notification_outbox.recipient_id')
        .on('notification_outbox.recipient_kind', '=', 'seller'),
    );
}

function withRecipientColumns(query: ReturnType<typeof outboxWithRecipients>) {
  return query
    .selectAll('notification_outbox')
    .select((eb) => [
      eb.fn.coalesce('customers.name', 'sellers.name').as('recipient_name'),
      eb.fn.coalesce('customers.email', 'sellers.email').as('recipient_email'),
    ]);
}
export type ConsoleOutboxRow = Awaited<
  ReturnType<ReturnType<typeof withRecipientColumns>['execute']>
>[number];

/** A page of messages in a state (newest first), optionally of a kind and to a recipient, and how many match. */
export async function outboxPage(
  db: DB,
  filter: { state: string; kind?: string; recipient?: string; limit: number; offset: number },
): Promise<PageOf<ConsoleOutboxRow>> {
  let query = outboxWithRecipients(db).where('notification_outbox.state', '=', filter.state);
  if (filter.kind) query = query.where('notification_outbox.kind', '=', filter.kind);
  const { recipient } = filter;
  if (recipient) {
    query = query.where((eb) =>
      eb.or(
        ['customers.name', 'customers.email', 'sellers.name', 'sellers.email'].map((column) =>
          columnContains(column, recipient),
        ),
      ),
    );
  }
  return pageOf(withRecipientColumns(query).orderBy('notification_outbox.id', 'desc'), query, filter);
}

export function findConsoleMessage(db: DB, id: number): Promise<ConsoleOutboxRow | undefined> {
  return withRecipientColumns(outboxWithRecipients(db))
    .where('notification_outbox.id', '=', id)
    .executeTakeFirst();
}

/**
 * Queues a failed message again, due now with a fresh count of attempts (the retries it gave up after start over);
 * its last error stays until a try succeeds. False when it is not failed (sent, pending, or retried by someone else).
 */
export async function requeueFailed(trx: DB, id: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('notification_outbox')
    .set({ state: 'pending', attempts: 0, next_attempt_at: now, locked_until: null })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
