import { createSlice } from '@reduxjs/toolkit';

const initialState = { my_friends: [] as unknown[], fd_messages: [] as unknown[], currentFd: null as unknown, successMessage: '', errorMessage: '' };

const chatSlice = createSlice({
  name: 'chat',
  initialState,
  reducers: {},
});

export const chatReducer = chatSlice.reducer;
