import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Address, AddressFormValues, DashboardData, Order } from '@bazaar/shared';
import { api, rejectBody } from '../../api/client';
import { clearMessages, errorOf } from '../../app/sliceHelpers';

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

/** The path's user id is ignored by the server (the session decides). */
export const get_dashboard_index_data = createAsyncThunk(
  'dashboard/get_dashboard_index_data',
  (_: void, { rejectWithValue }) =>
    api
      .get<DashboardData>('/home/customer/gat-dashboard-data/me')
      .catch((e) => rejectWithValue(rejectBody(e))),
);

export const get_all_address = createAsyncThunk('dashboard/get_all_address', (_: void, { rejectWithValue }) =>
  api
    .get<{ address: Address[] }>('/home/customer/get_all_address')
    .catch((e) => rejectWithValue(rejectBody(e))),
);

/** Saves a new address, or updates one when `addressId` is given; the list is reloaded afterwards. */
export const add_address = createAsyncThunk(
  'dashboard/add_address',
  async (info: AddressFormValues & { addressId?: number }, { dispatch, rejectWithValue }) => {
    try {
      const saved = await api.post<{ address: Address; message: string }>('/home/customer/add_address', info);
      await dispatch(get_all_address());
      return saved;
    } catch (e) {
      return rejectWithValue(rejectBody(e));
    }
  },
);

export const delete_address = createAsyncThunk(
  'dashboard/delete_address',
  async (addressId: number, { dispatch, rejectWithValue }) => {
    try {
      const deleted = await api.delete<{ userId: number; addressId: number; message: string }>(
        `/home/customer/delete_address/${addressId}`,
      );
      await dispatch(get_all_address());
      return deleted;
    } catch (e) {
      return rejectWithValue(rejectBody(e));
    }
  },
);

/** Spec §4: the card's checkbox flips defaultAddress for that address; the server keeps exactly one default. */
export const mark_default_address = createAsyncThunk(
  'dashboard/mark_default_address',
  async ({ addressId, value }: { addressId: number; value: boolean }, { dispatch, rejectWithValue }) => {
    try {
      const marked = await api.patch<{ addressId: number; message: string }>(
        `/home/customer/markDefaultAddress/${addressId}`,
        {
          field: 'defaultAddress',
          value,
        },
      );
      await dispatch(get_all_address());
      return marked;
    } catch (e) {
      return rejectWithValue(rejectBody(e));
    }
  },
);

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    messageClear: clearMessages,
  },
  extraReducers: (builder) => {
    builder
      .addCase(get_dashboard_index_data.pending, (state) => {
        state.loader = true;
      })
      .addCase(get_dashboard_index_data.fulfilled, (state, { payload }) => {
        state.loader = false;
        state.totalOrder = payload.totalOrder;
        state.pendingOrder = payload.pendingOrder;
        state.cancelledOrder = payload.cancelledOrder;
        state.recentOrders = payload.recentOrders;
      })
      // Spec §8: a failed dashboard call is only logged.
      .addCase(get_dashboard_index_data.rejected, (state, { payload }) => {
        state.loader = false;
        console.error('Loading the dashboard failed:', errorOf(payload));
      })
      .addCase(get_all_address.fulfilled, (state, { payload }) => {
        state.allAddress = payload.address;
        state.addressesLoaded = true;
      })
      .addCase(get_all_address.rejected, (state, { payload }) => {
        state.addressesLoaded = true;
        console.error('Loading addresses failed:', errorOf(payload));
      })
      .addCase(add_address.fulfilled, (state, { payload }) => {
        state.successMessage = payload.message;
      })
      .addCase(add_address.rejected, (state, { payload }) => {
        state.errorMessage = errorOf(payload);
      })
      .addCase(delete_address.fulfilled, (state, { payload }) => {
        state.successMessage = payload.message;
      })
      .addCase(delete_address.rejected, (state, { payload }) => {
        state.errorMessage = errorOf(payload);
      })
      .addCase(mark_default_address.fulfilled, (state, { payload }) => {
        state.successMessage = payload.message;
      })
      .addCase(mark_default_address.rejected, (state, { payload }) => {
        state.errorMessage = errorOf(payload);
      });
  },
});

export const { messageClear } = dashboardSlice.actions;
export const dashboardReducer = dashboardSlice.reducer;
