import { sql, type Kysely } from 'kysely';
import { LOW_STOCK_UNITS, type StockFilter } from '@bazaar/shared';
import type { ProductStatus } from '@bazaar/shared/sellerCenter';
import type { AppContext } from '../context';
import { pageOf } from '../db/paging';
import type { Database } from '../db/schema';
import { firstImageUrl } from '../catalog/repository';

type Ctx = Pick<AppContext, 'db' | 'dialect'>;
/** The database or an open transaction. */
type Executor = Kysely<Database>;

export interface SellerProductFilter {
  sellerId: number;
  q?: string;
  status?: ProductStatus;
  categoryId?: number;
  stock?: StockFilter;
}

/** `%`, `_` and `\` of a search typed by a person match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;

/** Whether some variant of the product has LOW_STOCK_UNITS or fewer. */
const someSizeLow = sql<boolean>`exists (select 1 from product_variants v where v.product_id = products.id and v.stock <= ${LOW_STOCK_UNITS})`;

function filtered(ctx: Ctx, filter: SellerProductFilter) {
  const pattern = filter.q ? likePattern(filter.q) : undefined;
  return ctx.db
    .selectFrom('products')
    .where('products.seller_id', '=', filter.sellerId)
    .$if(filter.status !== undefined, (q) => q.where('products.status', '=', filter.status!))
    .$if(filter.categoryId !== undefined, (q) => q.where('products.category_id', '=', filter.categoryId!))
    .$if(filter.stock === 'out', (q) => q.where('products.stock', '=', 0))
    .$if(filter.stock === 'low', (q) => q.where('products.stock', '>', 0).where(someSizeLow))
    .$if(filter.stock === 'in', (q) =>
      q.where('products.stock', '>', 0).where(sql<boolean>`not ${someSizeLow}`),
    )
    .$if(pattern !== undefined, (q) =>
      // A seller's own products are hundreds, not the whole shop: a LIKE over them (by the seller index) is enough,
      // and it finds SKUs and parts of words that the storefront's word search would not.
      q.where((eb) =>
        eb.or([
          eb(sql`lower(products.name)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(products.brand)`, 'like', sql`${pattern} escape '\\'`),
          eb.exists(
            eb
              .selectFrom('product_variants as sv')
              .select(sql.lit(1).as('one'))
              .whereRef('sv.product_id', '=', 'products.id')
              .where(sql`lower(sv.sku)`, 'like', sql`${pattern} escape '\\'`),
          ),
        ]),
      ),
    );
}

/** One page of a seller's products, newest first, with what the list shows of each. */
export async function findSellerProducts(
  ctx: Ctx,
  filter: SellerProductFilter,
  page: { limit: number; offset: number },
) {
  return pageOf(
    filtered(ctx, filter)
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .select((eb) => [
        'products.id',
        'products.slug',
        'products.name',
        'products.brand',
        'products.price',
        'products.discount',
        'products.stock',
        'products.status',
        'products.visible',
        'products.created_at',
        'categories.name as category',
        someSizeLow.as('low'),
        eb
          .selectFrom('product_variants')
          .select((v) => v.fn.countAll<number>().as('n'))
          .whereRef('product_variants.product_id', '=', 'products.id')
          .as('variant_count'),
        firstImageUrl(eb, 'products.id').as('image'),
      ])
      .orderBy('products.created_at', 'desc')
      .orderBy('products.id', 'desc'),
    filtered(ctx, filter),
    page,
  );
}

/** A seller's product with its category, or undefined when there is none of that id for this seller. */
export function sellerProduct(db: Executor, sellerId: number, productId: number) {
  return db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select([
      'products.id',
      'products.slug',
      'products.name',
      'products.brand',
      'products.category_id',
      'categories.name as category',
      'products.description',
      'products.price',
      'products.discount',
      'products.status',
      'products.visible',
      'products.colour',
      'products.size_system',
      'products.stock',
      'products.created_at',
    ])
    .where('products.id', '=', productId)
    .where('products.seller_id', '=', sellerId)
    .executeTakeFirst();
}

/** The sizes at or below LOW_STOCK_UNITS of the listed products (sold-out sizes too), smallest first. */
export function lowSizesOf(db: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_variants')
    .select(['product_id', 'size', 'stock'])
    .where('product_id', 'in', productIds)
    .where('size', 'is not', null)
    .where('stock', '<=', LOW_STOCK_UNITS)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
}

