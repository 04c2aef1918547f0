import type {
  AdminRefundListResponse,
  CancelOrderInput,
  CancelOrderResponse,
  ChangeReturnStateInput,
  CustomerRefundsResponse,
  RecordRefundResponse,
  RefundState,
  ReturnPhotoResponse,
  ReturnRequestInput,
  ReturnRequestResponse,
  ReturnResponse,
  SellerReturnFilter,
  SellerReturnListResponse,
} from '@bazaar/shared';
import { bazaarApi } from './bazaarApi';
import { uploadFile } from './uploadFile';

/**
 * Cancellations, returns and refunds (issue 19): the shopper's cancel and return requests and refunds, the seller
 * center's returns and the operators' refund queue.
 */
export const returnsApi = bazaarApi.injectEndpoints({
  endpoints: (build) => ({
    /** A cancellation changes the order, the lists, the dashboard's counts and may owe a refund. */
    cancelOrder: build.mutation<CancelOrderResponse, { orderId: string } & CancelOrderInput>({
      query: ({ orderId, ...body }) => ({
        path: `/home/customer/cancel-order/${encodeURIComponent(orderId)}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { orderId }) => [
        { type: 'Order', id: orderId },
        'Orders',
        'Dashboard',
        'Refunds',
      ],
    }),
    requestReturn: build.mutation<ReturnRequestResponse, { orderId: string } & ReturnRequestInput>({
      query: ({ orderId, ...body }) => ({
        path: `/home/customer/return-request/${encodeURIComponent(orderId)}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { orderId }) => [{ type: 'Order', id: orderId }],
    }),
    /** Removes a photo the shopper uploaded for a return but has not sent (nothing cached shows it). */
    deleteReturnPhoto: build.mutation<{ message: string }, number>({
      query: (photoId) => ({ path: `/home/customer/return-photos/${photoId}`, method: 'DELETE' }),
    }),
    /** The shopper's refunds, every order's or one order's (Order Details). */
    getRefunds: build.query<CustomerRefundsResponse, string | void>({
      query: (orderId) =>
        orderId ? `/home/customer/refunds?orderId=${encodeURIComponent(orderId)}` : '/home/customer/refunds',
      providesTags: ['Refunds'],
    }),

    getSellerReturns: build.query<SellerReturnListResponse, { state: SellerReturnFilter; page: number }>({
      query: ({ state, page }) => `/seller/returns?state=${state}&page=${page}`,
      providesTags: ['SellerReturns'],
    }),
    changeReturnState: build.mutation<ReturnResponse, { id: number; change: ChangeReturnStateInput }>({
      query: ({ id, change }) => ({ path: `/seller/returns/${id}/state`, method: 'POST', body: change }),
      invalidatesTags: ['SellerReturns'],
    }),
    restockReturn: build.mutation<ReturnResponse, number>({
      query: (id) => ({ path: `/seller/returns/${id}/restock`, method: 'POST', body: {} }),
      invalidatesTags: ['SellerReturns', 'SellerProducts'],
    }),

    getAdminRefunds: build.query<AdminRefundListResponse, { state: RefundState | 'all'; page: number }>({
      query: ({ state, page }) => `/admin/refunds?state=${state}&page=${page}`,
      providesTags: ['AdminRefunds'],
    }),
    recordRefund: build.mutation<RecordRefundResponse, { refundId: number; reference: string }>({
      query: ({ refundId, reference }) => ({
        path: `/admin/refunds/${refundId}/record`,
        method: 'POST',
        body: { reference },
      }),
      invalidatesTags: ['AdminRefunds', 'AdminAudit'],
    }),
  }),
});

export const {
  useCancelOrderMutation,
  useRequestReturnMutation,
  useDeleteReturnPhotoMutation,
  useGetRefundsQuery,
  useGetSellerReturnsQuery,
  useChangeReturnStateMutation,
  useRestockReturnMutation,
  useGetAdminRefundsQuery,
  useRecordRefundMutation,
} = returnsApi;

/** Uploads a photo for a return the shopper is about to send (see uploadFile); its `_id` goes in `photoIds`. */
export const uploadReturnPhoto = (file: File, onProgress: (fraction: number) => void) =>
  uploadFile<ReturnPhotoResponse>('/api/home/customer/return-photos', file, onProgress, (body) =>
    body.photo ? { photo: body.photo } : undefined,
  );
