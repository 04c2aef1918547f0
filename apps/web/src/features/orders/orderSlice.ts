import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Order, OrderStatusFilter, PlaceOrderResponse } from '@bazaar/shared';
import { api, apiRequest, rejectBody } from '../../api/client';
import { clearMessages, errorOf } from '../../app/sliceHelpers';

export interface OrderState {
  myOrders: Order[];
  myOrder: Order | null;
  /** A list or the details are loading (pages show skeletons). */
  loader: boolean;
  /** An order is being placed (the Place Order button waits). */
  placing: boolean;
  errorMessage: string;
  successMessage: string;
}

const initialState: OrderState = {
  myOrders: [],
  myOrder: null,
  loader: false,
  placing: false,
  errorMessage: '',
  successMessage: '',
};

/**
 * What the shipping page sends. The spec's payload (price, products, shipping_fee, items) goes along for
 * the record, but the server prices the order itself; it needs the address, the lines and, for Buy Now, the one
 * item. The idempotency key travels as the standard Idempotency-Key header. The customer comes from the session,
 * so no userId is sent.
 */
export interface PlaceOrderRequest {
  addressId: number;
  idempotencyKey: string;
  buyNow?: { productId: number; quantity: number };
  price: number;
  shipping_fee: number;
  items: number;
  products: unknown[];
}

export const place_order = createAsyncThunk(
  'order/place_order',
  ({ idempotencyKey, ...body }: PlaceOrderRequest, { rejectWithValue }) =>
    apiRequest<PlaceOrderResponse>('POST', '/home/order/palce-order', body, {
      headers: { 'Idempotency-Key': idempotencyKey },
    }).catch((e) => rejectWithValue(rejectBody(e))),
);

/** The path's customer id is ignored by the server (the session decides); the spec's path carries one, so 'me' fills it. */
export const get_orders = createAsyncThunk(
  'order/get_orders',
  (status: OrderStatusFilter, { rejectWithValue }) =>
    api
      .get<{ orders: Order[] }>(`/home/customer/gat-orders/me/${status}`)
      .catch((e) => rejectWithValue(rejectBody(e))),
);

export const get_order_details = createAsyncThunk(
  'order/get_order_details',
  (orderId: string, { rejectWithValue }) =>
    api
      .get<{ order: Order }>(`/home/customer/gat-order/${encodeURIComponent(orderId)}`)
      .catch((e) => rejectWithValue(rejectBody(e))),
);

const orderSlice = createSlice({
  name: 'order',
  initialState,
  reducers: {
    messageClear: clearMessages,
  },
  extraReducers: (builder) => {
    builder
      .addCase(place_order.pending, (state) => {
        state.placing = true;
      })
      .addCase(place_order.fulfilled, (state, { payload }) => {
        state.placing = false;
        state.successMessage = payload.message;
      })
      .addCase(place_order.rejected, (state, { payload }) => {
        state.placing = false;
        state.errorMessage = errorOf(payload);
      })
      .addCase(get_orders.pending, (state) => {
        state.loader = true;
      })
      .addCase(get_orders.fulfilled, (state, { payload }) => {
        state.loader = false;
        state.myOrders = payload.orders;
      })
      // Spec §8: a failed order list is only logged; the page keeps what it had.
      .addCase(get_orders.rejected, (state, { payload }) => {
        state.loader = false;
        console.error('Loading orders failed:', errorOf(payload));
      })
      .addCase(get_order_details.pending, (state) => {
        state.loader = true;
        state.myOrder = null;
        state.errorMessage = '';
      })
      .addCase(get_order_details.fulfilled, (state, { payload }) => {
        state.loader = false;
        state.myOrder = payload.order;
      })
      .addCase(get_order_details.rejected, (state, { payload }) => {
        state.loader = false;
        state.errorMessage = errorOf(payload);
      });
  },
});

export const { messageClear } = orderSlice.actions;
export const orderReducer = orderSlice.reducer;
