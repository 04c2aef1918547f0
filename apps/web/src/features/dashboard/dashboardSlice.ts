import { createSlice } from '@reduxjs/toolkit';

const initialState = { recentOrders: [] as unknown[], totalOrder: 0, pendingOrder: 0, cancelledOrder: 0, allAddress: [] as unknown[], errorMessage: '', successMessage: '' };

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {},
});

export const dashboardReducer = dashboardSlice.reducer;