export function variantsOf(db: Executor, productId: number) {
  return db
    .selectFrom('product_variants')
    .select(['id', 'size', 'sku', 'stock', 'position'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function imagesOf(db: Executor, productId: number) {
  return db
    .selectFrom('product_images')
    .select(['id', 'url'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function sellerStatus(db: Executor, sellerId: number) {
  return db.selectFrom('sellers').select('status').where('id', '=', sellerId).executeTakeFirst();
}

/** A category with its group's name (null for a group itself). */
export function categoryWithGroup(db: Executor, categoryId: number) {
  return db
    .selectFrom('categories')
    .leftJoin('categories as grp', 'grp.id', 'categories.parent_id')
    .select(['categories.id', 'categories.parent_id', 'categories.name', 'grp.name as group_name'])
    .where('categories.id', '=', categoryId)
    .executeTakeFirst();
}

/**
 * The search words of a category as the catalogue already indexes them (the seed adds synonyms, such as "tee" for
 * T-shirts, to its products' terms); undefined when the category has no product yet.
 */
export async function categoryTermsInUse(db: Executor, categoryId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('products')
    .select('category_terms')
    .where('category_id', '=', categoryId)
    .where('category_terms', '!=', '')
    .limit(1)
    .executeTakeFirst();
  return row?.category_terms;
}

/** Which of these SKUs (compared case-blind) belong to variants of other products than `exceptProductId`. */
export async function skusTakenElsewhere(
  db: Executor,
  skus: readonly string[],
  exceptProductId?: number,
): Promise<Map<string, number>> {
  if (!skus.length) return new Map();
  const rows = await db
    .selectFrom('product_variants')
    .select(['sku', 'product_id'])
    .where(
      sql`upper(sku)`,
      'in',
      skus.map((sku) => sku.toUpperCase()),
    )
    .$if(exceptProductId !== undefined, (q) => q.where('product_id', '!=', exceptProductId!))
    .execute();
  return new Map(rows.map((row) => [row.sku.toUpperCase(), row.product_id]));
}

/** The variants (and so products) these SKUs name, case-blind: the CSV import's "update by SKU". */
export function variantsBySku(db: Executor, skus: readonly string[]) {
  if (!skus.length) return Promise.resolve([]);
  return db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select(['product_variants.sku', 'product_variants.product_id', 'products.seller_id'])
    .where(
      sql`upper(product_variants.sku)`,
      'in',
      skus.map((sku) => sku.toUpperCase()),
    )
    .execute();
}

/** Slugs in use that start as `base` does (`base`, `base-2`, …), to pick a free one. */
export async function slugsLike(db: Executor, base: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('products')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  return new Set(rows.map((row) => row.slug));
}

/** Whether some order line names the product (its history must stay: it is archived, never deleted). */
export async function hasOrders(db: Executor, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('order_items')
    .select('id')
    .where('product_id', '=', productId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Of these variants, those an order line or a shopper's cart line names. */
export async function variantsWithHistory(db: Executor, variantIds: readonly number[]): Promise<Set<number>> {
  if (!variantIds.length) return new Set();
  const rows = await db
    .selectFrom('order_items')
    .select('variant_id as id')
    .where('variant_id', 'in', variantIds)
    .union(db.selectFrom('cart_items').select('variant_id as id').where('variant_id', 'in', variantIds))
    .execute();
  return new Set(rows.flatMap((row) => (row.id === null ? [] : [row.id])));
}

export interface ProductColumns {
  slug?: string;
  name: string;
  brand: string;
  category_id: number;
  category_terms: string;
  description: string;
  price: number;
  discount: number;
  status: ProductStatus;
  visible: number;
  colour: string;
  size_system: string | null;
}

export async function insertProduct(
  db: Executor,
  columns: ProductColumns & { slug: string; seller_id: number; created_at: string },
): Promise<number> {
  const row = await db
    .insertInto('products')
    .values({ ...columns, stock: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProduct(db: Executor, productId: number, columns: ProductColumns): Promise<void> {
  await db.updateTable('products').set(columns).where('id', '=', productId).execute();
}

export async function insertVariant(
  db: Executor,
  variant: { product_id: number; size: string | null; sku: string; stock: number; position: number },
): Promise<void> {
  await db.insertInto('product_variants').values(variant).execute();
}

/** A seller's own write of a variant: its SKU, place and stock (the caller recounts the product's stock after). */
export async function updateVariant(
  db: Executor,
  variantId: number,
  values: { sku: string; stock: number; position: number },
): Promise<void> {
  await db.updateTable('product_variants').set(values).where('id', '=', variantId).execute();
}

/** Gives a variant a placeholder SKU (`~id`, outside the SKU pattern) while its product's SKUs are rewritten. */
export async function parkVariantSku(db: Executor, variantId: number): Promise<void> {
  await db
    .updateTable('product_variants')
    .set({ sku: `~${variantId}` })
    .where('id', '=', variantId)
    .execute();
}

export async function deleteVariants(db: Executor, variantIds: readonly number[]): Promise<void> {
  if (variantIds.length) await db.deleteFrom('product_variants').where('id', 'in', variantIds).execute();
}

export async function archiveProduct(db: Executor, productId: number): Promise<void> {
  await db
    .updateTable('products')
    .set({ status: 'archived', visible: 0 })
    .where('id', '=', productId)
    .execute();
}

/** Removes a product; its variants, images, cart and wishlist lines and reviews go with it (foreign key cascades). */
export async function deleteProduct(db: Executor, productId: number): Promise<void> {
  await db.deleteFrom('products').where('id', '=', productId).execute();
}

/** Every variant of a seller's products, for the CSV export (product by product, in size order). */
export function exportRows(db: Executor, sellerId: number) {
  return db
    .selectFrom('products')
    .innerJoin('product_variants', 'product_variants.product_id', 'products.id')
    .select([
      'products.id',
      'products.name',
      'products.brand',
      'products.category_id',
      'products.description',
      'products.price',
      'products.discount',
      'products.status',
      'products.colour',
      'product_variants.size',
      'product_variants.sku',
      'product_variants.stock',
    ])
    .where('products.seller_id', '=', sellerId)
    .orderBy('products.id')
    .orderBy('product_variants.position')
    .orderBy('product_variants.id')
    .execute();
}
