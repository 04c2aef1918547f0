import { createSlice } from '@reduxjs/toolkit';
import type { Order, OrderDetails } from '@bazaar/shared';
import { ordersApi } from '../../api/ordersApi';
import { clearMessages, errorOf, isCallFailure } from '../../app/sliceHelpers';

export interface OrderState {
  myOrders: Order[];
  myOrder: OrderDetails | null;
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

const { endpoints } = ordersApi;

const orderSlice = createSlice({
  name: 'order',
  initialState,
  reducers: {
    messageClear: clearMessages,
  },
  // Fed from the order endpoints (api/ordersApi.ts).
  extraReducers: (builder) => {
    builder
      .addMatcher(endpoints.placeOrder.matchPending, (state) => {
        state.placing = true;
      })
      .addMatcher(endpoints.placeOrder.matchFulfilled, (state, { payload }) => {
        state.placing = false;
        state.successMessage = payload.message;
      })
      .addMatcher(endpoints.placeOrder.matchRejected, (state, { payload }) => {
        state.placing = false;
        state.errorMessage = errorOf(payload);
      })
      .addMatcher(endpoints.getOrders.matchPending, (state) => {
        state.loader = true;
      })
      .addMatcher(endpoints.getOrders.matchFulfilled, (state, { payload }) => {
        state.loader = false;
        state.myOrders = payload.orders;
      })
      // Spec §8: a failed order list is only logged; the page keeps what it had.
      .addMatcher(endpoints.getOrders.matchRejected, (state, action) => {
        if (!isCallFailure(action)) return;
        state.loader = false;
        console.error('Loading orders failed:', errorOf(action.payload));
      })
      .addMatcher(endpoints.getOrder.matchPending, (state, { meta }) => {
        // A refetch of the order on show keeps it on screen; another order starts from a skeleton.
        if (state.myOrder?.orderId !== meta.arg.originalArgs) state.myOrder = null;
        state.loader = true;
        state.errorMessage = '';
      })
      .addMatcher(endpoints.getOrder.matchFulfilled, (state, { payload }) => {
        state.loader = false;
        state.myOrder = payload.order;
      })
      .addMatcher(endpoints.getOrder.matchRejected, (state, action) => {
        if (!isCallFailure(action)) return;
        state.loader = false;
        state.errorMessage = errorOf(action.payload);
      });
  },
});

export const { messageClear } = orderSlice.actions;
export const orderReducer = orderSlice.reducer;
