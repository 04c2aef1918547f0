/**
 * Every application table, parents before children: the order a logical restore inserts in (and the reverse
 * is the order a forced restore empties them in). A new migration's table must be added here; the backup
 * test fails when a table of the database is missing from this list.
 */
export const SHOP_TABLES = [
  'sellers',
  'categories',
  // Each size's bit (migration 027), before the variants whose triggers read it.
  'size_bits',
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
  // GST rates, numbering and issued tax invoices and credit notes (migration 023), after the orders and refunds
  // they document.
  'hsn_rates',
  'document_series',
  'tax_documents',
  'tax_document_lines',
  // Shoppers' returns (issue 19), after the orders and refunds they name.
  'returns',
  'return_items',
  // The photos sent with them (migration 025); their files are in the media storage, backed up with it.
  'return_photos',
  // The marketplace's settings (migration 022): the COD limit and fee.
  'marketplace_settings',
  // How many catalogue changes the command-line tools made (migration 035), which running servers poll.
  'outside_catalogue_changes',
] as const;

/**
 * Tables whose rows a migration writes (the GST rates of migration 023, the size bits of 027): a freshly migrated database holds them and
 * is still empty of shop data, so a restore into it needs no --force (it replaces them with the dump's).
 */
export const SEEDED_BY_MIGRATIONS: readonly (typeof SHOP_TABLES)[number][] = ['hsn_rates', 'size_bits'];

/** Kysely's own bookkeeping: which migrations the data was written under. */
export const MIGRATION_TABLE = 'kysely_migration';
