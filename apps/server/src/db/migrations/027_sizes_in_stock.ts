import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from '../columns';

/**
 * Every size of SIZE_SYSTEMS (@bazaar/shared) as it stood when this migration was written, in run order. Spelt out
 * rather than imported so the migration does the same thing forever; a size added to a run later needs a migration
 * adding its row to `size_bits` (a test compares the two).
 */
const SIZES = [
  ...['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'],
  ...['28', '30', '32', '34', '36', '38', '40'],
  ...['UK 5', 'UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10', 'UK 11', 'UK 12'],
  ...['UK 9C', 'UK 10C', 'UK 11C', 'UK 12C', 'UK 13C', 'UK 1', 'UK 2', 'UK 3'],
  ...[
    '2-3Y',
    '3-4Y',
    '4-5Y',
    '5-6Y',
    '6-7Y',
    '7-8Y',
    '8-9Y',
    '9-10Y',
    '10-11Y',
    '11-12Y',
    '12-13Y',
    '13-14Y',
  ],
];

/**
 * The facet indexes of migration 016, each with `sizes_in_stock` and the listing's other sort keys (`review_count`,
 * `created_at`) added, so a page of a facet listing is chosen and sorted from index entries alone: without them
 * SQLite read every row of the facet's range for its sort key (a colour: ~2,500 rows, ~10 ms under load).
 */
const FACET_INDEXES = [
  ['products_brand_facets_idx', 'brand, colour, discount, {price}, rating, category_id'],
  ['products_colour_facets_idx', 'colour, brand, discount, {price}, rating, category_id'],
  ['products_category_facets_idx', 'category_id, brand, colour, discount, {price}, rating'],
  ['products_discount_facets_idx', 'discount, brand, colour, {price}, rating, category_id'],
] as const;

/**
 * Issue 15, listing facets on a cache miss: a product's sizes in stock as a bitmask on the product itself, so a size
 * filter and the size facet's counts are read from the same covering indexes as brand, colour, discount, price,
 * rating and category, instead of driving every statement from the ~30,000 in-stock variants of a size (0.3–1.2 s
 * a listing on SQLite, docs/query-plans.md).
 *
 * - `size_bits` gives each size its bit (a power of two; 42 sizes fit a 64-bit integer on both databases).
 * - `products.sizes_in_stock` is the sum of the bits of the product's sizes with stock. Triggers on
 *   `product_variants` keep it in the statement that changes a variant (checkout, cancellations and returns, the
 *   reservation job, seller edits, the seed, a restore, anything written by hand), so no code path can forget it.
 *   They only touch the product when a variant's stock crosses zero, its size changes, or it is added or removed:
 *   an order that leaves a size in stock costs nothing more. Each variant owns its size's bit on its product (one
 *   variant per product and size), so setting and clearing bits needs no recount, and two transactions changing
 *   different sizes of a product commute (each update reads the locked, latest row on PostgreSQL).
 * - PostgreSQL adds a bulk insert's bits per product in one statement (a statement trigger over the inserted rows):
 *   the seed inserts half a million variants, and a row trigger would update each product five times.
 * - The variants' partial in-stock indexes of migration 016 only served the size filter and counts; they are
 *   dropped, which also spares every order an index update per line.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // An id like every table has (backups read tables in id order); sizes and bits are each unique.
  await withIdColumn(db.schema.createTable('size_bits'), dialect)
    .addColumn('size', 'text', (c) => c.notNull().unique())
    .addColumn('bit', 'bigint', (c) => c.notNull().unique())
    .execute();
  await sql`insert into size_bits (size, bit) values ${sql.join(SIZES.map((size, index) => sql`(${size}, ${2 ** index})`))}`.execute(
    db,
  );

  await db.schema
    .alterTable('products')
    .addColumn('sizes_in_stock', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update products set sizes_in_stock = coalesce((
      select cast(sum(b.bit) as bigint) from product_variants v join size_bits b on b.size = v.size
      where v.product_id = products.id and v.stock > 0
    ), 0)
  `.execute(db);

  if (dialect === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);

  const sellingPrice = dialect === 'sqlite' ? '(price - (price * discount / 100))' : 'sale_price';
  // Every listing leaves out hidden products by id (`id not in (…)`, migration 019): SQLite's index entries carry
  // the rowid, PostgreSQL's must include it, or no facet statement is answered from the index alone there.
  const withId = dialect === 'postgres' ? sql` include (id)` : sql``;
  for (const [name, columns] of FACET_INDEXES) {
    await sql`drop index ${sql.id(name)}`.execute(db);
    await sql`create index ${sql.id(name)} on products (${sql.raw(columns.replace('{price}', sellingPrice))}, sizes_in_stock, review_count, created_at)${withId}`.execute(
      db,
    );
  }
  await sql`drop index product_variants_size_in_stock_idx`.execute(db);
  await sql`drop index product_variants_product_in_stock_idx`.execute(db);
  await sql`analyze products`.execute(db);
}

/** The bit of a size as an expression (0 for no size, or one outside every run). */
const bitOf = (size: string) => `coalesce((select bit from size_bits where size = ${size}), 0)`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create trigger product_variants_sizes_insert after insert on product_variants
    when new.stock > 0 and new.size is not null begin
      update products set sizes_in_stock = sizes_in_stock | ${sql.raw(bitOf('new.size'))} where id = new.product_id;
    end`.execute(db);
  await sql`
    create trigger product_variants_sizes_delete after delete on product_variants
    when old.stock > 0 and old.size is not null begin
      update products set sizes_in_stock = sizes_in_stock & ~${sql.raw(bitOf('old.size'))} where id = old.product_id;
    end`.execute(db);
  // Clears the old size's bit, then sets the new one's if it has stock: right for a stock crossing zero, a size
  // renamed and a variant moved to another product alike.
  await sql`
    create trigger product_variants_sizes_update after update of stock, size, product_id on product_variants
    when (old.stock > 0) <> (new.stock > 0) or old.size is not new.size or old.product_id <> new.product_id begin
      update products set sizes_in_stock = sizes_in_stock & ~${sql.raw(bitOf('old.size'))} where id = old.product_id;
      update products set sizes_in_stock = sizes_in_stock | ${sql.raw(bitOf('new.size'))}
      where id = new.product_id and new.stock > 0;
    end`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function product_variants_sizes_inserted() returns trigger language plpgsql as $$
    begin
      update products p set sizes_in_stock = p.sizes_in_stock | added.bits
      from (
        select n.product_id, bit_or(b.bit) as bits from inserted_variants n join size_bits b on b.size = n.size
        where n.stock > 0 group by n.product_id
      ) added
      where p.id = added.product_id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger product_variants_sizes_insert after insert on product_variants
    referencing new table as inserted_variants for each statement
    execute function product_variants_sizes_inserted()`.execute(db);

  await sql`
    create function product_variants_sizes_changed() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update products set sizes_in_stock = sizes_in_stock & ~${sql.raw(bitOf('old.size'))} where id = old.product_id;
      end if;
      if tg_op = 'UPDATE' and new.stock > 0 then
        update products set sizes_in_stock = sizes_in_stock | ${sql.raw(bitOf('new.size'))} where id = new.product_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger product_variants_sizes_update after update of stock, size, product_id on product_variants
    for each row when ((old.stock > 0) <> (new.stock > 0) or old.size is distinct from new.size
      or old.product_id <> new.product_id)
    execute function product_variants_sizes_changed()`.execute(db);
  await sql`
    create trigger product_variants_sizes_delete after delete on product_variants
    for each row when (old.stock > 0 and old.size is not null)
    execute function product_variants_sizes_changed()`.execute(db);
}
