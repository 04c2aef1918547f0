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
  /** The server refused the stored session (it ended elsewhere): /login says so until the next sign-in. */
  sessionEnded: boolean;
  errorMessage: string;
  successMessage: string;
}

const initialState: AuthState = {
  loader: false,
  userInfo: storedUser(),
  sessionEnded: false,
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

/** A sign-out call: the stored token goes whatever the server answers. */
function signOutThunk(type: string, call: () => Promise<{ message: string }>) {
  return createAsyncThunk(type, async (_: void, { rejectWithValue }) => {
    try {
      return await call();
    } catch (e) {
      return rejectWithValue(rejectBody(e));
    } finally {
      localStorage.removeItem(TOKEN_KEY);
    }
  });
}

/** Logout ends this session (spec: GET /customer/logout) and clears the server cookie. */
export const logout = signOutThunk('auth/logout', () => api.get<{ message: string }>('/customer/logout'));
/** Ends every session of the account, on every device. */
export const logout_all = signOutThunk('auth/logout_all', () =>
  api.post<{ message: string }>('/customer/logout-all'),
);

const sessionThunks = [
  customer_register,
  customer_login,
  update_profile,
  change_password,
  complete_profile,
] as const;
const allThunks = [...sessionThunks, send_otp, verify_otp] as const;

function signedOut(state: AuthState, { payload }: { payload: { message: string } }) {
  state.userInfo = null;
  state.successMessage = payload.message;
}

function forgetUser(state: AuthState) {
  state.userInfo = null;
}

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    messageClear: clearMessages,
    user_reset(state) {
      state.userInfo = null;
    },
    session_ended(state) {
      state.userInfo = null;
      state.sessionEnded = true;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(logout.fulfilled, signedOut)
      .addCase(logout_all.fulfilled, signedOut)
      .addCase(logout.rejected, forgetUser)
      .addCase(logout_all.rejected, forgetUser)
      .addCase(send_otp.fulfilled, (state, { payload }) => {
        state.loader = false;
        state.successMessage = payload.message;
      })
      .addCase(verify_otp.fulfilled, (state, { payload }) => {
        state.loader = false;
        state.successMessage = payload.message;
        if (!payload.isNewUser) {
          state.userInfo = decodeToken(payload.token);
          state.sessionEnded = false;
        }
      })
      .addMatcher(isAnyOf(...sessionThunks.map((thunk) => thunk.fulfilled)), (state, { payload }) => {
        state.loader = false;
        state.userInfo = decodeToken(payload.token);
        state.sessionEnded = false;
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

export const { messageClear, user_reset, session_ended } = authSlice.actions;
export const authReducer = authSlice.reducer;
