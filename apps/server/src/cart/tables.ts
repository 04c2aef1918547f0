import type { Generated } from 'kysely';

/** One product in a customer's cart; adding the same product again raises `quantity`. */
export interface CartItemTable {
  id: Generated<number>;
  customer_id: number;
  product_id: number;
  /** At least 1; may exceed the product's stock if stock fell after the line was added. */
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
