import {
  sellerProductMessages as messages,
  sizeSystemOf,
  type FieldError,
  type ImportError,
  type ImportResponse,
  type SellerProductData,
  type SellerProductDeleteResponse,
  type SellerProductDto,
} from '@bazaar/shared';
import { isListed, type SellerStatus } from '@bazaar/shared/sellerCenter';
import { SIZE_SYSTEMS } from '@bazaar/shared/sizes';
import { slugify } from '@bazaar/shared/slug';
import type { AppContext } from '../context';
import { holdProductStock, recountProductStock } from '../catalog/repository';
import { isUniqueViolation } from '../db/errors';
import { invalidFields, notFound } from '../http/errors';
import * as repo from '../sellerProducts/repository';
import { sellerProductDto } from '../sellerProducts/service';
import { releasePhotoFiles } from '../photos/service';
import { refusal, rowErrorOf, type ImportPlan } from '../sellerProducts/csv';

/**
 * A seller's writes of its products (issue 16): the product's own columns (seller center) and its variants' stock,
 * which the catalogue keeps equal to `products.stock` (catalog/repository.ts's stock functions). Used by the
 * editor's create and update and by the CSV import, which writes many products in one transaction.
 */

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'clock'>;
type Executor = AppContext['db'];

/** A product's colour when the seller names none (the column, and the colour facet, need one). */
const DEFAULT_COLOUR = 'Multicolour';
const MAX_SLUG_LENGTH = 80;

