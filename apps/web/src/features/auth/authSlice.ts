import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { authApi } from '../../api/authApi';
import { clearMessages, errorOf } from '../../app/sliceHelpers';
import { decodeToken, storedUser, type UserInfo } from './session';

export interface AuthState {
  loader: boolean;
  userInfo: UserInfo | null;
  /** The server refused the stored session (it ended elsewhere): /login says so until the next sign-in. */
  sessionEnded: boolean;
  errorMessage: string;
  successMessage: string;
}

/** Read when a store is made (a lazy initial state), so each store starts from the session stored at that time. */
const initialState = (): AuthState => ({
  loader: false,
  userInfo: storedUser(),
  sessionEnded: false,
  errorMessage: '',
  successMessage: '',
});

const { endpoints } = authApi;

/** The calls that sign a customer in (or renew their session) with a new token. */
const sessionCalls = [
  endpoints.customerRegister,
  endpoints.customerLogin,
  endpoints.updateProfile,
  endpoints.changePassword,
  endpoints.completeProfile,
] as const;
const allCalls = [...sessionCalls, endpoints.sendOtp, endpoints.verifyOtp] as const;

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
  // Fed from the sign-in endpoints (api/authApi.ts).
  extraReducers: (builder) => {
    builder
      .addMatcher(isAnyOf(endpoints.logout.matchFulfilled, endpoints.logoutAll.matchFulfilled), signedOut)
      .addMatcher(isAnyOf(endpoints.logout.matchRejected, endpoints.logoutAll.matchRejected), forgetUser)
      .addMatcher(endpoints.sendOtp.matchFulfilled, (state, { payload }) => {
        state.loader = false;
        state.successMessage = payload.message;
      })
      .addMatcher(endpoints.verifyOtp.matchFulfilled, (state, { payload }) => {
        state.loader = false;
        state.successMessage = payload.message;
        if (!payload.isNewUser) {
          state.userInfo = decodeToken(payload.token);
          state.sessionEnded = false;
        }
      })
      .addMatcher(isAnyOf(...sessionCalls.map((call) => call.matchFulfilled)), (state, { payload }) => {
        state.loader = false;
        state.userInfo = decodeToken(payload.token);
        state.sessionEnded = false;
        state.successMessage = payload.message;
      })
      .addMatcher(isAnyOf(...allCalls.map((call) => call.matchPending)), (state) => {
        state.loader = true;
        state.errorMessage = '';
      })
      .addMatcher(isAnyOf(...allCalls.map((call) => call.matchRejected)), (state, { payload }) => {
        state.loader = false;
        state.errorMessage = errorOf(payload);
      });
  },
});

export const { messageClear, user_reset, session_ended } = authSlice.actions;
export const authReducer = authSlice.reducer;
