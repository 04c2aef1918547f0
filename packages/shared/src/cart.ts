import { z } from 'zod';
import { discountedPrice, shippingFeeFor } from './pricing';
import type { ProductDto } from './catalog';
import { idSchema, MAX_DB_INTEGER } from './validation';

/** Messages of the cart and wishlist calls; the web app shows them as toasts. */
export const cartMessages = {
  added: 'Added to cart',
  removed: 'Product removed from cart',
  outOfStockRemoved: 'Out of stock products removed from cart',
  quantityUpdated: 'Quantity updated',
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
});
export type AddToCartInput = z.infer<typeof addToCartSchema>;

/** Body of add-to-wishlist. */
export const addToWishlistSchema = z.object({ productId: idSchema });
export type AddToWishlistInput = z.infer<typeof addToWishlistSchema>;

/** Path of the calls that act on one cart line or wishlist entry (`/…/:id`). */
export const lineIdParamsSchema = z.object({ id: idSchema });

// ---- Response shapes (spec §3 and §7 field names) ---------------------------------------------

/** A product as the cart shows it (`productInfo` of a cart line): the catalogue's product less its listing-only fields. */
export type CartProductInfo = Omit<ProductDto, 'description' | 'categorySlug' | 'createdAt'>;

export interface CartLine {
  /** The cart line id (what quantity-inc/dec and delete-card-product take). */
  _id: number;
  quantity: number;
  productInfo: CartProductInfo;
}

/** The in-stock lines of one shop, with the discounted total of those lines. */
export interface CartShopGroup {
  sellerId: number;
  shopName: string;
  price: number;
  products: CartLine[];
}

/** A line whose product has sold out; spec keeps the product in a one-element `products` list. */
export interface OutOfStockLine {
  _id: number;
  quantity: number;
  products: CartProductInfo[];
}

export interface CartResponse {
  card_products: CartShopGroup[];
  price: number;
  card_product_count: number;
  shipping_fee: number;
  outOfStockProduct: OutOfStockLine[];
  buy_product_item: number;
}

export interface WishlistEntry {
  /** The wishlist entry id (what delete-wishlist-product takes). */
  _id: number;
  productId: number;
  slug: string;
  name: string;
  image: string;
  price: number;
  discount: number;
  rating: number;
  stock: number;
}

export interface WishlistResponse {
  wishlists: WishlistEntry[];
  wishlistCount: number;
}

// ---- Pricing ---------------------------------------------------------------------------------

/** A line is out of stock once its product has sold out; a line above the remaining stock stays in the cart. */
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
