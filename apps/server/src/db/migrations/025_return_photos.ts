import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withIdColumn } from '../columns';

/**
 * Issue 19, a return's optional photos: a shopper uploads them first (unsent, `return_id` null) and names them in
 * the return request, which attaches them to the return it creates. Their renditions live in the media storage's
 * private folder `r/` (see PRIVATE_PHOTO_FOLDERS), never served under /media.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('return_photos'), dialect)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    // Null until the return request names it; a return's photos go with it.
    .addColumn('return_id', 'integer', (c) => c.references('returns.id').onDelete('cascade'))
    // The random part of the storage keys, and the largest rendition's size (the keys carry both).
    .addColumn('file_id', 'text', (c) => c.notNull().unique())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('return_photos_return_idx').on('return_photos').column('return_id').execute();
  // A shopper's unsent photos (the upload limit) and the removal of those never sent, oldest first.
  await db.schema
    .createIndex('return_photos_unsent_idx')
    .on('return_photos')
    .columns(['customer_id', 'created_at'])
    .where(sql.ref('return_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('return_photos_created_idx')
    .on('return_photos')
    .column('created_at')
    .where(sql.ref('return_id'), 'is', null)
    .execute();
}
