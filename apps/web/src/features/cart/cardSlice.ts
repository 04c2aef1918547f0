import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { CartShopGroup, OutOfStockLine, WishlistEntry } from '@bazaar/shared';
import { cartApi } from '../../api/cartApi';
import { clearMessages, errorOf, isCallFailure } from '../../app/sliceHelpers';

/** Spec §3 cart state, with the spec's field names. */
export interface CardState {
  card_products: CartShopGroup[];
  card_product_count: number;
  wishlist_count: number;
  wishlist: WishlistEntry[];
  price: number;
  errorMessage: string;
  successMessage: string;
  shipping_fee: number;
  outofstock_products: OutOfStockLine[];
  buy_product_item: number;
  /** Whether the cart / wishlist have come back from the server at least once (pages show skeletons until then). */
  cartLoaded: boolean;
  wishlistLoaded: boolean;
}

const initialState: CardState = {
  card_products: [],
  card_product_count: 0,
  wishlist_count: 0,
  wishlist: [],
  price: 0,
  errorMessage: '',
  successMessage: '',
  shipping_fee: 0,
  outofstock_products: [],
  buy_product_item: 0,
  cartLoaded: false,
  wishlistLoaded: false,
};

const { endpoints } = cartApi;

const cardSlice = createSlice({
  name: 'card',
  initialState,
  reducers: {
    messageClear: clearMessages,
    reset_count(state) {
      state.card_product_count = 0;
      state.wishlist_count = 0;
    },
  },
  // Fed from the cart endpoints (api/cartApi.ts), so the spec's field names hold whoever made the call.
  extraReducers: (builder) => {
    builder
      .addMatcher(endpoints.getCart.matchFulfilled, (state, { payload }) => {
        state.card_products = payload.card_products;
        state.price = payload.price;
        state.card_product_count = payload.card_product_count;
        state.shipping_fee = payload.shipping_fee;
        state.outofstock_products = payload.outOfStockProduct;
        state.buy_product_item = payload.buy_product_item;
        state.cartLoaded = true;
      })
      .addMatcher(endpoints.getWishlist.matchFulfilled, (state, { payload }) => {
        state.wishlist = payload.wishlists;
        state.wishlist_count = payload.wishlistCount;
        state.wishlistLoaded = true;
      })
      .addMatcher(endpoints.addToCart.matchFulfilled, (state, { payload }) => {
        state.card_product_count += 1;
        state.successMessage = payload.message;
      })
      .addMatcher(endpoints.deleteSoldOutLines.matchFulfilled, (state, { payload }) => {
        state.outofstock_products = [];
        state.successMessage = payload.message;
      })
      .addMatcher(endpoints.addToWishlist.matchFulfilled, (state, { payload }) => {
        state.wishlist_count = state.wishlist_count > 0 ? state.wishlist_count + 1 : 1;
        state.successMessage = payload.message;
      })
      .addMatcher(endpoints.removeFromWishlist.matchFulfilled, (state, { payload }) => {
        state.wishlist = state.wishlist.filter((entry) => entry._id !== payload.wishlistId);
        state.wishlist_count = Math.max(0, state.wishlist_count - 1);
        state.successMessage = payload.message;
      })
      .addMatcher(
        isAnyOf(
          endpoints.changeCartVariant.matchFulfilled,
          endpoints.deleteCartLine.matchFulfilled,
          endpoints.increaseQuantity.matchFulfilled,
          endpoints.decreaseQuantity.matchFulfilled,
        ),
        (state, { payload }) => {
          state.successMessage = payload.message;
        },
      )
      .addMatcher(endpoints.getCart.matchRejected, (state, action) => {
        if (!isCallFailure(action)) return;
        state.cartLoaded = true;
        state.errorMessage = errorOf(action.payload);
      })
      .addMatcher(endpoints.getWishlist.matchRejected, (state, action) => {
        if (!isCallFailure(action)) return;
        state.wishlistLoaded = true;
        state.errorMessage = errorOf(action.payload);
      })
      .addMatcher(
        isAnyOf(
          endpoints.addToCart.matchRejected,
          endpoints.changeCartVariant.matchRejected,
          endpoints.deleteCartLine.matchRejected,
          endpoints.deleteSoldOutLines.matchRejected,
          endpoints.increaseQuantity.matchRejected,
          endpoints.decreaseQuantity.matchRejected,
          endpoints.addToWishlist.matchRejected,
          endpoints.removeFromWishlist.matchRejected,
        ),
        (state, { payload }) => {
          state.errorMessage = errorOf(payload);
        },
      );
  },
});

export const { messageClear, reset_count } = cardSlice.actions;
export const cardReducer = cardSlice.reducer;
