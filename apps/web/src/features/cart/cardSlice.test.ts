// @vitest-environment jsdom
// A real store (its auth area reads the session from localStorage) with fetch answered by fakeApi.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartResponse, WishlistEntry } from '@bazaar/shared';
import { cartApi } from '../../api/cartApi';
import { createStore } from '../../app/store';
import { fakeApi, type ApiAnswer } from '../../testing/fakeApi';
import { reset_count } from './cardSlice';

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

const entry: WishlistEntry = {
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

/** A real store whose calls the given routes answer; the cart and wishlist reads answer `cart` and two entries. */
function storeAnswering(routes: Record<string, () => ApiAnswer> = {}) {
  const calls = fakeApi({
    'GET /home/product/get-card-product': () => cart,
    'GET /home/product/get-wishlist-products': () => ({
      wishlists: [entry, { ...entry, _id: 6 }],
      wishlistCount: 2,
    }),
    ...routes,
  });
  return { store: createStore(), calls };
}

const { endpoints } = cartApi;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('card store area, fed by the cart endpoints (spec §4)', () => {
  it('raises the cart count by 1 on add and keeps the server message', async () => {
    const { store } = storeAnswering({
      'POST /home/product/add-to-card': () => ({ message: 'Added to cart' }),
    });
    await store.dispatch(endpoints.addToCart.initiate({ productId: 1, quantity: 1 }));
    expect(store.getState().card.card_product_count).toBe(1);
    expect(store.getState().card.successMessage).toBe('Added to cart');
  });

  it('keeps the server error when an add fails', async () => {
    const { store } = storeAnswering({
      'POST /home/product/add-to-card': () => ({ status: 409, body: { error: 'Out of stock' } }),
    });
    await store.dispatch(endpoints.addToCart.initiate({ productId: 1, quantity: 9 }));
    expect(store.getState().card.errorMessage).toBe('Out of stock');
    expect(store.getState().card.card_product_count).toBe(0);
  });

  it('replaces everything with the server values on fetch', async () => {
    const { store } = storeAnswering();
    await store.dispatch(endpoints.getCart.initiate());
    expect(store.getState().card).toMatchObject({
      card_products: [],
      price: 670,
      card_product_count: 2,
      shipping_fee: 85,
      outofstock_products: cart.outOfStockProduct,
      buy_product_item: 1,
      cartLoaded: true,
    });
  });

  it('reads the cart again after a change while it is shown', async () => {
    const { store, calls } = storeAnswering({
      'PUT /home/product/quantity-inc/3': () => ({ message: 'Quantity updated' }),
    });
    const shown = store.dispatch(endpoints.getCart.initiate());
    await shown;
    await store.dispatch(endpoints.increaseQuantity.initiate(3));
    expect(store.getState().card.successMessage).toBe('Quantity updated');
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.path === '/home/product/get-card-product')).toHaveLength(2),
    );
    shown.unsubscribe();
  });

  it('empties the out-of-stock list when it is deleted', async () => {
    const { store } = storeAnswering({
      'DELETE /home/product/delete-all-cart-product/1': () => ({ message: 'Removed' }),
    });
    await store.dispatch(endpoints.getCart.initiate());
    await store.dispatch(endpoints.deleteSoldOutLines.initiate(1));
    expect(store.getState().card.outofstock_products).toEqual([]);
    expect(store.getState().card.successMessage).toBe('Removed');
  });

  it('counts wishlist adds from 0 and drops a removed entry and the count', async () => {
    const { store } = storeAnswering({
      'POST /home/product/add-to-wishlist': () => ({ message: 'Added to wishlist' }),
      'DELETE /home/product/delete-wishlist-product/5': () => ({
        message: 'Removed from wishlist',
        wishlistId: 5,
      }),
    });
    await store.dispatch(endpoints.addToWishlist.initiate({ productId: 1 }));
    expect(store.getState().card.wishlist_count).toBe(1);
    await store.dispatch(endpoints.getWishlist.initiate());
    await store.dispatch(endpoints.removeFromWishlist.initiate(5));
    expect(store.getState().card.wishlist.map((w) => w._id)).toEqual([6]);
    expect(store.getState().card.wishlist_count).toBe(1);
  });

  it('resets both counts to 0', async () => {
    const { store } = storeAnswering();
    await store.dispatch(endpoints.getCart.initiate());
    await store.dispatch(endpoints.getWishlist.initiate());
    store.dispatch(reset_count());
    const { card_product_count, wishlist_count } = store.getState().card;
    expect([card_product_count, wishlist_count]).toEqual([0, 0]);
  });
});
