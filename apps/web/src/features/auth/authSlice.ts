import { createAsyncThunk, createSlice, isAnyOf } from '@reduxjs/toolkit';
import type {
  AuthTokenResponse,
  ChangePasswordInput,
  CompleteProfileInput,
  LoginInput,
  RegisterInput,
  SendOtpInput,
  SendOtpResponse,
  UpdateProfileInput,
  VerifyOtpInput,
  VerifyOtpResponse,
} from '@bazaar/shared';
import { api, rejectBody, TOKEN_KEY } from '../../api/client';
import { clearMessages } from '../../app/sliceHelpers';
import { decodeToken, storedUser, type UserInfo } from './session';

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

type Rejected = { error: string };

/** A call that answers `{ token, message }`: the token is kept in localStorage before the session is set from it. */
function tokenThunk<Input>(type: string, path: string) {
  return createAsyncThunk<AuthTokenResponse, Input, { rejectValue: Rejected }>(
    type,
    async (input, { rejectWithValue }) => {
      try {
        const response = await api.post<AuthTokenResponse>(path, input);
        localStorage.setItem(TOKEN_KEY, response.token);
        return response;
      } catch (e) {
        return rejectWithValue(rejectBody(e));
      }
    },
  );
}

export const customer_register = tokenThunk<RegisterInput>(
  'auth/customer_register',
  '/customer/customer-register',
);
export const customer_login = tokenThunk<LoginInput>('auth/customer_login', '/customer/customer-login');
export const update_profile = tokenThunk<UpdateProfileInput>(
  'auth/update_profile',
  '/customer/update-user-profile',
);
export const change_password = tokenThunk<ChangePasswordInput>(
  'auth/change_password',
  '/customer/change-password',
);
export const complete_profile = tokenThunk<CompleteProfileInput>(
  'auth/complete_profile',
  '/customer/complete-profile',
);

export const send_otp = createAsyncThunk<SendOtpResponse, SendOtpInput, { rejectValue: Rejected }>(
  'auth/send_otp',
  async (input, { rejectWithValue }) => {
    try {
      return await api.post<SendOtpResponse>('/customer/send-otp', input);
    } catch (e) {
      return rejectWithValue(rejectBody(e));
    }
  },
);

/** An existing customer is signed in at once; a new one gets only the signup proof for the profile step. */
export const verify_otp = createAsyncThunk<VerifyOtpResponse, VerifyOtpInput, { rejectValue: Rejected }>(
  'auth/verify_otp',
  async (input, { rejectWithValue }) => {
    try {
      const response = await api.post<VerifyOtpResponse>('/customer/verify-otp', input);
      if (!response.isNewUser) localStorage.setItem(TOKEN_KEY, response.token);
      return response;
    } catch (e) {
      return rejectWithValue(rejectBody(e));
    }
  },
);

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

const sessionThunks = [
  customer_register,
  customer_login,
  update_profile,
  change_password,
  complete_profile,
] as const;
const allThunks = [...sessionThunks, send_otp, verify_otp] as const;

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    messageClear: clearMessages,
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
      })
      .addCase(send_otp.fulfilled, (state, { payload }) => {
        state.loader = false;
        state.successMessage = payload.message;
      })
      .addCase(verify_otp.fulfilled, (state, { payload }) => {
        state.loader = false;
        state.successMessage = payload.message;
        if (!payload.isNewUser) state.userInfo = decodeToken(payload.token);
      })
      .addMatcher(isAnyOf(...sessionThunks.map((thunk) => thunk.fulfilled)), (state, { payload }) => {
        state.loader = false;
        state.userInfo = decodeToken(payload.token);
        state.successMessage = payload.message;
      })
      .addMatcher(isAnyOf(...allThunks.map((thunk) => thunk.pending)), (state) => {
        state.loader = true;
        state.errorMessage = '';
      })
      .addMatcher(isAnyOf(...allThunks.map((thunk) => thunk.rejected)), (state, { payload, error }) => {
        state.loader = false;
        state.errorMessage =
          (payload as Rejected | undefined)?.error ?? error.message ?? 'Something went wrong';
      });
  },
});

export const { messageClear, user_reset } = authSlice.actions;
export const authReducer = authSlice.reducer;
