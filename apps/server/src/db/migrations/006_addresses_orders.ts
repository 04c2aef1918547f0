import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from '../columns';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('addresses'), dialect)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phonenumber', 'text', (c) => c.notNull())
    .addColumn('alternatephonenumber', 'text')
    .addColumn('pincode', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('city_dist_town', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('landmark', 'text')
    .addColumn('locality', 'text')
    .addColumn('is_default', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_default in (0, 1)`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('addresses_customer_idx')
    .on('addresses')
    .columns(['customer_id', 'created_at'])
    .execute();
  // At most one default per customer, whatever the application does; the service keeps it at exactly one.
  await db.schema
    .createIndex('addresses_one_default_per_customer')
    .on('addresses')
    .column('customer_id')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  await withIdColumn(db.schema.createTable('customer_orders'), dialect)
    .addColumn('order_code', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('shipping_fee', 'integer', (c) => c.notNull().check(sql`shipping_fee >= 0`))
    .addColumn('items', 'integer', (c) => c.notNull().check(sql`items >= 1`))
    .addColumn('payment_status', 'text', (c) => c.notNull())
    .addColumn('delivery_status', 'text', (c) => c.notNull())
    .addColumn('shipping_name', 'text', (c) => c.notNull())
    .addColumn('shipping_phone', 'text', (c) => c.notNull())
    .addColumn('shipping_alternate_phone', 'text')
    .addColumn('shipping_address', 'text', (c) => c.notNull())
    .addColumn('shipping_landmark', 'text')
    .addColumn('shipping_locality', 'text')
    .addColumn('shipping_city', 'text', (c) => c.notNull())
    .addColumn('shipping_state', 'text', (c) => c.notNull())
    .addColumn('shipping_pincode', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // A retried or double-clicked checkout carries the same key and must find the first order, not make a second.
    .addUniqueConstraint('customer_orders_idempotency_key', ['customer_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('customer_orders_customer_idx')
    .on('customer_orders')
    .columns(['customer_id', 'created_at'])
    .execute();

  await withIdColumn(db.schema.createTable('seller_orders'), dialect)
    .addColumn('customer_order_id', 'integer', (c) =>
      c.notNull().references('customer_orders.id').onDelete('cascade'),
    )
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('sellers.id'))
    .addColumn('shop_name', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('payment_status', 'text', (c) => c.notNull())
    .addColumn('delivery_status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('seller_orders_order_idx')
    .on('seller_orders')
    .column('customer_order_id')
    .execute();
  await db.schema
    .createIndex('seller_orders_seller_idx')
    .on('seller_orders')
    .columns(['seller_id', 'created_at'])
    .execute();

  await withIdColumn(db.schema.createTable('order_items'), dialect)
    .addColumn('customer_order_id', 'integer', (c) =>
      c.notNull().references('customer_orders.id').onDelete('cascade'),
    )
    .addColumn('seller_order_id', 'integer', (c) =>
      c.notNull().references('seller_orders.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('discount', 'integer', (c) => c.notNull().check(sql`discount >= 0 and discount <= 90`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('hsn_code', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_items_order_idx')
    .on('order_items')
    .column('customer_order_id')
    .execute();
}
