import { describe, expect, it } from 'vitest';
import type { CartResponse } from '@bazaar/shared';
import {
  add_to_card,
  add_to_wishlist,
  cardReducer,
  delete_all_cart_products,
  get_card_products,
  get_wishlist_products,
  quantity_inc,
  remove_wishlist,
  reset_count,
  type CardState,
} from './cardSlice';

const initial = (): CardState => cardReducer(undefined, { type: 'init' });

const cart: CartResponse = {
  card_products: [],
  price: 670,
  card_product_count: 2,
  shipping_fee: 85,
  outOfStockProduct: [
    {
      _id: 9,
      quantity: 1,
      products: [
        {
          _id: 4,
          slug: 's',
          name: 'S',
          brand: 'B',
          price: 700,
          discount: 0,
          stock: 0,
          rating: 4,
          images: [],
          shopName: 'Shop',
          sellerId: 1,
          category: 'Women',
        },
      ],
    },
  ],
  buy_product_item: 1,
};

describe('card slice (spec §4)', () => {
  it('raises the cart count by 1 on add and keeps the server message', () => {
    const state = cardReducer(
      initial(),
      add_to_card.fulfilled({ message: 'Added to cart' }, 'r', { productId: 1, quantity: 1 }),
    );
    expect(state.card_product_count).toBe(1);
    expect(state.successMessage).toBe('Added to cart');
  });

  it('keeps the server error when an add fails', () => {
    const state = cardReducer(
      initial(),
      add_to_card.rejected(null, 'r', { productId: 1, quantity: 9 }, { error: 'Out of stock' }),
    );
    expect(state.errorMessage).toBe('Out of stock');
    expect(state.card_product_count).toBe(0);
  });

  it('replaces everything with the server values on fetch', () => {
    const before = { ...initial(), card_product_count: 7, price: 1 };
    const state = cardReducer(before, get_card_products.fulfilled(cart, 'r'));
    expect(state).toMatchObject({
      card_products: [],
      price: 670,
      card_product_count: 2,
      shipping_fee: 85,
      outofstock_products: cart.outOfStockProduct,
      buy_product_item: 1,
      cartLoaded: true,
    });
  });

  it('empties the out-of-stock list when it is deleted', () => {
    const loaded = cardReducer(initial(), get_card_products.fulfilled(cart, 'r'));
    const state = cardReducer(loaded, delete_all_cart_products.fulfilled({ message: 'Removed' }, 'r', 1));
    expect(state.outofstock_products).toEqual([]);
    expect(state.successMessage).toBe('Removed');
  });

  it('shows the quantity message', () => {
    expect(
      cardReducer(initial(), quantity_inc.fulfilled({ message: 'Quantity updated' }, 'r', 3)).successMessage,
    ).toBe('Quantity updated');
  });

  it('counts wishlist adds from 0 and drops a removed entry and the count', () => {
    let state = cardReducer(
      initial(),
      add_to_wishlist.fulfilled({ message: 'Added to wishlist' }, 'r', { productId: 1 }),
    );
    expect(state.wishlist_count).toBe(1);
    const entry = {
      _id: 5,
      productId: 1,
      slug: 'a',
      name: 'A',
      image: '',
      price: 10,
      discount: 0,
      rating: 0,
      stock: 1,
    };
    state = cardReducer(
      state,
      get_wishlist_products.fulfilled({ wishlists: [entry, { ...entry, _id: 6 }], wishlistCount: 2 }, 'r'),
    );
    state = cardReducer(
      state,
      remove_wishlist.fulfilled({ message: 'Removed from wishlist', wishlistId: 5 }, 'r', 5),
    );
    expect(state.wishlist.map((w) => w._id)).toEqual([6]);
    expect(state.wishlist_count).toBe(1);
  });

  it('resets both counts to 0', () => {
    const state = cardReducer({ ...initial(), card_product_count: 3, wishlist_count: 2 }, reset_count());
    expect([state.card_product_count, state.wishlist_count]).toEqual([0, 0]);
  });
});
