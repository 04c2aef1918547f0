import { createAsyncThunk, createSlice, isAnyOf } from '@reduxjs/toolkit';
import type {
  CartResponse,
  CartShopGroup,
  OutOfStockLine,
  WishlistEntry,
  WishlistResponse,
} from '@bazaar/shared';
import { api, rejectBody } from '../../api/client';
import { clearMessages, errorOf } from '../../app/sliceHelpers';

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

type Message = { message: string };

export const get_card_products = createAsyncThunk('card/get_card_products', (_: void, { rejectWithValue }) =>
  api.get<CartResponse>('/home/product/get-card-product').catch((e) => rejectWithValue(rejectBody(e))),
);

export const get_wishlist_products = createAsyncThunk(
  'card/get_wishlist_products',
  (_: void, { rejectWithValue }) =>
    api
      .get<WishlistResponse>('/home/product/get-wishlist-products')
      .catch((e) => rejectWithValue(rejectBody(e))),
);

/**
 * A call that changes the cart. Spec §4: after a success the cart reloads from the server, so counts and totals
 * are always the server's. The reload is started here rather than by whoever shows the toast, so it happens once.
 */
function cartChange<Arg>(type: string, call: (arg: Arg) => Promise<Message>) {
  return createAsyncThunk(type, async (arg: Arg, { dispatch, rejectWithValue }) => {
    try {
      const result = await call(arg);
      void dispatch(get_card_products());
      return result;
    } catch (e) {
      return rejectWithValue(rejectBody(e));
    }
  });
}

/** The server takes the customer from the session; userId is not sent. */
export const add_to_card = cartChange('card/add_to_card', (info: { productId: number; quantity: number }) =>
  api.post<Message>('/home/product/add-to-card', info),
);

export const delete_card_product = cartChange('card/delete_card_product', (lineId: number) =>
  api.delete<Message>(`/home/product/delete-card-product/${lineId}`),
);

/** The Out of Stock section's Delete: the server removes every sold-out line of the signed-in customer. */
export const delete_all_cart_products = cartChange('card/delete_all_cart_products', (userId: number) =>
  api.delete<Message>(`/home/product/delete-all-cart-product/${userId}`),
);

export const quantity_inc = cartChange('card/quantity_inc', (lineId: number) =>
  api.put<Message>(`/home/product/quantity-inc/${lineId}`),
);

export const quantity_dec = cartChange('card/quantity_dec', (lineId: number) =>
  api.put<Message>(`/home/product/quantity-dec/${lineId}`),
);

export const add_to_wishlist = createAsyncThunk(
  'card/add_to_wishlist',
  (info: { productId: number }, { rejectWithValue }) =>
    api.post<Message>('/home/product/add-to-wishlist', info).catch((e) => rejectWithValue(rejectBody(e))),
);

export const remove_wishlist = createAsyncThunk(
  'card/remove_wishlist',
  (entryId: number, { rejectWithValue }) =>
    api
      .delete<Message & { wishlistId: number }>(`/home/product/delete-wishlist-product/${entryId}`)
      .catch((e) => rejectWithValue(rejectBody(e))),
);

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
  extraReducers: (builder) => {
    builder
      .addCase(get_card_products.fulfilled, (state, { payload }) => {
        state.card_products = payload.card_products;
        state.price = payload.price;
        state.card_product_count = payload.card_product_count;
        state.shipping_fee = payload.shipping_fee;
        state.outofstock_products = payload.outOfStockProduct;
        state.buy_product_item = payload.buy_product_item;
        state.cartLoaded = true;
      })
      .addCase(get_card_products.rejected, (state, { payload }) => {
        state.cartLoaded = true;
        state.errorMessage = errorOf(payload);
      })
      .addCase(get_wishlist_products.fulfilled, (state, { payload }) => {
        state.wishlist = payload.wishlists;
        state.wishlist_count = payload.wishlistCount;
        state.wishlistLoaded = true;
      })
      .addCase(get_wishlist_products.rejected, (state, { payload }) => {
        state.wishlistLoaded = true;
        state.errorMessage = errorOf(payload);
      })
      .addCase(add_to_card.fulfilled, (state, { payload }) => {
        state.card_product_count += 1;
        state.successMessage = payload.message;
      })
      .addCase(delete_all_cart_products.fulfilled, (state, { payload }) => {
        state.outofstock_products = [];
        state.successMessage = payload.message;
      })
      .addCase(add_to_wishlist.fulfilled, (state, { payload }) => {
        state.wishlist_count = state.wishlist_count > 0 ? state.wishlist_count + 1 : 1;
        state.successMessage = payload.message;
      })
      .addCase(remove_wishlist.fulfilled, (state, { payload }) => {
        state.wishlist = state.wishlist.filter((entry) => entry._id !== payload.wishlistId);
        state.wishlist_count = Math.max(0, state.wishlist_count - 1);
        state.successMessage = payload.message;
      })
      .addMatcher(
        isAnyOf(delete_card_product.fulfilled, quantity_inc.fulfilled, quantity_dec.fulfilled),
        (state, { payload }) => {
          state.successMessage = payload.message;
        },
      )
      .addMatcher(
        isAnyOf(
          add_to_card.rejected,
          delete_card_product.rejected,
          delete_all_cart_products.rejected,
          quantity_inc.rejected,
          quantity_dec.rejected,
          add_to_wishlist.rejected,
          remove_wishlist.rejected,
        ),
        (state, { payload }) => {
          state.errorMessage = errorOf(payload);
        },
      );
  },
});

export const { messageClear, reset_count } = cardSlice.actions;
export const cardReducer = cardSlice.reducer;
