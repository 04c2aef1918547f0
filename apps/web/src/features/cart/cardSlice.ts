import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { api, rejectBody } from '../../api/client';

export interface CardState {
  card_products: unknown[];
  card_product_count: number;
  wishlist_count: number;
  wishlist: unknown[];
  price: number;
  errorMessage: string;
  successMessage: string;
  shipping_fee: number;
  outofstock_products: unknown[];
  buy_product_item: number;
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
};

/** The server takes the customer from the session; userId is not sent. */
export const add_to_card = createAsyncThunk(
  'card/add_to_card',
  (info: { productId: number; quantity: number }, { rejectWithValue }) =>
    api.post<{ message: string }>('/home/product/add-to-card', info).catch((e) => rejectWithValue(rejectBody(e))),
);

export const add_to_wishlist = createAsyncThunk(
  'card/add_to_wishlist',
  (info: { productId: number }, { rejectWithValue }) =>
    api.post<{ message: string }>('/home/product/add-to-wishlist', info).catch((e) => rejectWithValue(rejectBody(e))),
);

const errorOf = (payload: unknown) => (payload as { error?: string } | undefined)?.error ?? 'Something went wrong';

const cardSlice = createSlice({
  name: 'card',
  initialState,
  reducers: {
    messageClear(state) {
      state.errorMessage = '';
      state.successMessage = '';
    },
    reset_count(state) {
      state.card_product_count = 0;
      state.wishlist_count = 0;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(add_to_card.fulfilled, (state, { payload }) => {
        state.card_product_count += 1;
        state.successMessage = payload.message;
      })
      .addCase(add_to_card.rejected, (state, { payload }) => {
        state.errorMessage = errorOf(payload);
      })
      .addCase(add_to_wishlist.fulfilled, (state, { payload }) => {
        state.wishlist_count = state.wishlist_count > 0 ? state.wishlist_count + 1 : 1;
        state.successMessage = payload.message;
      })
      .addCase(add_to_wishlist.rejected, (state, { payload }) => {
        state.errorMessage = errorOf(payload);
      });
  },
});

export const { messageClear, reset_count } = cardSlice.actions;
export const cardReducer = cardSlice.reducer;
