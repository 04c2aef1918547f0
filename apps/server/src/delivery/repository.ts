import type { DB } from '../db/database';

/** All SQL of the pincode check: where a product's seller ships from. */
export function productPickup(db: DB, productId: number) {
  return db
    .selectFrom('products')
    .innerJoin('sellers', 'sellers.id', 'products.seller_id')
    .select(['products.id', 'sellers.pickup_pincode'])
    .where('products.id', '=', productId)
    .executeTakeFirst();
}
