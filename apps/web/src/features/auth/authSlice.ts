import { createSlice } from '@reduxjs/toolkit';
import { storedUser, type UserInfo } from './session';

export interface AuthState {
  loader: boolean;
  userInfo: UserInfo | null;
  errorMessage: string;
  successMessage: string;
}

const initialState: AuthState = {
  loader: false,
  userInfo: storedUser(),
  errorMessage: '',
  successMessage: '',
};

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    messageClear(state) {
      state.errorMessage = '';
      state.successMessage = '';
    },
    user_reset(state) {
      state.userInfo = null;
    },
  },
});

export const { messageClear, user_reset } = authSlice.actions;
export const authReducer = authSlice.reducer;
