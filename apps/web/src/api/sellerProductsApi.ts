import type {
  ImportResponse,
  SellerProductDeleteResponse,
  SellerProductInput,
  SellerProductListParams,
  SellerProductListResponse,
  SellerProductResponse,
} from '@bazaar/shared';
import { bazaarApi } from './bazaarApi';

/** The list's URL query: only the filters that are set, so equal filters share one cache entry. */
function listQuery(params: SellerProductListParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * The seller center's catalogue (issue 16). A save or delete makes the list stale (a product may enter or leave
 * any filter) and that product's own answer; an import may touch any product.
 */
export const sellerProductsApi = bazaarApi.injectEndpoints({
  endpoints: (build) => ({
    getSellerProducts: build.query<SellerProductListResponse, SellerProductListParams>({
      query: (params) => `/seller/products${listQuery(params)}`,
      providesTags: ['SellerProducts'],
    }),
    getSellerProduct: build.query<SellerProductResponse, number>({
      query: (id) => `/seller/products/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'SellerProduct', id }],
    }),
    createSellerProduct: build.mutation<SellerProductResponse, SellerProductInput>({
      query: (body) => ({ path: '/seller/products', method: 'POST', body }),
      invalidatesTags: ['SellerProducts'],
    }),
    updateSellerProduct: build.mutation<SellerProductResponse, { id: number; body: SellerProductInput }>({
      query: ({ id, body }) => ({ path: `/seller/products/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => ['SellerProducts', { type: 'SellerProduct', id }],
    }),
    deleteSellerProduct: build.mutation<SellerProductDeleteResponse, number>({
      query: (id) => ({ path: `/seller/products/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => ['SellerProducts', { type: 'SellerProduct', id }],
    }),
    /** The CSV file's text, sent as a JSON string (the route also takes the file itself as text/csv). */
    importSellerProducts: build.mutation<ImportResponse, string>({
      query: (csv) => ({ path: '/seller/products/import', method: 'POST', body: csv }),
      invalidatesTags: ['SellerProducts', 'SellerProduct'],
    }),
  }),
});

/** Where the browser downloads the CSV export (a plain link: the seller's cookie goes with it). */
export const SELLER_PRODUCTS_EXPORT_URL = '/api/seller/products/export';

export const {
  useGetSellerProductsQuery,
  useGetSellerProductQuery,
  useCreateSellerProductMutation,
  useUpdateSellerProductMutation,
  useDeleteSellerProductMutation,
  useImportSellerProductsMutation,
} = sellerProductsApi;
