import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * PostgreSQL: a search's products in a category, and its capped count, from one index range that holds the words.
 * The GIN index answers a word only with every product that has it: the capped count ("1,200+ results") of a common
 * word built a bitmap of its whole entry (`shirt:*`, 14,000 products) before counting the first 1,201 (a median 4 ms,
 * up to 90 ms, over bench scenario (j) at 100,000 products under load), and a search in a category with few matches
 * ANDed that bitmap with the category's and read every match from the table. Entries of (category_id) that include
 * the search vector and every column a search page sorts by let the planner count a common word by testing entries
 * until it has 1,201 (over the whole shop too: any range of the index will do), and read a category's matches as a
 * set from the index alone; a rare word keeps the GIN bitmap (docs/query-plans.md, 2026-11-28). SQLite searches
 * through FTS5 and needs none of this.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`create index products_category_search_idx on products (category_id)
    include (search_vector, id, sale_price, review_count, rating, discount, created_at)`.execute(db);
  await sql`analyze products`.execute(db);
}
