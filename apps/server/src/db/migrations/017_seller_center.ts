import { sql, type Kysely } from 'kysely';
import { slugify } from '@bazaar/shared/slug';
import type { Dialect } from '../database';
import { withIdColumn } from '../columns';

/**
 * Issue 16, the seller center: sellers register and wait for approval, list their own products (draft, active,
 * archived) with uploaded photos, and fulfil their part of each order with a timeline of events; a seller's
 * cancellation of a paid part records a refund owed to the shopper; earnings take a commission per seller.
 *
 * Today's sellers were all trading, so they become `approved` with the default commission, and each gets a shop
 * slug from its name. Today's products are all `active` and shown.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sellerOnboarding(db);
  await productStatus(db);
  await db.schema.alterTable('product_images').addColumn('width', 'integer').execute();
  await db.schema.alterTable('product_images').addColumn('height', 'integer').execute();
  await fulfilment(db, dialect);
  await refunds(db, dialect);
}

async function sellerOnboarding(db: Kysely<unknown>): Promise<void> {
  const columns: [string, 'text' | 'integer'][] = [
    // The public shop page's address, /shop/{slug}: unique, from the shop name.
    ['slug', 'text'],
    ['mobile', 'text'],
    ['gstin', 'text'],
    ['pan', 'text'],
    // The street part of the pickup address; city is `city`, state and pincode came with migration 015.
    ['pickup_address', 'text'],
    // Why the marketplace rejected or suspended the seller, shown to the seller.
    ['status_reason', 'text'],
    ['approved_at', 'text'],
  ];
  for (const [name, type] of columns) await db.schema.alterTable('sellers').addColumn(name, type).execute();
  // pending → approved | rejected; approved ⇄ suspended. Only an approved seller's products reach shoppers.
  await db.schema
    .alterTable('sellers')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('approved'))
    .execute();
  // The marketplace's commission on this seller's sales, in whole percent (issue 16: default 10 %).
  await db.schema
    .alterTable('sellers')
    .addColumn('commission_percent', 'integer', (c) => c.notNull().defaultTo(10))
    .execute();

  const sellers = await sql<{
    id: number;
    shop_name: string;
  }>`select id, shop_name from sellers order by id`.execute(db);
  const taken = new Set<string>();
  for (const { id, shop_name } of sellers.rows) {
    const base = slugify(shop_name) || 'shop';
    const slug = taken.has(base) ? `${base}-${id}` : base;
    taken.add(slug);
    await sql`update sellers set slug = ${slug}, approved_at = created_at where id = ${id}`.execute(db);
  }
  await db.schema.createIndex('sellers_slug_key').on('sellers').column('slug').unique().execute();
  await db.schema.createIndex('sellers_status_idx').on('sellers').columns(['status', 'created_at']).execute();
}

async function productStatus(db: Kysely<unknown>): Promise<void> {
  // draft | active | archived, as the seller sets it.
  await db.schema
    .alterTable('products')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .execute();
  // 1 when shoppers may see and buy the product: it is active and its seller approved. Kept in step by the
  // seller center's writes (product status, seller approval and suspension), so storefront reads filter one
  // column of the product instead of joining its seller.
  await db.schema
    .alterTable('products')
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // The seller center's product list: a seller's products, newest first.
  await db.schema
    .createIndex('products_seller_created_idx')
    .on('products')
    .columns(['seller_id', 'created_at'])
    .execute();
}

async function fulfilment(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // The seller's part ships with a courier and an AWB / tracking number; the commission is fixed when the part is
  // placed, so a later change of rate does not rewrite past earnings.
  await db.schema.alterTable('seller_orders').addColumn('courier', 'text').execute();
  await db.schema.alterTable('seller_orders').addColumn('tracking_number', 'text').execute();
  await db.schema.alterTable('seller_orders').addColumn('shipped_at', 'text').execute();
  await db.schema.alterTable('seller_orders').addColumn('delivered_at', 'text').execute();
  await db.schema
    .alterTable('seller_orders')
    .addColumn('commission_percent', 'integer', (c) => c.notNull().defaultTo(10))
    .execute();
  await db.schema.alterTable('seller_orders').addColumn('updated_at', 'text').execute();
  await sql`update seller_orders set updated_at = created_at`.execute(db);
  // The seller center's order list: a seller's parts by status, newest first (and the counts per status).
  await db.schema
    .createIndex('seller_orders_seller_status_idx')
    .on('seller_orders')
    .columns(['seller_id', 'delivery_status', 'created_at'])
    .execute();

  // Every change of a seller part's state: who made it, when, and what came with it (courier, AWB, note).
  await withIdColumn(db.schema.createTable('order_events'), dialect)
    .addColumn('customer_order_id', 'integer', (c) =>
      c.notNull().references('customer_orders.id').onDelete('cascade'),
    )
    .addColumn('seller_order_id', 'integer', (c) =>
      c.notNull().references('seller_orders.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) => c.notNull())
    // 'customer' | 'seller' | 'operator' | 'admin' | 'system' (the reservation job, a payment webhook).
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('courier', 'text')
    .addColumn('tracking_number', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_events_order_idx')
    .on('order_events')
    .columns(['customer_order_id', 'id'])
    .execute();
  await db.schema
    .createIndex('order_events_part_idx')
    .on('order_events')
    .columns(['seller_order_id', 'id'])
    .execute();
}

/**
 * One table for every refund owed to a shopper (issue 16 records those of a seller's cancellation; issue 19 adds
 * the shopper's cancellations, returns and late payments): `pending` until an operator records the bank or UPI
 * reference, then `refunded`.
 */
async function refunds(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('refunds'), dialect)
    .addColumn('customer_order_id', 'integer', (c) => c.notNull().references('customer_orders.id'))
    .addColumn('seller_order_id', 'integer', (c) => c.references('seller_orders.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    // Whole rupees.
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    // 'cancellation' | 'return' | 'late_payment'
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reference', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('refunded_at', 'text')
    .execute();
  await db.schema
    .createIndex('refunds_customer_idx')
    .on('refunds')
    .columns(['customer_id', 'created_at'])
    .execute();
  await db.schema.createIndex('refunds_order_idx').on('refunds').column('customer_order_id').execute();
  await db.schema.createIndex('refunds_state_idx').on('refunds').columns(['state', 'created_at']).execute();
}
