import type { Generated } from 'kysely';

/** One e-mail or SMS waiting to be delivered, delivered, or given up on (migration 020). */
export interface NotificationOutboxTable {
  id: Generated<number>;
  /** An OUTBOX_CHANNELS value. */
  channel: string;
  /** A NOTIFICATION_KINDS value. */
  kind: string;
  /** 'customer' | 'seller' | 'admins'. */
  recipient_kind: string;
  /** The customer's or seller's id; null for 'admins'. */
  recipient_id: number | null;
  /** JSON of the kind's NotificationParams. */
  params: string;
  /** An OUTBOX_STATES value. */
  state: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface NotificationTables {
  notification_outbox: NotificationOutboxTable;
}
