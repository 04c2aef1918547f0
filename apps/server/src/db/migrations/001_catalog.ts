import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from '../columns';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('sellers'), dialect)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('shop_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('categories'), dialect)
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('categories_parent_idx')
    .on('categories')
    .columns(['parent_id', 'position'])
    .execute();

  await withIdColumn(db.schema.createTable('products'), dialect)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('discount', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`discount >= 0 and discount <= 90`),
    )
    .addColumn('stock', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .addColumn('rating', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('colour', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('sellers.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Listing filters and sorts: category + price, rating, newest; seller for shop pages.
  await db.schema
    .createIndex('products_category_price_idx')
    .on('products')
    .columns(['category_id', 'price'])
    .execute();
  await db.schema.createIndex('products_price_idx').on('products').columns(['price']).execute();
  await db.schema.createIndex('products_rating_idx').on('products').columns(['rating']).execute();
  await db.schema.createIndex('products_created_idx').on('products').columns(['created_at']).execute();
  await db.schema.createIndex('products_seller_idx').on('products').columns(['seller_id']).execute();

  await withIdColumn(db.schema.createTable('product_images'), dialect)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_images_product_idx')
    .on('product_images')
    .columns(['product_id', 'position'])
    .execute();

  await withIdColumn(db.schema.createTable('reviews'), dialect)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('review', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reviews_product_idx')
    .on('reviews')
    .columns(['product_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('reviews_one_per_customer')
    .on('reviews')
    .columns(['product_id', 'customer_id'])
    .unique()
    .execute();

  await withIdColumn(db.schema.createTable('banners'), dialect)
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('heading', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('button_text', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
}
