import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type {
  DoPaymentResponse,
  OrderConfirmResponse,
  PaymentRejection,
  PaymentState,
  PaymentStatusResponse,
} from '@bazaar/shared';
import { api, rejectBody } from '../../api/client';
import { clearMessages } from '../../app/sliceHelpers';
import { get_card_products } from '../cart/cardSlice';

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

type Rejected = { error: string };
const callOrReject = <T>(call: () => Promise<T>, rejectWithValue: (value: Rejected) => unknown) =>
  call().catch((error: unknown) => rejectWithValue(rejectBody(error)) as never);

/** Starts a payment attempt; the server charges the order total whatever `price` says. */
export const do_payment = createAsyncThunk<
  DoPaymentResponse,
  { price?: number; orderId: string },
  { rejectValue: Rejected }
>('payment/do_payment', ({ price, orderId }, { rejectWithValue }) =>
  callOrReject(() => api.post<DoPaymentResponse>('/payment/do_payment', { price, orderId }), rejectWithValue),
);

export const get_payment_status = createAsyncThunk<PaymentStatusResponse, string, { rejectValue: Rejected }>(
  'payment/get_payment_status',
  (orderId, { rejectWithValue }) =>
    callOrReject(
      () => api.get<PaymentStatusResponse>(`/payment/status/${encodeURIComponent(orderId)}`),
      rejectWithValue,
    ),
);

export const update_transaction_id = createAsyncThunk<
  { message: string; payment_status: PaymentState },
  { orderId: string; transactionId: string },
  { rejectValue: Rejected }
>('payment/update_transaction_id', (body, { rejectWithValue }) =>
  callOrReject(
    () => api.post<{ message: string; payment_status: PaymentState }>('/payment/update-transactionId', body),
    rejectWithValue,
  ),
);

export const remove_from_cart = createAsyncThunk<{ message: string }, string, { rejectValue: Rejected }>(
  'payment/remove_from_cart',
  (orderId, { rejectWithValue }) =>
    callOrReject(
      () => api.post<{ message: string }>('/payment/remove_from_cart', { orderId }),
      rejectWithValue,
    ),
);

/** Once an order is paid its products leave the cart, and the header's bag count is read again. */
export const remove_paid_order_from_cart = createAsyncThunk(
  'payment/remove_paid_order_from_cart',
  async (orderId: string, { dispatch }) => {
    await dispatch(remove_from_cart(orderId));
    await dispatch(get_card_products());
  },
);

/** The confirm page's follow-up once an order is paid. */
export const confirm_order = createAsyncThunk<OrderConfirmResponse, string, { rejectValue: Rejected }>(
  'payment/confirm_order',
  (orderId, { rejectWithValue }) =>
    callOrReject(
      () => api.get<OrderConfirmResponse>(`/order/confirm/${encodeURIComponent(orderId)}`),
      rejectWithValue,
    ),
);

const paymentSlice = createSlice({
  name: 'payment',
  initialState,
  reducers: {
    /** A new payment page starts from a clean slate (status pending, no link). */
    paymentReset: () => initialState,
    messageClear: clearMessages,
  },
  extraReducers: (builder) => {
    builder
      .addCase(do_payment.pending, (state, { meta }) => {
        if (state.orderId !== meta.arg.orderId) Object.assign(state, initialState);
        state.orderId = meta.arg.orderId;
        state.loader = true;
      })
      .addCase(do_payment.fulfilled, (state, { payload }) => {
        state.loader = false;
        state.paymentLink = payload.url;
        state.amount = payload.amount;
        state.appLinks = payload.appLinks;
        state.attemptEndsAt = Date.now() + payload.expiresInSeconds * 1000;
        state.status = 'pending';
      })
      .addCase(do_payment.rejected, (state, { payload }) => {
        state.loader = false;
        state.errorMessage = payload?.error ?? 'Could not start the payment';
      })
      .addCase(get_payment_status.fulfilled, (state, { payload, meta }) => {
        if (state.orderId !== meta.arg) Object.assign(state, initialState, { orderId: meta.arg });
        state.status = payload.payment_status;
        state.canRetry = payload.canRetry;
        state.rejection = payload.rejection ?? null;
        state.closedReason = payload.closedReason ?? '';
      })
      .addCase(update_transaction_id.fulfilled, (state, { payload, meta }) => {
        state.orderId = meta.arg.orderId;
        state.status = payload.payment_status;
        state.canRetry = false;
        state.successMessage = payload.message;
      })
      .addCase(update_transaction_id.rejected, (state, { payload }) => {
        state.errorMessage = payload?.error ?? 'Could not submit the transaction ID';
      });
  },
});

export const { paymentReset, messageClear } = paymentSlice.actions;
export const paymentReducer = paymentSlice.reducer;
