import { createSlice } from '@reduxjs/toolkit';

const initialState = { myOrders: [] as unknown[], myOrder: null as unknown, errorMessage: '', successMessage: '' };

const orderSlice = createSlice({
  name: 'order',
  initialState,
  reducers: {},
});

export const orderReducer = orderSlice.reducer;
