import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Indexes the listing needed once the catalogue reached 100,000 products (plans in docs/query-plans.md):
 * - a category's newest products (the shop page's default sort) came from the (category, price) index followed
 *   by a sort of the whole category; (category_id, created_at) hands them over already in order.
 * The planner needs statistics for a new index: without them SQLite judged it better than the created_at
 * index for the unfiltered listing and sorted the whole table. `analyze` is quick on an empty table and
 * essential on a live one.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('products_category_created_idx')
    .on('products')
    .columns(['category_id', 'created_at'])
    .execute();
  await sql`analyze products`.execute(db);
}
