import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Selling price and full-text search for the catalogue.
 * - `sale_price` is the discounted price (price − floor(price × discount / 100)); listings filter and sort on it.
 *   Integer division floors here because price and discount are never negative.
 * - `category_terms` holds the product's subcategory and group names so one search covers name, brand and category.
 * - SQLite: an external-content FTS5 table (porter stemming, so "kurtas" finds "kurta") kept in sync by triggers.
 *   PostgreSQL: a stored, weighted tsvector (english config stems the same way) with a GIN index.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const salePrice = sql`price - (price * discount / 100)`;
  await db.schema
    .alterTable('products')
    .addColumn('category_terms', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  if (dialect === 'postgres') {
    await db.schema
      .alterTable('products')
      .addColumn('sale_price', 'integer', (c) => c.generatedAlwaysAs(salePrice).stored())
      .execute();
    await sql`
      alter table products add column search_vector tsvector generated always as (
        setweight(to_tsvector('english', name), 'A') ||
        setweight(to_tsvector('english', brand), 'B') ||
        setweight(to_tsvector('english', category_terms), 'C')
      ) stored`.execute(db);
    await sql`create index products_search_idx on products using gin (search_vector)`.execute(db);
  } else {
    // SQLite cannot add a STORED generated column to an existing table; a VIRTUAL one can still be indexed.
    await db.schema
      .alterTable('products')
      .addColumn('sale_price', 'integer', (c) => c.generatedAlwaysAs(salePrice))
      .execute();
    await sql`
      create virtual table products_fts using fts5(
        name, brand, category_terms,
        content = 'products', content_rowid = 'id',
        tokenize = 'porter unicode61 remove_diacritics 2'
      )`.execute(db);
    // Rank by bm25 with a name match worth more than a brand match, and both more than a category match.
    await sql`insert into products_fts (products_fts, rank) values ('rank', 'bm25(10.0, 5.0, 1.0)')`.execute(
      db,
    );
    await sql`
      create trigger products_fts_insert after insert on products begin
        insert into products_fts (rowid, name, brand, category_terms)
        values (new.id, new.name, new.brand, new.category_terms);
      end`.execute(db);
    await sql`
      create trigger products_fts_delete after delete on products begin
        insert into products_fts (products_fts, rowid, name, brand, category_terms)
        values ('delete', old.id, old.name, old.brand, old.category_terms);
      end`.execute(db);
    await sql`
      create trigger products_fts_update after update of name, brand, category_terms on products begin
        insert into products_fts (products_fts, rowid, name, brand, category_terms)
        values ('delete', old.id, old.name, old.brand, old.category_terms);
        insert into products_fts (rowid, name, brand, category_terms)
        values (new.id, new.name, new.brand, new.category_terms);
      end`.execute(db);
  }

  // Price filters and sorts, whole catalogue and within a category.
  await db.schema.createIndex('products_sale_price_idx').on('products').column('sale_price').execute();
  await db.schema
    .createIndex('products_category_sale_price_idx')
    .on('products')
    .columns(['category_id', 'sale_price'])
    .execute();
  // Home page rails and carousels: most reviewed ("popular"), best rated and biggest discounts, overall and per shelf.
  await db.schema
    .createIndex('products_popularity_idx')
    .on('products')
    .columns(['review_count', 'rating'])
    .execute();
  await db.schema
    .createIndex('products_category_popularity_idx')
    .on('products')
    .columns(['category_id', 'review_count', 'rating'])
    .execute();
  await db.schema
    .createIndex('products_rating_reviews_idx')
    .on('products')
    .columns(['rating', 'review_count'])
    .execute();
  await db.schema
    .createIndex('products_discount_idx')
    .on('products')
    .columns(['discount', 'review_count'])
    .execute();
  // "More from this shop" on the product page.
  await db.schema
    .createIndex('products_seller_popularity_idx')
    .on('products')
    .columns(['seller_id', 'review_count', 'rating'])
    .execute();
  await db.schema.createIndex('reviews_customer_idx').on('reviews').column('customer_id').execute();
}
