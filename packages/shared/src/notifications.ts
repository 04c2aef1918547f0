/**
 * Notifications (issue 19), zod-free: every message the shop sends, by kind, and what each needs to be written. A
 * message is queued in the outbox in the transaction of the event it reports and delivered later by a background
 * job (e-mail through SMTP, SMS through the SMS provider), so sending never blocks or fails the event itself.
 * Params carry ids and what only the event knows (a reason, a deadline); the server stores with them the facts
 * the message tells (state, amounts, lines, courier), read when the event happens, so a message sent later still
 * says what was true then.
 */
export interface NotificationParams {
  /** A shopper's account was created. */
  welcome: Record<string, never>;
  /** An order was placed (with the UPI reminder and the reservation deadline, or cash on delivery). */
  order_placed: {
    orderId: number;
    /** When an unpaid UPI order's reservation ends (ISO time). */ paymentDeadline?: string;
  };
  payment_verified: { orderId: number };
  /** The shopper switched an order placed for UPI to cash on delivery on the payment page (total with the fee). */
  payment_method_changed: { orderId: number };
  payment_rejected: { orderId: number; reason?: string | null };
  /** One seller's part left with a courier (its courier and AWB are on the part). */
  order_shipped: { orderId: number; partId: number };
  order_delivered: { orderId: number; partId: number };
  /** The whole order (partId null) or one seller's part was cancelled, by whom and why. */
  order_cancelled: {
    orderId: number;
    partId: number | null;
    by: 'customer' | 'seller' | 'system' | 'admin';
    reason?: string | null;
  };
  /** A return changed state (requested, approved, rejected, picked up, received). */
  return_update: { returnId: number };
  /** An operator recorded the bank or UPI reference of a refund. */
  refund_issued: { refundId: number };
  /** To a seller: its part of an order was paid (or placed as cash on delivery) and should be packed. */
  seller_new_order: { orderId: number; partId: number };
  /** To a seller: a shopper asked to return lines of its part. */
  seller_return_requested: { returnId: number };
  /** To every admin: a seller registered and waits for approval. */
  admin_new_seller: { sellerId: number };
}

export type NotificationKind = keyof NotificationParams;

export const NOTIFICATION_KINDS = [
  'welcome',
  'order_placed',
  'payment_verified',
  'payment_method_changed',
  'payment_rejected',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'return_update',
  'refund_issued',
  'seller_new_order',
  'seller_return_requested',
  'admin_new_seller',
] as const satisfies readonly NotificationKind[];

/** Who a message goes to: a shopper, a seller, or every admin of the marketplace. */
export type NotificationRecipient = { customerId: number } | { sellerId: number } | 'admins';

/** Kinds that also go out as an SMS to the shopper's mobile (OTP texts are sent directly, not queued). */
export const SMS_NOTIFICATION_KINDS: readonly NotificationKind[] = ['order_shipped', 'order_delivered'];

/** How a queued message moves: `pending` until delivered (`sent`), or `failed` after the last retry. */
export const OUTBOX_STATES = ['pending', 'sent', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
