/** Variants for test catalogues inserted row by row (the seed and migration 014 make them for real data). */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../src/db/schema';

type Db = Kysely<Database>;

/** Gives every product without variants its default variant (size null, SKU `P{id}`) holding its stock. */
export async function addDefaultVariants(db: Db): Promise<void> {
  await sql`
    insert into product_variants (product_id, sku, size, position, stock)
    select id, 'P' || cast(id as text), null, 0, stock from products
    where not exists (select 1 from product_variants v where v.product_id = products.id)
    order by id
  `.execute(db);
}

/**
 * Sets the stock of products without sizes: their default variant holds all of it, and the product's `stock` is
 * its sum, as the repository keeps it.
 */
export async function setDefaultVariantStock(db: Db, productIds: number | number[], stock: number) {
  const ids = Array.isArray(productIds) ? productIds : [productIds];
  await db.updateTable('products').set({ stock }).where('id', 'in', ids).execute();
  await db
    .updateTable('product_variants')
    .set({ stock })
    .where('product_id', 'in', ids)
    .where('size', 'is', null)
    .execute();
}

/** The default variant of a product, as a subquery for rows put in place directly (cart lines). */
export const defaultVariantOf = (productId: number) => (eb: ExpressionBuilder<Database, 'cart_items'>) =>
  eb
    .selectFrom('product_variants')
    .select('product_variants.id')
    .where('product_variants.product_id', '=', productId)
    .where('product_variants.size', 'is', null);

/** The id of a product's default variant. */
export async function defaultVariantId(db: Db, productId: number): Promise<number> {
  const row = await db
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', productId)
    .where('size', 'is', null)
    .executeTakeFirstOrThrow();
  return row.id;
}
