/** Tables of the cart and wishlist features. */
export interface CartTables {}
