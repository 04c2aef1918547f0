import { cartTotals, type CartProductInfo, type CartShopGroup } from '@bazaar/shared';
import type { Product } from '../../types/catalog';

/** A shop's part of a checkout: what /shipping shows per shop and sends when placing the order. */
export interface CheckoutGroup {
  sellerId: number;
  shopName: string;
  price: number;
  products: { quantity: number; productInfo: CartProductInfo }[];
}

/** The navigation state /shipping receives from the cart's Proceed to checkout and from Buy Now. */
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
  return { products: card.card_products, price: card.price, shipping_fee: card.shipping_fee, items: card.buy_product_item };
}

/**
 * Buy Now: one product straight to /shipping. The shipping fee follows the same shared rule the server applies
 * to a cart (free above ₹799, else ₹85), so the shipping page shows what will be charged.
 */
export function buyNowCheckout(product: Product, quantity: number): CheckoutState {
  const productInfo: CartProductInfo = {
    _id: product._id,
    slug: product.slug,
    name: product.name,
    brand: product.brand,
    price: product.price,
    discount: product.discount,
    stock: product.stock,
    rating: product.rating,
    images: product.images,
    shopName: product.shopName,
    sellerId: product.sellerId,
    category: product.category,
  };
  const totals = cartTotals([{ price: product.price, discount: product.discount, quantity }]);
  return {
    products: [
      {
        sellerId: product.sellerId,
        shopName: product.shopName,
        price: totals.price,
        products: [{ quantity, productInfo }],
      },
    ],
    price: totals.price,
    shipping_fee: totals.shipping_fee,
    items: totals.items,
  };
}
