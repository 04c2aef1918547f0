import type { Generated } from 'kysely';

/**
 * One variant (size) of a product in a customer's cart; adding the same variant again raises `quantity`, another
 * size of the same product is another line.
 */
export interface CartItemTable {
  id: Generated<number>;
  customer_id: number;
  /** The variant's product (kept beside it for the spec's product joins). */
  product_id: number;
  variant_id: number;
  /** At least 1; may exceed the variant's stock if stock fell after the line was added. */
  quantity: number;
  created_at: string;
}

/** One product a customer saved for later; a product appears at most once per customer. */
export interface WishlistItemTable {
  id: Generated<number>;
  customer_id: number;
  product_id: number;
  created_at: string;
}

/** Tables of the cart and wishlist features. */
export interface CartTables {
  cart_items: CartItemTable;
  wishlist_items: WishlistItemTable;
}
