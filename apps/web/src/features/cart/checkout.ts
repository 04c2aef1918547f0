import type { CartProductInfo, CartShopGroup } from '@bazaar/shared';

/** A shop's part of a checkout: what /shipping shows per shop and sends when placing the order. */
export interface CheckoutGroup {
  sellerId: number;
  shopName: string;
  price: number;
  products: { quantity: number; productInfo: CartProductInfo }[];
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