/** A free slug from brand and name: `roadster-linen-kurta`, or `roadster-linen-kurta-2` when that is taken. */
async function freeSlug(db: Executor, brand: string, name: string): Promise<string> {
  const base = slugify(`${brand} ${name}`).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '') || 'product';
  const taken = await repo.slugsLike(db, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A SKU for a variant the seller gave none: the slug and size, upper case (`ROADSTER-LINEN-KURTA-M`). */
const generatedSku = (slug: string, size: string | null) =>
  `${slug}-${size === null ? 'one' : slugify(size)}`.toUpperCase().slice(0, 64);

/**
 * Creates (`productId` undefined) or replaces a seller's product with its variants inside `trx`. Returns the product's
 * id, or the field errors that refuse it (paths as in the request body: `categoryId`, `variants.2.sku`); nothing is
 * written when it refuses, except what the caller's transaction then rolls back.
 *
 * Variants are matched to the existing ones by `_id` or by size and updated in place (their ids stay: carts and
 * order lines point at them). A size that is dropped is deleted, unless a cart or order line names it: then the
 * edit is refused (the seller sets its stock to 0 instead), so no shopper's line silently loses its size and a
 * cancellation can still give the stock back.
 */
export async function writeProduct(
  ctx: Ctx,
  trx: Executor,
  sellerId: number,
  input: SellerProductData,
  productId?: number,
): Promise<{ id: number } | { errors: FieldError[] }> {
  const errors: FieldError[] = [];
  const existing = productId === undefined ? undefined : await repo.sellerProduct(trx, sellerId, productId);
  if (productId !== undefined && !existing) throw notFound(messages.notFound);

  const category = await repo.categoryWithGroup(trx, input.categoryId);
  if (!category) errors.push({ field: 'categoryId', message: messages.categoryUnknown });
  else if (category.parent_id === null)
    errors.push({ field: 'categoryId', message: messages.categoryNotSubcategory });

  const given = input.variants.flatMap((variant, index) =>
    variant.sku ? [{ sku: variant.sku, index }] : [],
  );
  const taken = await repo.skusTakenElsewhere(
    trx,
    given.map((g) => g.sku),
    productId,
  );
  for (const { sku, index } of given)
    if (taken.has(sku.toUpperCase()))
      errors.push({ field: `variants.${index}.sku`, message: messages.skuTaken(sku) });

  const current = productId === undefined ? [] : await repo.variantsOf(trx, productId);
  const matched = input.variants.map((variant) =>
    current.find((row) => (variant._id !== undefined ? row.id === variant._id : row.size === variant.size)),
  );
  input.variants.forEach((variant, index) => {
    if (variant._id !== undefined && !matched[index])
      errors.push({ field: `variants.${index}._id`, message: 'This size is not one of the product’s' });
  });
  // Each row's SKU as it will be: the one given, else the saved variant's (a new row without one gets one made).
  const skus = input.variants.map((variant, index) => variant.sku ?? matched[index]?.sku);
  const seenSkus = new Map<string, number>();
  skus.forEach((sku, index) => {
    if (sku === undefined) return;
    if (seenSkus.has(sku.toUpperCase()))
      errors.push({ field: `variants.${index}.sku`, message: `SKU ${sku} is listed twice` });
    seenSkus.set(sku.toUpperCase(), index);
  });
  const dropped = current.filter((row) => !matched.includes(row));
  const withHistory = await repo.variantsWithHistory(
    trx,
    dropped.map((row) => row.id),
  );
  for (const row of dropped)
    if (withHistory.has(row.id))
      errors.push({ field: 'variants', message: messages.sizeWithHistory(row.size ?? 'One size') });
  if (errors.length || !category) return { errors };

  const seller = await repo.sellerStatus(trx, sellerId);
  const sizes = input.variants.flatMap((variant) => (variant.size === null ? [] : [variant.size]));
  const sizeSystem = sizeSystemOf(sizes) ?? null;
  const runOrder = (size: string | null) =>
    sizeSystem && size !== null ? (SIZE_SYSTEMS[sizeSystem].sizes as readonly string[]).indexOf(size) : 0;
  const columns: repo.ProductColumns = {
    name: input.name,
    brand: input.brand,
    category_id: category.id,
    category_terms:
      (await repo.categoryTermsInUse(trx, category.id)) ?? [category.name, category.group_name].join(' '),
    description: input.description,
    price: input.price,
    discount: input.discount,
    status: input.status,
    visible: isListed(input.status, (seller?.status ?? 'pending') as SellerStatus) ? 1 : 0,
    colour: input.variants.find((variant) => variant.colour)?.colour ?? existing?.colour ?? DEFAULT_COLOUR,
    size_system: sizeSystem,
  };

  let id: number;
  let slug: string;
  if (existing) {
    id = existing.id;
    slug = existing.slug;
    // The product's row first, as every stock change takes it: orders of this product wait for the edit.
    await holdProductStock(trx, id);
    await repo.updateProduct(trx, id, columns);
    await repo.deleteVariants(
      trx,
      dropped.map((row) => row.id),
    );
  } else {
    slug = await freeSlug(trx, input.brand, input.name);
    id = await repo.insertProduct(trx, {
      ...columns,
      slug,
      seller_id: sellerId,
      created_at: ctx.clock().toISOString(),
    });
  }
  // Sizes trading SKUs (M takes L's and L gets a new one) would collide on the unique index midway: the variants
  // whose SKU changes first get a placeholder no SKU can be ('~' is outside the SKU pattern).
  for (const [index, row] of matched.entries())
    if (row && skus[index] !== row.sku) await repo.parkVariantSku(trx, row.id);
  const generated = new Set<string>();
  for (const [index, variant] of input.variants.entries()) {
    const row = matched[index];
    const sku = skus[index] ?? (await freeGeneratedSku(trx, slug, variant.size, generated));
    const values = { sku, stock: variant.stock, position: runOrder(variant.size) };
    if (row) await repo.updateVariant(trx, row.id, values);
    else await repo.insertVariant(trx, { ...values, product_id: id, size: variant.size });
  }
  await recountProductStock(trx, id);
  return { id };
}

async function freeGeneratedSku(trx: Executor, slug: string, size: string | null, used: Set<string>) {
  const base = generatedSku(slug, size);
  for (let n = 1; ; n += 1) {
    const sku = n === 1 ? base : `${base.slice(0, 60)}-${n}`;
    if (used.has(sku) || (await repo.skusTakenElsewhere(trx, [sku])).size) continue;
    used.add(sku);
    return sku;
  }
}

/** Tries of a write that loses races for a slug or SKU; each lost race means another write has committed. */
const RACE_TRIES = 5;

/**
 * Runs a write again when another request took a slug or SKU between its checks and its insert (the unique index
 * refused it): the next run's checks see the other write, so it picks another slug or names the SKU.
 */
async function againIfRaced<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= RACE_TRIES) throw error;
    }
  }
}

