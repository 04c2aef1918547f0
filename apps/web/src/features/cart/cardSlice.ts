import { createSlice } from '@reduxjs/toolkit';

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
});

export const { messageClear, reset_count } = cardSlice.actions;
export const cardReducer = cardSlice.reducer;
