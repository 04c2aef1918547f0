import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { ApiError, apiRequest, rejectBody } from './client';

/**
 * The one RTK Query API slice of the app: every call to the server goes through it. Each area's endpoints are
 * injected from their own file next to this one (cartApi.ts, ordersApi.ts, …), so a page's chunk carries only the
 * endpoints it uses. Store areas the spec names (card, order, dashboard, payment, …) stay, fed from these
 * endpoints by their slices' extraReducers.
 */

/** A call: a GET path, or the method, path, JSON body and extra headers (e.g. Idempotency-Key). */
export type ApiCallArgs =
  string | { path: string; method?: string; body?: unknown; headers?: Record<string, string> };

/** What a failed call leaves in `error`: the HTTP status (0 when the network failed) and the server's body. */
export interface ApiFailure {
  status: number;
  error: string;
  [key: string]: unknown;
}

/**
 * Runs calls through api/client.ts, so every one keeps its behaviour there: cookies, JSON, the stored session
 * token, the early listing request, and the shopper's session ending on a 401.
 */
const apiBaseQuery: BaseQueryFn<ApiCallArgs, unknown, ApiFailure> = async (args, { signal }) => {
  const { path, method = 'GET', body, headers } = typeof args === 'string' ? { path: args } : args;
  // Changes without a body of their own send `{}`, as the server's JSON routes expect.
  const sent = body ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
  try {
    return { data: await apiRequest(method, path, sent, { signal, ...(headers ? { headers } : {}) }) };
  } catch (error) {
    return { error: { status: error instanceof ApiError ? error.status : 0, ...rejectBody(error) } };
  }
};

/** The tags of what belongs to the signed-in shopper: a sign-in or sign-out makes all of them stale. */
export const SHOPPER_TAGS = [
  'Cart',
  'Wishlist',
  'Orders',
  'Order',
  'Payment',
  'Addresses',
  'Dashboard',
  'Refunds',
] as const;

/** What a cached answer is about; a change invalidates the tags of what it changed. */
export const API_TAGS = [
  ...SHOPPER_TAGS,
  'Product',
  'Reviews',
  'Catalog',
  'OpsPayments',
  'OpsSession',
  'SellerSession',
  'SellerConversations',
  // The seller center's catalogue: the list (every page and filter) and each product by id.
  'SellerProducts',
  'SellerProduct',
  // The seller center's orders (the lists and each part by id) and earnings.
  'SellerOrders',
  'SellerEarnings',
  // One product's photos in the seller center, by product id.
  'SellerProductPhotos',
  // The admin console: the seller queue (every tab and search) and the audit log.
  'AdminSellers',
  'AdminAudit',
  // The admin console's category tree and banners.
  'AdminCategories',
  'AdminBanners',
  // The GST rate of each HSN code, which tax invoices use.
  'AdminTaxRates',
  // Issue 19: the seller center's returns and the operators' refund queue.
  'SellerReturns',
  'AdminRefunds',
  // The admin console's customers (every search and each customer's detail).
  'AdminCustomers',
  // The marketplace's settings (cash on delivery's limit and fee).
  'AdminSettings',
  // The notification outbox in the admin console (every state, kind and recipient filter).
  'AdminNotifications',
] as const;

export const bazaarApi = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: API_TAGS,
  endpoints: () => ({}),
});

/** The server's words for a failed call (an unwrapped endpoint's failure), or `fallback` when no answer came. */
export function failureMessage(error: unknown, fallback = 'Something went wrong'): string {
  const failure = error as Partial<ApiFailure> | undefined;
  return failure?.status && failure.error ? failure.error : fallback;
}

/** The HTTP status of a failed call (an unwrapped endpoint's failure), 0 when no answer came. */
export function failureStatus(error: unknown): number {
  return (error as Partial<ApiFailure> | undefined)?.status ?? 0;
}
