import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { api, rejectBody, TOKEN_KEY } from '../../api/client';
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

/** Logout clears the server cookie and the stored token, whatever the server answers. */
export const logout = createAsyncThunk('auth/logout', async (_: void, { rejectWithValue }) => {
  try {
    return await api.get<{ message: string }>('/customer/logout');
  } catch (e) {
    return rejectWithValue(rejectBody(e));
  } finally {
    localStorage.removeItem(TOKEN_KEY);
  }
});

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
  extraReducers: (builder) => {
    builder
      .addCase(logout.fulfilled, (state, { payload }) => {
        state.userInfo = null;
        state.successMessage = payload.message;
      })
      .addCase(logout.rejected, (state) => {
        state.userInfo = null;
      });
  },
});

export const { messageClear, user_reset } = authSlice.actions;
export const authReducer = authSlice.reducer;
