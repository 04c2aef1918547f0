import type {
  CodAvailability,
  CodPlacedResponse,
  DoPaymentResponse,
  OrderConfirmResponse,
  PaymentState,
  PaymentStatusResponse,
} from '@bazaar/shared';
import { bazaarApi } from './bazaarApi';

/** What changed when an order's payment moved: the payment, that order and the order lists and counts. */
const paymentOf = (orderId: string) =>
  [{ type: 'Payment', id: orderId }, { type: 'Order', id: orderId }, 'Orders', 'Dashboard'] as const;

/** UPI payment of an order (spec §7 Payment). The pages poll the status with `pollingInterval`. */
export const paymentsApi = bazaarApi.injectEndpoints({
  endpoints: (build) => ({
    /** Starts a payment attempt; the server charges the order total whatever `price` says. */
    startPayment: build.mutation<DoPaymentResponse, { price?: number; orderId: string }>({
      query: (body) => ({ path: '/payment/do_payment', method: 'POST', body }),
      invalidatesTags: (_result, _error, { orderId }) => [{ type: 'Payment', id: orderId }],
    }),
    getPaymentStatus: build.query<PaymentStatusResponse, string>({
      query: (orderId) => `/payment/status/${encodeURIComponent(orderId)}`,
      providesTags: (_result, _error, orderId) => [{ type: 'Payment', id: orderId }],
    }),
    submitTransactionId: build.mutation<
      { message: string; payment_status: PaymentState },
      { orderId: string; transactionId: string }
    >({
      query: (body) => ({ path: '/payment/update-transactionId', method: 'POST', body }),
      invalidatesTags: (_result, _error, { orderId }) => [...paymentOf(orderId)],
    }),
    /** Once an order is paid its products leave the cart (and the header's bag count is read again). */
    removePaidOrderFromCart: build.mutation<{ message: string }, string>({
      query: (orderId) => ({ path: '/payment/remove_from_cart', method: 'POST', body: { orderId } }),
      invalidatesTags: ['Cart'],
    }),
    /** Whether the order may be paid in cash on delivery (issue 19), and if not why. */
    getCodAvailability: build.query<CodAvailability, string>({
      query: (orderId) => `/payment/cod/${encodeURIComponent(orderId)}`,
      providesTags: (_result, _error, orderId) => [{ type: 'Payment', id: orderId }],
    }),
    /** Places the unpaid order as cash on delivery: it is placed at once, to be paid to the courier. */
    chooseCod: build.mutation<CodPlacedResponse, string>({
      query: (orderId) => ({ path: `/payment/cod/${encodeURIComponent(orderId)}`, method: 'POST' }),
      invalidatesTags: (_result, _error, orderId) => [...paymentOf(orderId), 'Cart'],
    }),
    /** The result pages' follow-up once an order is paid (spec: a GET). */
    confirmOrder: build.mutation<OrderConfirmResponse, string>({
      query: (orderId) => `/order/confirm/${encodeURIComponent(orderId)}`,
      invalidatesTags: (_result, _error, orderId) => [...paymentOf(orderId)],
    }),
  }),
});

export const {
  useStartPaymentMutation,
  useGetPaymentStatusQuery,
  useLazyGetPaymentStatusQuery,
  useSubmitTransactionIdMutation,
  useRemovePaidOrderFromCartMutation,
  useConfirmOrderMutation,
  useGetCodAvailabilityQuery,
  useChooseCodMutation,
} = paymentsApi;
