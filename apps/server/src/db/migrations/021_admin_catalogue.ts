import type { Kysely } from 'kysely';

/**
 * The admin console's categories and banners (issue 17): either may be hidden from shoppers without losing it. A
 * hidden category (or every subcategory of a hidden group) leaves the storefront's navigation and listings; a
 * hidden banner leaves `GET /api/getallbannerItems`. Rows stay, so showing them again restores everything.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('categories')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('banners')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
