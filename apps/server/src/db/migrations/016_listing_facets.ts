import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Listing facets (issue 15): each facet's counts are one grouped statement over the products matching the other
 * filters, so a listing with a brand or colour filter reads only that brand's or colour's products. These indexes
 * lead with what a facet filter names and hold every other column a listing filters or groups on (brand, colour,
 * discount, selling price, rating, category), so the counts are read from the index alone on both databases
 * (docs/query-plans.md). The selling price is written exactly as migration 010 writes it.
 * Needs migration 014's product_variants.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const sellingPrice = dialect === 'sqlite' ? sql`(price - (price * discount / 100))` : sql`sale_price`;
  const indexes: [string, ReturnType<typeof sql>][] = [
    ['products_brand_facets_idx', sql`brand, colour, discount, ${sellingPrice}, rating, category_id`],
    ['products_colour_facets_idx', sql`colour, brand, discount, ${sellingPrice}, rating, category_id`],
    ['products_category_facets_idx', sql`category_id, brand, colour, discount, ${sellingPrice}, rating`],
    ['products_discount_facets_idx', sql`discount, brand, colour, ${sellingPrice}, rating, category_id`],
  ];
  for (const [name, columns] of indexes) {
    await sql`create index ${sql.id(name)} on products (${columns})`.execute(db);
  }
  // The size facet counts and filters on sizes in stock only: partial indexes over the variants with stock, one
  // to find a size's products, one to read a product's sizes, both without the table (`stock` is in them because
  // SQLite would otherwise read the row to check `stock > 0`). A variant selling out leaves them.
  await sql`create index product_variants_size_in_stock_idx on product_variants (size, product_id, stock) where stock > 0`.execute(
    db,
  );
  await sql`create index product_variants_product_in_stock_idx on product_variants (product_id, size, stock) where stock > 0`.execute(
    db,
  );
  await sql`analyze products`.execute(db);
  await sql`analyze product_variants`.execute(db);
}
