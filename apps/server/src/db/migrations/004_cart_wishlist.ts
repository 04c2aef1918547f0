import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from '../columns';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('cart_items'), dialect)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    // One line per product: adding it again raises the quantity (an upsert on this key).
    .addUniqueConstraint('cart_items_customer_product_key', ['customer_id', 'product_id'])
    .execute();
  // The unique key serves lookups by customer; this one serves product deletes and stock joins.
  await db.schema.createIndex('cart_items_product_idx').on('cart_items').column('product_id').execute();

  await withIdColumn(db.schema.createTable('wishlist_items'), dialect)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('wishlist_items_customer_product_key', ['customer_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('wishlist_items_product_idx')
    .on('wishlist_items')
    .column('product_id')
    .execute();
}
