import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from '../columns';

/**
 * Issue 15: sizes as variants. A product sells one variant per size of its size system, or a single default
 * variant (size null) when it has none; each variant has its own SKU and stock, and `products.stock` stays the sum
 * of its variants' stock (kept so by the one repository function that changes variant stock). Colours are sibling
 * products sharing a `style_code`.
 *
 * Today's data moves forward: every product gets its default variant (SKU `P{id}`) holding its stock, every cart
 * line and order line points at it, order lines remember the product's colour.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('products').addColumn('size_system', 'text').execute();
  await db.schema.alterTable('products').addColumn('style_code', 'text').execute();
  // The product page's colour swatches: the other products of the same style.
  await db.schema.createIndex('products_style_code_idx').on('products').column('style_code').execute();

  await withIdColumn(db.schema.createTable('product_variants'), dialect)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('sku', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stock', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .execute();
  // A product's variants in size-run order; also the product_id index (deletes, joins). One variant per size
  // (the default variant's null size is distinct from everything, as SQL has it).
  await db.schema
    .createIndex('product_variants_product_idx')
    .on('product_variants')
    .columns(['product_id', 'position'])
    .execute();
  await db.schema
    .createIndex('product_variants_product_size_key')
    .on('product_variants')
    .columns(['product_id', 'size'])
    .unique()
    .execute();

  await sql`
    insert into product_variants (product_id, sku, size, position, stock)
    select id, 'P' || cast(id as text), null, 0, stock from products order by id
  `.execute(db);

  if (dialect === 'postgres') await cartLinesPerVariantPostgres(db);
  else await cartLinesPerVariantSqlite(db);

  // Order lines: which variant, and its size and colour as they were when ordered (the variant may change later).
  await db.schema
    .alterTable('order_items')
    .addColumn('variant_id', 'integer', (c) => c.references('product_variants.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('order_items').addColumn('size', 'text').execute();
  await db.schema.alterTable('order_items').addColumn('colour', 'text').execute();
  await sql`
    update order_items set
      variant_id = (select v.id from product_variants v where v.product_id = order_items.product_id and v.size is null),
      colour = (select p.colour from products p where p.id = order_items.product_id)
  `.execute(db);
  await db.schema.createIndex('order_items_variant_idx').on('order_items').column('variant_id').execute();
}

/** The default variant of each line's product (every product has exactly one at this point). */
const DEFAULT_VARIANT_OF_LINE = sql`(select v.id from product_variants v where v.product_id = cart_items.product_id and v.size is null)`;

/** A cart line becomes one variant: unique per (customer, variant) instead of per (customer, product). */
async function cartLinesPerVariantPostgres(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cart_items')
    .addColumn('variant_id', 'integer', (c) => c.references('product_variants.id').onDelete('cascade'))
    .execute();
  await sql`update cart_items set variant_id = ${DEFAULT_VARIANT_OF_LINE}`.execute(db);
  await sql`alter table cart_items alter column variant_id set not null`.execute(db);
  await db.schema.alterTable('cart_items').dropConstraint('cart_items_customer_product_key').execute();
  await db.schema
    .alterTable('cart_items')
    .addUniqueConstraint('cart_items_customer_variant_key', ['customer_id', 'variant_id'])
    .execute();
  await db.schema.createIndex('cart_items_variant_idx').on('cart_items').column('variant_id').execute();
}

/**
 * SQLite cannot drop a table constraint or make a column NOT NULL in place, so the table is rebuilt (the way
 * SQLite's ALTER TABLE documentation describes): new table, rows copied with their ids, old table dropped, new one
 * renamed. Nothing refers to cart_items, so dropping it with foreign keys on is safe.
 */
async function cartLinesPerVariantSqlite(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cart_items_new')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('variant_id', 'integer', (c) =>
      c.notNull().references('product_variants.id').onDelete('cascade'),
    )
    .addUniqueConstraint('cart_items_customer_variant_key', ['customer_id', 'variant_id'])
    .execute();
  await sql`
    insert into cart_items_new (id, customer_id, product_id, quantity, created_at, variant_id)
    select id, customer_id, product_id, quantity, created_at, ${DEFAULT_VARIANT_OF_LINE} from cart_items
  `.execute(db);
  await db.schema.dropTable('cart_items').execute();
  await db.schema.alterTable('cart_items_new').renameTo('cart_items').execute();
  await db.schema.createIndex('cart_items_product_idx').on('cart_items').column('product_id').execute();
  await db.schema.createIndex('cart_items_variant_idx').on('cart_items').column('variant_id').execute();
}
