import { requiresSize, variantMessages } from '@bazaar/shared';
import { badRequest, conflict, notFound } from '../http/errors';

/**
 * Which variant a purchase (add to cart, Buy Now) is of — the catalogue's rule, used by the cart and by checkout,
 * each reading the row with its own query (`purchasableVariant` in catalog/repository.ts):
 * - a product with sizes must be bought in a chosen size: without `variantId`, 400 SIZE_REQUIRED;
 * - a product without sizes is bought as its single default variant when no `variantId` is sent (the spec's calls);
 * - a `variantId` must be one of the product's variants: otherwise 404 VARIANT_NOT_FOUND;
 * - the product must be listed (issue 16: active, its shop approved): otherwise 409 PRODUCT_UNAVAILABLE.
 */
export interface PurchasableVariantRow {
  productId: number;
  sizeSystem: string | null;
  /** 1 when shoppers may see and buy the product (`products.visible`). */
  visible: number;
  /** The requested variant (or, without a request, the default one), if the product has it. */
  variantId: number | null;
  size: string | null;
  stock: number | null;
}

export interface ChosenVariant {
  id: number;
  size: string | null;
  stock: number;
}

/** The variant to buy, or the refusal (the caller has already refused a product that does not exist). */
export function chooseVariant(
  row: PurchasableVariantRow,
  requestedVariantId: number | undefined,
): ChosenVariant {
  if (row.visible !== 1) throw conflict(variantMessages.unavailable, 'PRODUCT_UNAVAILABLE');
  if (requestedVariantId === undefined && requiresSize(row.sizeSystem))
    throw badRequest(variantMessages.sizeRequired, 'SIZE_REQUIRED');
  if (row.variantId === null) throw notFound(variantMessages.variantNotFound, 'VARIANT_NOT_FOUND');
  return { id: row.variantId, size: row.size, stock: row.stock ?? 0 };
}
