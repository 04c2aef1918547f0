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
import { bazaarApi, type ApiCallArgs, type ApiFailure } from './bazaarApi';
import { TOKEN_KEY } from './request';

/**
 * The shopper's sign-in calls (spec §7 Customer account). A call that answers a token keeps it in localStorage
 * before its answer reaches the store, so whatever the new session triggers (the cart's reload) already sends it.
 * The auth store area follows these endpoints; a change of customer makes their cached answers stale
 * (features/cart/useSessionCartLoader.ts).
 */
type CallResult<T> = { data: T } | { error: ApiFailure };

/** Makes a call through the API slice's base query, then lets `after` see its answer (undefined when it failed). */
async function callThen<T>(
  baseQuery: (args: ApiCallArgs) => unknown,
  args: ApiCallArgs,
  after: (answer: T | undefined) => void,
): Promise<CallResult<T>> {
  const result = (await baseQuery(args)) as { data?: unknown; error?: ApiFailure };
  after(result.data as T | undefined);
  return result.error ? { error: result.error } : { data: result.data as T };
}

const keepToken = (answer: { token: string } | undefined) => {
  if (answer) localStorage.setItem(TOKEN_KEY, answer.token);
};
const forgetToken = () => localStorage.removeItem(TOKEN_KEY);

/** A call that answers `{ token, message }`: the token is kept before the session is set from it. */
function tokenCall<Input>(path: string) {
  return {
    queryFn: (input: Input, _api: unknown, _extra: unknown, baseQuery: (args: ApiCallArgs) => unknown) =>
      callThen<AuthTokenResponse>(baseQuery, { path, method: 'POST', body: input }, keepToken),
  };
}

/** A sign-out: the stored token goes whatever the server answers. */
function signOutCall(args: ApiCallArgs) {
  return {
    queryFn: (_: void, _api: unknown, _extra: unknown, baseQuery: (args: ApiCallArgs) => unknown) =>
      callThen<{ message: string }>(baseQuery, args, forgetToken),
  };
}

export const authApi = bazaarApi.injectEndpoints({
  endpoints: (build) => ({
    customerRegister: build.mutation<AuthTokenResponse, RegisterInput>(
      tokenCall<RegisterInput>('/customer/customer-register'),
    ),
    customerLogin: build.mutation<AuthTokenResponse, LoginInput>(
      tokenCall<LoginInput>('/customer/customer-login'),
    ),
    updateProfile: build.mutation<AuthTokenResponse, UpdateProfileInput>(
      tokenCall<UpdateProfileInput>('/customer/update-user-profile'),
    ),
    changePassword: build.mutation<AuthTokenResponse, ChangePasswordInput>(
      tokenCall<ChangePasswordInput>('/customer/change-password'),
    ),
    completeProfile: build.mutation<AuthTokenResponse, CompleteProfileInput>(
      tokenCall<CompleteProfileInput>('/customer/complete-profile'),
    ),
    sendOtp: build.mutation<SendOtpResponse, SendOtpInput>({
      query: (body) => ({ path: '/customer/send-otp', method: 'POST', body }),
    }),
    /** An existing customer is signed in at once; a new one gets only the signup proof for the profile step. */
    verifyOtp: build.mutation<VerifyOtpResponse, VerifyOtpInput>({
      queryFn: (body, _api, _extra, baseQuery) =>
        callThen<VerifyOtpResponse>(
          baseQuery,
          { path: '/customer/verify-otp', method: 'POST', body },
          (answer) => {
            if (answer && !answer.isNewUser) localStorage.setItem(TOKEN_KEY, answer.token);
          },
        ),
    }),
    /** Logout ends this session (spec: GET /customer/logout) and clears the server cookie. */
    logout: build.mutation<{ message: string }, void>(signOutCall('/customer/logout')),
    /** Ends every session of the account, on every device. */
    logoutAll: build.mutation<{ message: string }, void>(
      signOutCall({ path: '/customer/logout-all', method: 'POST' }),
    ),
  }),
});

export const {
  useCustomerRegisterMutation,
  useCustomerLoginMutation,
  useChangePasswordMutation,
  useCompleteProfileMutation,
  useSendOtpMutation,
  useVerifyOtpMutation,
  useLogoutMutation,
  useLogoutAllMutation,
} = authApi;