/** Creates or replaces a product in its own transaction; a 400 listing every invalid field when refused. */
export async function saveProduct(
  ctx: Ctx,
  sellerId: number,
  input: SellerProductData,
  productId?: number,
): Promise<SellerProductDto> {
  const id = await againIfRaced(() =>
    ctx.db.transaction().execute(async (trx) => {
      const result = await writeProduct(ctx, trx, sellerId, input, productId);
      if ('errors' in result) throw invalidFields(result.errors);
      return result.id;
    }),
  );
  return sellerProductDto(ctx.db, sellerId, id);
}

/**
 * Writes an import's products in one transaction: any product refused (a SKU taken meanwhile, a category that is a
 * group, a size with history dropped) rolls every product back, and the answer lists every row's errors.
 */
export async function applyImport(
  ctx: Ctx,
  sellerId: number,
  { rows, plans }: ImportPlan,
): Promise<ImportResponse> {
  const counts = await againIfRaced(() =>
    ctx.db.transaction().execute(async (trx) => {
      const errors: ImportError[] = [];
      let created = 0;
      let updated = 0;
      for (const { group, data, target } of plans) {
        // A key that is no product of this seller's (another seller's id, say) is just the name of a new product.
        const existing = target === undefined ? undefined : await repo.sellerProduct(trx, sellerId, target);
        // Sizes the file does not list keep their stock: a file of a few rows changes only those rows.
        const kept = existing
          ? (await repo.variantsOf(trx, existing.id)).filter(
              (variant) => !data.variants.some((row) => row.size === variant.size),
            )
          : [];
        const variants = [
          ...data.variants,
          ...kept.map((variant) => ({
            _id: variant.id,
            size: variant.size,
            sku: variant.sku,
            stock: variant.stock,
          })),
        ];
        const result = await writeProduct(ctx, trx, sellerId, { ...data, variants }, existing?.id);
        if ('errors' in result) errors.push(...result.errors.map((error) => rowErrorOf(group, error)));
        else if (existing) updated += 1;
        else created += 1;
      }
      // Thrown inside the transaction: the file applies whole or not at all.
      if (errors.length) throw refusal(errors);
      return { created, updated };
    }),
  );
  return {
    message: `Imported ${rows} rows: ${counts.created} products created, ${counts.updated} updated`,
    ...counts,
  };
}

/**
 * Deletes a product with its variants and images, or, when an order names it, archives it instead: order
 * history, invoices and cancellations keep pointing at the product. A deleted product's uploaded photo files are
 * removed from storage once its rows are gone (photos' `releasePhotoFiles`).
 */
export async function removeProduct(
  ctx: Ctx & Pick<AppContext, 'log' | 'media'>,
  sellerId: number,
  productId: number,
): Promise<SellerProductDeleteResponse> {
  const { outcome, photos } = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.sellerProduct(trx, sellerId, productId))) throw notFound(messages.notFound);
    if (await repo.hasOrders(trx, productId)) {
      await repo.archiveProduct(trx, productId);
      return { outcome: 'archived' as const, photos: [] };
    }
    const images = await repo.imagesOf(trx, productId);
    await repo.deleteProduct(trx, productId);
    return { outcome: 'deleted' as const, photos: images.map((image) => image.url) };
  });
  if (outcome === 'deleted') {
    await releasePhotoFiles(ctx, photos);
    return { message: messages.deleted, outcome };
  }
  return {
    message: messages.archivedWithOrders,
    outcome,
    product: await sellerProductDto(ctx.db, sellerId, productId),
  };
}
