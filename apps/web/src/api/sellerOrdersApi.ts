import type {
  ChangeSellerOrderStatusInput,
  ChangeSellerOrderStatusResponse,
  EarningsResponse,
  SellerOrderFilter,
  SellerOrderListResponse,
  SellerOrderResponse,
} from '@bazaar/shared';
import { bazaarApi } from './bazaarApi';

/** The range of order dates of the earnings (YYYY-MM-DD, India days; either may be open). */
export interface EarningsRange {
  from?: string;
  to?: string;
}

/** The query string of an earnings call, for the page's read and its CSV download alike. */
export function earningsSearch({ from, to }: EarningsRange, page?: number): string {
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (page && page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The seller center's orders and earnings (issue 16), in the seller's console session. */
export const sellerOrdersApi = bazaarApi.injectEndpoints({
  endpoints: (build) => ({
    getSellerOrders: build.query<SellerOrderListResponse, { status: SellerOrderFilter; page: number }>({
      query: ({ status, page }) => `/seller/orders?status=${status}&page=${page}`,
      providesTags: ['SellerOrders'],
    }),
    getSellerOrder: build.query<SellerOrderResponse, number>({
      query: (id) => `/seller/orders/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'SellerOrders', id }],
    }),
    /** A change moves the part between tabs and may change the earnings (a cancellation leaves them). */
    changeSellerOrderStatus: build.mutation<
      ChangeSellerOrderStatusResponse,
      { id: number; change: ChangeSellerOrderStatusInput }
    >({
      query: ({ id, change }) => ({ path: `/seller/orders/${id}/status`, method: 'POST', body: change }),
      invalidatesTags: ['SellerOrders', 'SellerEarnings'],
    }),
    /** Issue 19: the cash of a COD part is in (a shipped part is delivered with it); it counts in the earnings. */
    collectCash: build.mutation<ChangeSellerOrderStatusResponse, number>({
      query: (id) => ({ path: `/seller/orders/${id}/cash-collected`, method: 'POST' }),
      invalidatesTags: ['SellerOrders', 'SellerEarnings'],
    }),
    getEarnings: build.query<EarningsResponse, EarningsRange & { page: number }>({
      query: ({ page, ...range }) => `/seller/earnings${earningsSearch(range, page)}`,
      providesTags: ['SellerEarnings'],
    }),
  }),
});

export const {
  useGetSellerOrdersQuery,
  useGetSellerOrderQuery,
  useChangeSellerOrderStatusMutation,
  useCollectCashMutation,
  useGetEarningsQuery,
} = sellerOrdersApi;

/**
 * Where the browser downloads a part's packing slip, its GST tax invoice and the earnings CSV (the console cookie
 * goes along).
 */
export const packingSlipUrl = (id: number) => `/api/seller/orders/${id}/packing-slip`;
export const taxInvoiceUrl = (id: number) => `/api/seller/orders/${id}/invoice`;
export const earningsCsvUrl = (range: EarningsRange) => `/api/seller/earnings/export${earningsSearch(range)}`;
