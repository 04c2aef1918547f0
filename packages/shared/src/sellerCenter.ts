/**
 * The seller center's vocabulary (issue 16), zod-free so any page may import it.
 *
 * A seller registers as `pending`; the marketplace approves or rejects it, and may suspend and reinstate an
 * approved one. Only an approved seller's active products reach shoppers.
 */
export const SELLER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type SellerStatus = (typeof SELLER_STATUSES)[number];

/** A product as its seller keeps it: a draft is being prepared, an archived one is withdrawn from sale. */
export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** The marketplace's commission on a seller's sales unless it sets another rate, whole percent. */
export const DEFAULT_COMMISSION_PERCENT = 10;

/** Whether shoppers may see and buy a product (`products.visible`): it is active and its seller approved. */
export function isListed(productStatus: ProductStatus, sellerStatus: SellerStatus): boolean {
  return productStatus === 'active' && sellerStatus === 'approved';
}
