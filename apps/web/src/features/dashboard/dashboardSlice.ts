import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { Address, Order } from '@bazaar/shared';
import { accountApi } from '../../api/accountApi';
import { clearMessages, errorOf, isCallFailure } from '../../app/sliceHelpers';

export interface DashboardState {
  recentOrders: Order[];
  totalOrder: number;
  pendingOrder: number;
  cancelledOrder: number;
  allAddress: Address[];
  /** The dashboard counts are loading. */
  loader: boolean;
  /** The address list has been fetched at least once (so "no addresses" is known, not assumed). */
  addressesLoaded: boolean;
  errorMessage: string;
  successMessage: string;
}

const initialState: DashboardState = {
  recentOrders: [],
  totalOrder: 0,
  pendingOrder: 0,
  cancelledOrder: 0,
  allAddress: [],
  loader: false,
  addressesLoaded: false,
  errorMessage: '',
  successMessage: '',
};

const { endpoints } = accountApi;

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    messageClear: clearMessages,
  },
  // Fed from the account endpoints (api/accountApi.ts).
  extraReducers: (builder) => {
    builder
      .addMatcher(endpoints.getDashboard.matchPending, (state) => {
        state.loader = true;
      })
      .addMatcher(endpoints.getDashboard.matchFulfilled, (state, { payload }) => {
        state.loader = false;
        state.totalOrder = payload.totalOrder;
        state.pendingOrder = payload.pendingOrder;
        state.cancelledOrder = payload.cancelledOrder;
        state.recentOrders = payload.recentOrders;
      })
      // Spec §8: a failed dashboard call is only logged.
      .addMatcher(endpoints.getDashboard.matchRejected, (state, action) => {
        if (!isCallFailure(action)) return;
        state.loader = false;
        console.error('Loading the dashboard failed:', errorOf(action.payload));
      })
      .addMatcher(endpoints.getAddresses.matchFulfilled, (state, { payload }) => {
        state.allAddress = payload.address;
        state.addressesLoaded = true;
      })
      .addMatcher(endpoints.getAddresses.matchRejected, (state, action) => {
        if (!isCallFailure(action)) return;
        state.addressesLoaded = true;
        console.error('Loading addresses failed:', errorOf(action.payload));
      })
      .addMatcher(
        isAnyOf(
          endpoints.saveAddress.matchFulfilled,
          endpoints.deleteAddress.matchFulfilled,
          endpoints.markDefaultAddress.matchFulfilled,
        ),
        (state, { payload }) => {
          state.successMessage = payload.message;
        },
      )
      .addMatcher(
        isAnyOf(
          endpoints.saveAddress.matchRejected,
          endpoints.deleteAddress.matchRejected,
          endpoints.markDefaultAddress.matchRejected,
        ),
        (state, { payload }) => {
          state.errorMessage = errorOf(payload);
        },
      );
  },
});

export const { messageClear } = dashboardSlice.actions;
export const dashboardReducer = dashboardSlice.reducer;
