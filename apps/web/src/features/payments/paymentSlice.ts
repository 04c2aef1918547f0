import { createSlice } from '@reduxjs/toolkit';

const initialState = { paymentLink: '', amount: 0, status: 'pending', errorMessage: '' };

const paymentSlice = createSlice({
  name: 'payment',
  initialState,
  reducers: {},
});

export const paymentReducer = paymentSlice.reducer;
