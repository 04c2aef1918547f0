import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { api, rejectBody } from '../api/client';
import { clearMessages, errorOf } from './sliceHelpers';
import type {
  Category,
  PriceRange,
  Product,
  ProductGroup,
  RatingBucket,
  Review,
  SearchItem,
  SubcategoryGroup,
} from '../types/catalog';

/**
 * The spec's `home` store area: the catalogue as the home, listing and product pages and the header read it. It is
 * shared by those features, so it lives with the store rather than inside one of them.
 */
export interface HomeState {
  categorys: Category[];
  gkSubcategory: SubcategoryGroup[];
  gkProducts: ProductGroup[];
  products: Product[];
  totalProduct: number;
  /** A broad search counts its matches only up to a cap: true when there are more than `totalProduct`. */
  totalProductCapped: boolean;
  parPage: number;
  latest_product: Product[][];
  topRated_product: Product[][];
  discount_product: Product[][];
  priceRange: PriceRange;
  product: Product | null;
  relatedProducts: Product[];
  moreProducts: Product[];
  similarProducts: Product[];
  totalReview: number;
  rating_review: RatingBucket[];
  reviews: Review[];
  homeSearch: SearchItem[];
  sidebarExpand: boolean;
  /** Loading flags so pages can show skeletons. */
  /** Pages read these before their first response arrives, so the page-load ones start true. */
  loading: {
    products: boolean;
    product: boolean;
    home: boolean;
    lists: boolean;
    subcategories: boolean;
    reviews: boolean;
    priceRange: boolean;
    search: boolean;
  };
  errorMessage: string;
  successMessage: string;
}

const initialState: HomeState = {
  categorys: [],
  gkSubcategory: [],
  gkProducts: [],
  products: [],
  totalProduct: 0,
  totalProductCapped: false,
  parPage: 4,
  latest_product: [],
  topRated_product: [],
  discount_product: [],
  priceRange: { low: 0, high: 100 },
  product: null,
  relatedProducts: [],
  moreProducts: [],
  similarProducts: [],
  totalReview: 0,
  rating_review: [],
  reviews: [],
  homeSearch: [],
  sidebarExpand: false,
  loading: {
    products: true,
    product: true,
    home: true,
    lists: true,
    subcategories: true,
    reviews: true,
    priceRange: true,
    search: false,
  },
  errorMessage: '',
  successMessage: '',
};

export const get_category = createAsyncThunk('home/get_category', (_: void, { rejectWithValue }) =>
  api.get<{ categorys: Category[] }>('/home/get-categorys').catch((e) => rejectWithValue(rejectBody(e))),
);

export const get_subcategory_newlist = createAsyncThunk(
  'home/get_subcategory_newlist',
  (_: void, { rejectWithValue }) =>
    api
      .get<{ gkSubcategory: SubcategoryGroup[] }>('/home/get_subcategory_newlist')
      .catch((e) => rejectWithValue(rejectBody(e))),
);

export const home_page_product_listing = createAsyncThunk(
  'home/home_page_product_listing',
  (_: void, { rejectWithValue }) =>
    api
      .get<{ gkProducts: ProductGroup[] }>('/home/home-page-product-listing')
      .catch((e) => rejectWithValue(rejectBody(e))),
);

export const get_products = createAsyncThunk('home/get_products', (_: void, { rejectWithValue }) =>
  api
    .get<{
      products: Product[];
      latest_product: Product[][];
      topRated_product: Product[][];
      discount_product: Product[][];
    }>('/home/get-products')
    .catch((e) => rejectWithValue(rejectBody(e))),
);

export const price_range_product = createAsyncThunk(
  'home/price_range_product',
  (_: void, { rejectWithValue }) =>
    api
      .get<{ latest_product: Product[][]; priceRange: PriceRange }>('/home/price-range-latest-product')
      .catch((e) => rejectWithValue(rejectBody(e))),
);

export const query_products = createAsyncThunk(
  'home/query_products',
  /** The spec's query string, as `productQueryString` builds it from the filters. */
  (queryString: string, { rejectWithValue, signal }) =>
    api
      .get<{ products: Product[]; totalProduct: number; parPage: number; totalProductCapped?: boolean }>(
        `/home/query-products?${queryString}`,
        {
          signal,
        },
      )
      .catch((e) => rejectWithValue(rejectBody(e))),
);

export const product_details = createAsyncThunk('home/product_details', (slug: string, { rejectWithValue }) =>
  api
    .get<{
      product: Product;
      relatedProducts: Product[];
      similarProducts: Product[];
      moreProducts: Product[];
    }>(`/home/get-product/${encodeURIComponent(slug)}`)
    .catch((e) => rejectWithValue(rejectBody(e))),
);

export const get_search_products = createAsyncThunk(
  'home/get_search_products',
  (value: string, { rejectWithValue }) =>
    api
      .get<{ homeSearch: SearchItem[] }>(`/home/get_search_products?value=${encodeURIComponent(value)}`)
      .catch((e) => rejectWithValue(rejectBody(e))),
);

