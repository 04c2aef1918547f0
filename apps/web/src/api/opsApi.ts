import type { OperatorProfile, OpsPaymentsResponse, PaymentState } from '@bazaar/shared';
import { bazaarApi } from './bazaarApi';

/** The operators' console (its session is the httpOnly `opsToken` cookie the server sets). */
export const opsApi = bazaarApi.injectEndpoints({
  endpoints: (build) => ({
    getOperator: build.query<{ operator: OperatorProfile }, void>({
      query: () => '/ops/me',
      providesTags: ['OpsSession'],
    }),
    opsLogin: build.mutation<
      { message: string; operator: OperatorProfile },
      { email: string; password: string }
    >({
      query: (body) => ({ path: '/ops/login', method: 'POST', body }),
      invalidatesTags: ['OpsSession', 'OpsPayments'],
    }),
    opsLogout: build.mutation<{ message: string }, void>({
      query: () => '/ops/logout',
      invalidatesTags: ['OpsSession', 'OpsPayments'],
    }),
    /** The verification queue and the recent decisions; the console polls it. */
    getOpsPayments: build.query<OpsPaymentsResponse, PaymentState>({
      query: (status) => `/ops/payments?status=${encodeURIComponent(status)}`,
      providesTags: ['OpsPayments'],
    }),
    /** A decision changes the queue and that order's payment. */
    decidePayment: build.mutation<
      { message: string; payment_status: PaymentState },
      { paymentId: number; orderId: string; action: 'verify' | 'reject'; note: string }
    >({
      query: ({ paymentId, action, note }) => ({
        path: `/ops/payments/${paymentId}/${action}`,
        method: 'POST',
        body: note.trim() ? { note } : {},
      }),
      invalidatesTags: (_result, _error, { orderId }) => [
        'OpsPayments',
        { type: 'Payment', id: orderId },
        { type: 'Order', id: orderId },
      ],
    }),
  }),
});

export const {
  useGetOperatorQuery,
  useLazyGetOperatorQuery,
  useOpsLoginMutation,
  useOpsLogoutMutation,
  useGetOpsPaymentsQuery,
  useDecidePaymentMutation,
} = opsApi;
