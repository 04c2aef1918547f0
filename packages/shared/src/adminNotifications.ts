import { z } from 'zod';
import { pageSchema, searchTextSchema } from './admin';
import { NOTIFICATION_KINDS, OUTBOX_CHANNELS, OUTBOX_STATES, type NotificationKind } from './notifications';
import { idSchema } from './validation';

/**
 * The admin console's view of the notification outbox (issue 19): messages by state (failed first: the ones that
 * need someone), kind and recipient, with the last error and the attempts, and a Retry that queues a failed
 * message again (audited). Admins and operators alike.
 */

export const NOTIFICATIONS_PAGE_SIZE = 25;

/** What the console calls each kind of message. */
export const notificationKindLabels: Record<NotificationKind, string> = {
  welcome: 'Welcome',
  order_placed: 'Order placed',
  payment_verified: 'Payment received',
  payment_method_changed: 'Changed to cash on delivery',
  payment_rejected: 'Payment not verified',
  order_shipped: 'Order shipped',
  order_delivered: 'Order delivered',
  order_cancelled: 'Order cancelled',
  return_update: 'Return update',
  refund_issued: 'Refund issued',
  seller_new_order: 'Seller: new order',
  seller_return_requested: 'Seller: return requested',
  admin_new_seller: 'Admins: new seller',
};

export const adminNotificationListQuerySchema = z.object({
  state: z.enum(OUTBOX_STATES, { error: 'must be pending, sent or failed' }).default('failed'),
  kind: z.enum(NOTIFICATION_KINDS, { error: 'must be a kind of message' }).optional(),
  /** Words of the recipient's e-mail address or name. */
  recipient: searchTextSchema,
  page: pageSchema,
});
export type AdminNotificationListQuery = z.output<typeof adminNotificationListQuerySchema>;

export const adminNotificationSchema = z.object({
  _id: z.number(),
  channel: z.enum(OUTBOX_CHANNELS),
  kind: z.enum(NOTIFICATION_KINDS),
  state: z.enum(OUTBOX_STATES),
  recipient: z.object({
    kind: z.enum(['customer', 'seller', 'admins']),
    /** The customer's or seller's id; null for every admin. */
    _id: z.number().nullable(),
    /** Null when the account is gone (or for the admins). */
    name: z.string().nullable(),
    email: z.string().nullable(),
  }),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminNotification = z.infer<typeof adminNotificationSchema>;

export const adminNotificationListResponseSchema = z.object({
  notifications: z.array(adminNotificationSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminNotificationListResponse = z.infer<typeof adminNotificationListResponseSchema>;

export const notificationIdParamsSchema = z.object({ notificationId: idSchema });

export const retryNotificationResponseSchema = z.object({
  message: z.string(),
  notification: adminNotificationSchema,
});
export type RetryNotificationResponse = z.infer<typeof retryNotificationResponseSchema>;

export const notificationMessages = {
  notFound: 'Message not found',
  notFailed: 'Only a failed message can be retried; this one is not failed (any more)',
  retried: 'The message is queued again and will be sent shortly',
} as const;