export const get_reviews = createAsyncThunk(
  'home/get_reviews',
  ({ productId, pageNumber }: { productId: number; pageNumber: number }, { rejectWithValue }) =>
    api
      .get<{ reviews: Review[]; totalReview: number; rating_review: RatingBucket[] }>(
        `/home/customer/get-reviews/${productId}?pageNo=${pageNumber}`,
      )
      .catch((e) => rejectWithValue(rejectBody(e))),
);

export const customer_review = createAsyncThunk(
  'home/customer_review',
  (info: { productId: number; rating: number; review: string; name?: string }, { rejectWithValue }) =>
    api
      .post<{ message: string }>('/home/customer/submit-review', info)
      .catch((e) => rejectWithValue(rejectBody(e))),
);

const homeSlice = createSlice({
  name: 'home',
  initialState,
  reducers: {
    messageClear: clearMessages,
    toggleSidebar(state) {
      state.sidebarExpand = !state.sidebarExpand;
    },
    setSidebarExpand(state, action: PayloadAction<boolean>) {
      state.sidebarExpand = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(get_category.fulfilled, (state, { payload }) => {
        state.categorys = payload.categorys;
      })
      .addCase(get_subcategory_newlist.pending, (state) => {
        state.loading.subcategories = true;
      })
      .addCase(get_subcategory_newlist.fulfilled, (state, { payload }) => {
        state.gkSubcategory = payload.gkSubcategory;
        state.loading.subcategories = false;
      })
      .addCase(get_subcategory_newlist.rejected, (state) => {
        state.loading.subcategories = false;
      })
      .addCase(home_page_product_listing.pending, (state) => {
        state.loading.home = true;
      })
      .addCase(home_page_product_listing.fulfilled, (state, { payload }) => {
        state.gkProducts = payload.gkProducts;
        state.loading.home = false;
      })
      .addCase(home_page_product_listing.rejected, (state) => {
        state.loading.home = false;
      })
      .addCase(get_products.pending, (state) => {
        state.loading.lists = true;
      })
      .addCase(get_products.fulfilled, (state, { payload }) => {
        state.products = payload.products;
        state.latest_product = payload.latest_product;
        state.topRated_product = payload.topRated_product;
        state.discount_product = payload.discount_product;
        state.loading.lists = false;
      })
      .addCase(get_products.rejected, (state) => {
        state.loading.lists = false;
      })
      .addCase(price_range_product.pending, (state) => {
        state.loading.priceRange = true;
      })
      .addCase(price_range_product.fulfilled, (state, { payload }) => {
        state.latest_product = payload.latest_product;
        state.priceRange = payload.priceRange;
        state.loading.priceRange = false;
      })
      .addCase(price_range_product.rejected, (state) => {
        state.loading.priceRange = false;
      })
      .addCase(query_products.pending, (state) => {
        state.loading.products = true;
      })
      .addCase(query_products.fulfilled, (state, { payload }) => {
        state.products = payload.products;
        state.totalProduct = payload.totalProduct;
        state.totalProductCapped = payload.totalProductCapped ?? false;
        state.parPage = payload.parPage;
        state.loading.products = false;
      })
      .addCase(query_products.rejected, (state, { payload, meta }) => {
        // An aborted request was superseded by a newer one, which owns the loading flag now.
        if (meta.aborted) return;
        state.loading.products = false;
        state.errorMessage = errorOf(payload);
      })
      .addCase(product_details.pending, (state) => {
        state.loading.product = true;
      })
      .addCase(product_details.fulfilled, (state, { payload }) => {
        state.product = payload.product;
        state.relatedProducts = payload.relatedProducts;
        state.similarProducts = payload.similarProducts;
        state.moreProducts = payload.moreProducts;
        state.loading.product = false;
      })
      .addCase(product_details.rejected, (state, { payload }) => {
        state.product = null;
        state.loading.product = false;
        state.errorMessage = errorOf(payload);
      })
      .addCase(get_search_products.pending, (state) => {
        state.loading.search = true;
      })
      .addCase(get_search_products.fulfilled, (state, { payload }) => {
        state.homeSearch = payload.homeSearch;
        state.loading.search = false;
      })
      .addCase(get_search_products.rejected, (state) => {
        state.loading.search = false;
      })
      .addCase(get_reviews.pending, (state) => {
        state.loading.reviews = true;
      })
      .addCase(get_reviews.fulfilled, (state, { payload }) => {
        state.reviews = payload.reviews;
        state.totalReview = payload.totalReview;
        state.rating_review = payload.rating_review;
        state.loading.reviews = false;
      })
      .addCase(get_reviews.rejected, (state) => {
        state.loading.reviews = false;
      })
      .addCase(customer_review.fulfilled, (state, { payload }) => {
        state.successMessage = payload.message;
      })
      .addCase(customer_review.rejected, (state, { payload }) => {
        state.errorMessage = errorOf(payload);
      });
  },
});

export const { messageClear, toggleSidebar, setSidebarExpand } = homeSlice.actions;
export const homeReducer = homeSlice.reducer;
