/**
 * Every application table, parents before children: the order a logical restore inserts in (and the reverse
 * is the order a forced restore empties them in). A new migration's table must be added here; the backup
 * test fails when a table of the database is missing from this list.
 */
export const SHOP_TABLES = [
  'sellers',
  'categories',
  'products',
  'product_images',
  'product_variants',
  'banners',
  'customers',
  'otps',
  // Sessions ended by logout stay ended after a restore; failed sign-ins keep counting.
  'revoked_sessions',
  'auth_failures',
  'reviews',
  'cart_items',
  'wishlist_items',
  'addresses',
  'customer_orders',
  'seller_orders',
  'order_items',
  // The seller center's order timeline and refunds owed (migration 017).
  'order_events',
  'refunds',
  'messages',
  'conversations',
  'operators',
  'payments',
  'payment_decisions',
  // Staff actions (issue 17); after operators, whom each row names.
  'audit_log',
  // Messages waiting to be sent (issue 19): a restore must not lose an order's confirmation.
  'notification_outbox',
] as const;

/** Kysely's own bookkeeping: which migrations the data was written under. */
export const MIGRATION_TABLE = 'kysely_migration';
