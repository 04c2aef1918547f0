import type { CartProductInfo, CartShopGroup, LineVariant } from '@bazaar/shared';

/** A shop's part of a checkout: what /shipping shows per shop and sends when placing the order. */
export interface CheckoutGroup {
  sellerId: number;
  shopName: string;
  price: number;
  /** `variant` (issue 15): the line's size and colour, shown per line; Buy Now's decides what is ordered. */
  products: { quantity: number; productInfo: CartProductInfo; variant?: LineVariant }[];
}

/** The navigation state /shipping receives from the cart's Proceed to checkout (Buy Now sends the same shape). */
export interface CheckoutState {
  products: CheckoutGroup[];
  price: number;
  shipping_fee: number;
  items: number;
}

/** From the cart: exactly the server's numbers. */
export function cartCheckout(card: {
  card_products: CartShopGroup[];
  price: number;
  shipping_fee: number;
  buy_product_item: number;
}): CheckoutState {
  return {
    products: card.card_products,
    price: card.price,
    shipping_fee: card.shipping_fee,
    items: card.buy_product_item,
  };
}
