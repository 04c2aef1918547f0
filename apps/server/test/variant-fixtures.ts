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

/** One style of shirt in two colours (siblings), sold in sizes with uneven stock per size. */
export const sizedStyle = {
  styleCode: 'ST-SHIRT-1',
  navy: { slug: 'oxford-shirt-navy', colour: 'Navy Blue', stock: { S: 0, M: 3, L: 5, XL: 2 } },
  maroon: { slug: 'oxford-shirt-maroon', colour: 'Maroon', stock: { S: 4, M: 4, L: 0, XL: 1 } },
} as const;

export type SizedColour = 'navy' | 'maroon';

/** Ids of the sized style's products and of each of their sizes. */
export interface SizedStyleIds {
  products: Record<SizedColour, number>;
  variants: Record<SizedColour, Record<string, number>>;
}

/**
 * Adds the sized style to a catalogue (needs a seller 1 and a category 11, as `seedCatalog` makes): apparel sizes in
 * run order, the products' stock the sum of their sizes'. Inserted in the order S, M, L, XL but with positions, so a
 * reader must sort by position (XL is inserted before L on purpose).
 */
export async function addSizedStyle(db: Db): Promise<SizedStyleIds> {
  const ids: SizedStyleIds = {
    products: { navy: 0, maroon: 0 },
    variants: { navy: {}, maroon: {} },
  };
  for (const colour of ['navy', 'maroon'] as const) {
    const spec = sizedStyle[colour];
    const stock = Object.values(spec.stock).reduce<number>((sum, n) => sum + n, 0);
    const { id } = await db
      .insertInto('products')
      .values({
        slug: spec.slug,
        name: 'Oxford Shirt',
        brand: 'Roadster',
        price: 1000,
        discount: 20,
        stock,
        description: 'A cotton Oxford shirt',
        colour: spec.colour,
        category_id: 11,
        seller_id: 1,
        created_at: '2026-01-15T10:00:00.000Z',
        size_system: 'apparel',
        style_code: sizedStyle.styleCode,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.products[colour] = id;
    await db
      .insertInto('product_images')
      .values({ product_id: id, position: 0, url: `/media/${spec.slug}.jpg` })
      .execute();
    const positions = { S: 1, M: 2, L: 3, XL: 4 } as const;
    for (const size of ['S', 'M', 'XL', 'L'] as const) {
      const variant = await db
        .insertInto('product_variants')
        .values({
          product_id: id,
          sku: `${spec.slug}-${size}`,
          size,
          position: positions[size],
          stock: spec.stock[size],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.variants[colour][size] = variant.id;
    }
  }
  return ids;
}

/** A variant's stock and its product's, as they are now. */
export async function stockOfVariant(db: Db, variantId: number) {
  return db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select(['product_variants.stock as variant', 'products.stock as product'])
    .where('product_variants.id', '=', variantId)
    .executeTakeFirstOrThrow();
}

/**
 * Products whose `sizes_in_stock` (migration 027, kept by triggers) is not the bits of their sizes with stock,
 * recomputed from the variants: empty when the denormalised mask follows the variants.
 */
export async function productsWithStaleSizesInStock(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where(
      'sizes_in_stock',
      '<>',
      sql<number>`coalesce((select cast(sum(b.bit) as bigint) from product_variants v join size_bits b on b.size = v.size
        where v.product_id = products.id and v.stock > 0), 0)`,
    )
    .execute();
  return rows.map((row) => row.id);
}

/** The sizes a product's `sizes_in_stock` holds, in run order. */
export async function sizesInStockOf(db: Db, productId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('size_bits')
    .select('size')
    .where(sql<boolean>`(size_bits.bit & (select sizes_in_stock from products where id = ${productId})) <> 0`)
    .orderBy('bit')
    .execute();
  return rows.map((row) => row.size);
}
