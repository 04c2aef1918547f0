import type { Kysely } from 'kysely';

/**
 * One row counting the catalogue changes made by programs other than the servers (`npm run seller:approve`): each
 * server polls it (jobs/outsideCatalogueChanges.ts) and retires its cached catalogue answers when it moves. A server
 * hears its own writes, and with Redis its peers', at once; without this a command's change was seen only when the
 * cached answers expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outside_catalogue_changes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();
  await (db as Kysely<{ outside_catalogue_changes: { id: number; sequence: number; changed_at: string } }>)
    .insertInto('outside_catalogue_changes')
    .values({ id: 1, sequence: 0, changed_at: new Date().toISOString() })
    .execute();
}
