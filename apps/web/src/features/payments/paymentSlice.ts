import { createSlice } from '@reduxjs/toolkit';
import type { DoPaymentResponse, PaymentRejection, PaymentState } from '@bazaar/shared';
import { paymentsApi } from '../../api/paymentsApi';
import { clearMessages } from '../../app/sliceHelpers';

/** The spec's payment store area: link, amount and status (pending at first), plus what the pages need around them. */
export interface PaymentSliceState {
  /** The order the rest of this state is about, so a page never acts on another order's leftovers. */
  orderId: string;
  paymentLink: string;
  amount: number;
  appLinks: DoPaymentResponse['appLinks'] | null;
  /** When the current attempt ends, on this device's clock (ms), or null before one starts. */
  attemptEndsAt: number | null;
  status: PaymentState;
  canRetry: boolean;
  /** The last UTR an operator or the bank rejected, with the reason, until another is submitted. */
  rejection: PaymentRejection | null;
  /** Why the order can no longer be paid, once it is closed; empty otherwise. */
  closedReason: string;
  loader: boolean;
  successMessage: string;
  errorMessage: string;
}

const initialState: PaymentSliceState = {
  orderId: '',
  paymentLink: '',
  amount: 0,
  appLinks: null,
  attemptEndsAt: null,
  status: 'pending',
  canRetry: true,
  rejection: null,
  closedReason: '',
  loader: false,
  successMessage: '',
  errorMessage: '',
};

const { endpoints } = paymentsApi;

const paymentSlice = createSlice({
  name: 'payment',
  initialState,
  reducers: {
    /** A new payment page starts from a clean slate (status pending, no link). */
    paymentReset: () => initialState,
    messageClear: clearMessages,
  },
  // Fed from the payment endpoints (api/paymentsApi.ts).
  extraReducers: (builder) => {
    builder
      .addMatcher(endpoints.startPayment.matchPending, (state, { meta }) => {
        const { orderId } = meta.arg.originalArgs;
        if (state.orderId !== orderId) Object.assign(state, initialState);
        state.orderId = orderId;
        state.loader = true;
      })
      .addMatcher(endpoints.startPayment.matchFulfilled, (state, { payload }) => {
        state.loader = false;
        state.paymentLink = payload.url;
        state.amount = payload.amount;
        state.appLinks = payload.appLinks;
        state.attemptEndsAt = Date.now() + payload.expiresInSeconds * 1000;
        state.status = 'pending';
      })
      .addMatcher(endpoints.startPayment.matchRejected, (state, { payload }) => {
        state.loader = false;
        state.errorMessage = payload?.error ?? 'Could not start the payment';
      })
      .addMatcher(endpoints.getPaymentStatus.matchFulfilled, (state, { payload, meta }) => {
        const orderId = meta.arg.originalArgs;
        if (state.orderId !== orderId) Object.assign(state, initialState, { orderId });
        state.status = payload.payment_status;
        state.canRetry = payload.canRetry;
        state.rejection = payload.rejection ?? null;
        state.closedReason = payload.closedReason ?? '';
      })
      .addMatcher(endpoints.submitTransactionId.matchFulfilled, (state, { payload, meta }) => {
        state.orderId = meta.arg.originalArgs.orderId;
        state.status = payload.payment_status;
        state.canRetry = false;
        state.successMessage = payload.message;
      })
      .addMatcher(endpoints.submitTransactionId.matchRejected, (state, { payload }) => {
        state.errorMessage = payload?.error ?? 'Could not submit the transaction ID';
      });
  },
});

export const { paymentReset, messageClear } = paymentSlice.actions;
export const paymentReducer = paymentSlice.reducer;
