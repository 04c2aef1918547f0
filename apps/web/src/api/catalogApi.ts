import type {
  BannersResponse,
  CategoriesResponse,
  DeliveryEstimate,
  HomeProductGroupsResponse,
  HomeProductsResponse,
  PriceRangeResponse,
  ProductDetailsResponse,
  ProductQueryResponse,
  ProductReviewsResponse,
  ReviewEligibility,
  SearchSuggestionsResponse,
  ShopResponse,
  SubcategoryGroupsResponse,
  VariantDto,
} from '@bazaar/shared';
import { bazaarApi } from './bazaarApi';

/**
 * The catalogue (spec §7 Catalogue and reviews). Their answers feed the spec's `home` and `banner` store areas.
 * Answers that share a store field with another call (the home's and the listing's `products`, `latest_product`)
 * are asked for again on each visit, so the field always holds the page's own answer.
 */
export const catalogApi = bazaarApi.injectEndpoints({
  endpoints: (build) => ({
    getCategories: build.query<CategoriesResponse, void>({
      query: () => '/home/get-categorys',
      providesTags: ['Catalog'],
    }),
    getSubcategoryGroups: build.query<SubcategoryGroupsResponse, void>({
      query: () => '/home/get_subcategory_newlist',
      providesTags: ['Catalog'],
    }),
    getHomeProductGroups: build.query<HomeProductGroupsResponse, void>({
      query: () => '/home/home-page-product-listing',
      providesTags: ['Catalog'],
    }),
    getHomeProducts: build.query<HomeProductsResponse, void>({
      query: () => '/home/get-products',
      providesTags: ['Catalog'],
    }),
    getPriceRange: build.query<PriceRangeResponse, void>({
      query: () => '/home/price-range-latest-product',
      providesTags: ['Catalog'],
    }),
    /** The spec's query string, as `productQueryString` builds it from the listing's filters. */
    queryProducts: build.query<ProductQueryResponse, string>({
      query: (queryString) => `/home/query-products?${queryString}`,
      providesTags: ['Catalog'],
    }),
    /**
     * The same call for the phone's filter sheet: the count and facets of filters not yet applied. A separate
     * endpoint, so its answers never reach the store area the listing on screen reads.
     */
    previewListing: build.query<ProductQueryResponse, string>({
      query: (queryString) => `/home/query-products?${queryString}`,
      providesTags: ['Catalog'],
    }),
    /** An approved shop's page (issue 16) with one page of its products. */
    getShop: build.query<ShopResponse, { slug: string; page: number }>({
      query: ({ slug, page }) => `/home/shop/${encodeURIComponent(slug)}?pageNumber=${page}`,
      providesTags: ['Catalog'],
    }),
    getProduct: build.query<ProductDetailsResponse, string>({
      query: (slug) => `/home/get-product/${encodeURIComponent(slug)}`,
      providesTags: (result) => (result ? [{ type: 'Product', id: result.product._id }] : []),
    }),
    /**
     * A product's sizes and their stock (issue 15), for the cart's size choice: the product page's answer (the
     * catalogue cache's too), kept out of the `home` store area the product page reads.
     */
    getProductVariants: build.query<VariantDto[], string>({
      query: (slug) => `/home/get-product/${encodeURIComponent(slug)}`,
      transformResponse: (response: ProductDetailsResponse) => response.product.variants,
    }),
    getSearchSuggestions: build.query<SearchSuggestionsResponse, string>({
      query: (value) => `/home/get_search_products?value=${encodeURIComponent(value)}`,
    }),
    getReviews: build.query<ProductReviewsResponse, { productId: number; pageNumber: number }>({
      query: ({ productId, pageNumber }) => `/home/customer/get-reviews/${productId}?pageNo=${pageNumber}`,
      providesTags: (_result, _error, { productId }) => [{ type: 'Reviews', id: productId }],
    }),
    /** Whether the signed-in customer may review the product (only verified buyers, once). */
    getReviewEligibility: build.query<ReviewEligibility, number>({
      query: (productId) => `/home/customer/review-eligibility/${productId}`,
      providesTags: (_result, _error, productId) => [{ type: 'Reviews', id: productId }],
    }),
    /** A review changes the product's reviews, its rating and whether the customer may review it again. */
    submitReview: build.mutation<{ message: string }, { productId: number; rating: number; review: string }>({
      query: (body) => ({ path: '/home/customer/submit-review', method: 'POST', body }),
      invalidatesTags: (_result, _error, { productId }) => [
        { type: 'Reviews', id: productId },
        { type: 'Product', id: productId },
      ],
    }),
    /** The product page's pincode check: whether the product's seller delivers there, and by when. */
    getDeliveryEstimate: build.query<DeliveryEstimate, { productId: number; pincode: string }>({
      query: ({ productId, pincode }) => `/home/delivery-estimate?productId=${productId}&pincode=${pincode}`,
    }),
    /** Spec: a failure passes the error body on as the rejection, with no user message. */
    getBanners: build.query<BannersResponse, void>({
      query: () => '/getallbannerItems',
      providesTags: ['Catalog'],
    }),
  }),
});

export const {
  useGetCategoriesQuery,
  useGetSubcategoryGroupsQuery,
  useGetHomeProductGroupsQuery,
  useGetHomeProductsQuery,
  useGetPriceRangeQuery,
  usePreviewListingQuery,
  useGetProductQuery,
  useGetShopQuery,
  useGetProductVariantsQuery,
  useGetReviewsQuery,
  useGetReviewEligibilityQuery,
  useSubmitReviewMutation,
  useGetDeliveryEstimateQuery,
  useGetBannersQuery,
} = catalogApi;
