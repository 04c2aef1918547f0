import type { DB } from '../db/database';
import { nowIso } from '../db/database';
import { firstImageUrl } from '../catalog/repository';

/** All SQL of the wishlist, scoped to the customer. */

/** Whether the product exists: only a catalogue product can be saved. */
export async function productExists(db: DB, productId: number): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
  return row !== undefined;
}

/** Saves a product; returns the new entry id, or undefined when the customer already saved it. */
export async function insertWishlistItem(
  db: DB,
  customerId: number,
  productId: number,
): Promise<number | undefined> {
  const row = await db
    .insertInto('wishlist_items')
    .values({ customer_id: customerId, product_id: productId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['customer_id', 'product_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The customer's saved products, newest first, each with its first image (one query). */
export async function listWishlist(db: DB, customerId: number) {
  return db
    .selectFrom('wishlist_items as w')
    .innerJoin('products as p', 'p.id', 'w.product_id')
    .select((eb) => [
      'w.id as entryId',
      'p.id as productId',
      'p.slug',
      'p.name',
      'p.price',
      'p.discount',
      'p.rating',
      'p.stock',
      firstImageUrl(eb, 'p.id').as('image'),
    ])
    .where('w.customer_id', '=', customerId)
    .orderBy('w.id', 'desc')
    .execute();
}

export async function deleteWishlistItem(db: DB, customerId: number, entryId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('wishlist_items')
    .where('id', '=', entryId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
