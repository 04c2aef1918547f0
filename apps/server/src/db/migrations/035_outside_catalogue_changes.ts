import type { Kysely } from 'kysely';

/**
 * A count of the catalogue changes made by programs other than the servers (`npm run seller:approve`), in one row
 * (id 1) written at the first such change, a missing row counting 0 (as `marketplace_settings` keeps no row for a
 * setting never saved): each server polls it (jobs/outsideCatalogueChanges.ts) and retires its cached catalogue
 * answers when it moves. A server hears its own writes, and with Redis its peers', at once; without this a command's
 * change was seen only when the cached answers expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outside_catalogue_changes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();
}
