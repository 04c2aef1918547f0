import { z } from 'zod';
import { discountedPrice, shippingFeeFor } from './pricing';
import { productDtoSchema } from './catalog';
import { idSchema, MAX_DB_INTEGER } from './validation';
import { lineVariantSchema } from './variants';

/** Messages of the cart and wishlist calls; the web app shows them as toasts. */
export const cartMessages = {
  added: 'Added to cart',
  removed: 'Product removed from cart',
  outOfStockRemoved: 'Out of stock products removed from cart',
  quantityUpdated: 'Quantity updated',
  variantChanged: 'Size updated',
  outOfStock: 'Out of stock',
  quantityBelowOne: 'Quantity cannot be less than 1',
  productNotFound: 'Product not found',
  lineNotFound: 'Cart item not found',
  wishlistAdded: 'Added to wishlist',
  wishlistRemoved: 'Removed from wishlist',
  wishlistDuplicate: 'Product is already in your wishlist',
  wishlistNotFound: 'Wishlist item not found',
} as const;

// ---- Request schemas -------------------------------------------------------------------------

/** Body of add-to-card. Any userId the page sends is ignored: the customer comes from the session. */
export const addToCartSchema = z.object({
  productId: idSchema,
  quantity: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_DB_INTEGER, 'is more than any stock'),
  /**
   * Not in the spec (issue 15): the variant (size) to add. Required for a product with sizes ("Please select a
   * size"); a product without sizes uses its single default variant when it is left out.
   */
  variantId: idSchema.optional(),
});
export type AddToCartInput = z.infer<typeof addToCartSchema>;

/** Body of add-to-wishlist. */
export const addToWishlistSchema = z.object({ productId: idSchema });
export type AddToWishlistInput = z.infer<typeof addToWishlistSchema>;

/** Body of change-cart-variant: the line's new variant, another size of the same product. */
export const changeCartVariantSchema = z.object({ variantId: idSchema });
export type ChangeCartVariantInput = z.infer<typeof changeCartVariantSchema>;

/** Path of the calls that act on one cart line or wishlist entry (`/…/:id`). */
export const lineIdParamsSchema = z.object({ id: idSchema });

// ---- Response shapes (spec §3 and §7 field names) ---------------------------------------------

/** A product as the cart shows it (`productInfo` of a cart line): the catalogue's product less its listing-only fields. */
export const cartProductInfoSchema = productDtoSchema.omit({
  description: true,
  categorySlug: true,
  createdAt: true,
});
export type CartProductInfo = z.infer<typeof cartProductInfoSchema>;

export const cartLineSchema = z.object({
  /** The cart line id (what quantity-inc/dec and delete-card-product take). */
  _id: z.number(),
  quantity: z.number(),
  productInfo: cartProductInfoSchema,
  /** Not in the spec (issue 15): the line's variant; its `stock` is what "Only N left" and the stepper go by. */
  variant: lineVariantSchema.optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** The in-stock lines of one shop, with the discounted total of those lines. */
export const cartShopGroupSchema = z.object({
  sellerId: z.number(),
  shopName: z.string(),
  price: z.number(),
  products: z.array(cartLineSchema),
});
export type CartShopGroup = z.infer<typeof cartShopGroupSchema>;

/** A line whose product has sold out; spec keeps the product in a one-element `products` list. */
export const outOfStockLineSchema = z.object({
  _id: z.number(),
  quantity: z.number(),
  products: z.array(cartProductInfoSchema),
  /** Not in the spec (issue 15): the line's variant (sold out: stock 0). */
  variant: lineVariantSchema.optional(),
});
export type OutOfStockLine = z.infer<typeof outOfStockLineSchema>;

export const cartResponseSchema = z
  .object({
    card_products: z.array(cartShopGroupSchema),
    price: z.number(),
    card_product_count: z.number(),
    shipping_fee: z.number(),
    outOfStockProduct: z.array(outOfStockLineSchema),
    buy_product_item: z.number(),
  })
  .meta({ id: 'Cart' });
export type CartResponse = z.infer<typeof cartResponseSchema>;
/** The cart as GET get-card-product answers it. */
export type CartDto = CartResponse;

export const wishlistEntrySchema = z.object({
  /** The wishlist entry id (what delete-wishlist-product takes). */
  _id: z.number(),
  productId: z.number(),
  slug: z.string(),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  discount: z.number(),
  rating: z.number(),
  stock: z.number(),
});
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;

export const wishlistResponseSchema = z.object({
  wishlists: z.array(wishlistEntrySchema),
  wishlistCount: z.number(),
});
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;

/** delete-all-cart-product: how many sold-out lines went. */
export const soldOutLinesRemovedResponseSchema = z.object({ message: z.string(), removed: z.number() });
export type SoldOutLinesRemovedResponse = z.infer<typeof soldOutLinesRemovedResponseSchema>;

export const wishlistRemovedResponseSchema = z.object({ message: z.string(), wishlistId: z.number() });
export type WishlistRemovedResponse = z.infer<typeof wishlistRemovedResponseSchema>;

// ---- Pricing ---------------------------------------------------------------------------------

/**
 * A line is out of stock once its variant (size) has sold out; a line above the remaining stock stays in the cart.
 * Callers pass the variant's stock, not the product's.
 */
export function isLineInStock(stock: number): boolean {
  return stock > 0;
}

/** What a line costs: the discounted unit price times the quantity. */
export function lineTotal(line: { price: number; discount: number; quantity: number }): number {
  return discountedPrice(line.price, line.discount) * line.quantity;
}

export interface CartTotals {
  /** Sum of the discounted line totals (goods only). */
  price: number;
  /** Number of pieces (sum of quantities). */
  items: number;
  shipping_fee: number;
  /** What the shopper pays: price + shipping_fee. */
  total: number;
}

/** Totals of lines that can be bought; callers pass in-stock lines only. */
export function cartTotals(
  lines: readonly { price: number; discount: number; quantity: number }[],
): CartTotals {
  const price = lines.reduce((sum, line) => sum + lineTotal(line), 0);
  const items = lines.reduce((sum, line) => sum + line.quantity, 0);
  const shipping_fee = shippingFeeFor(price);
  return { price, items, shipping_fee, total: price + shipping_fee };
}
