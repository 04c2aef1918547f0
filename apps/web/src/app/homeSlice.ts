import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  CategoryDto,
  ListingFacets,
  PriceRangeDto,
  ProductDetailsDto,
  ProductDto,
  ProductGroupDto,
  RatingBucketDto,
  ReviewDto,
  SearchItemDto,
  SubcategoryGroupDto,
} from '@bazaar/shared';
import { catalogApi } from '../api/catalogApi';
import { clearMessages, errorOf, isCallFailure } from './sliceHelpers';

/**
 * The spec's `home` store area: the catalogue as the home, listing and product pages and the header read it. It is
 * shared by those features, so it lives with the store rather than inside one of them. Fed from the catalogue
 * endpoints (api/catalogApi.ts).
 */
export interface HomeState {
  categorys: CategoryDto[];
  gkSubcategory: SubcategoryGroupDto[];
  gkProducts: ProductGroupDto[];
  products: ProductDto[];
  totalProduct: number;
  /** A broad search counts its matches only up to a cap: true when there are more than `totalProduct`. */
  totalProductCapped: boolean;
  parPage: number;
  /** The listing's facet counts (issue 15), with the products they count; null before the first answer. */
  facets: ListingFacets | null;
  latest_product: ProductDto[][];
  topRated_product: ProductDto[][];
  discount_product: ProductDto[][];
  priceRange: PriceRangeDto;
  product: ProductDetailsDto | null;
  relatedProducts: ProductDto[];
  moreProducts: ProductDto[];
  similarProducts: ProductDto[];
  totalReview: number;
  rating_review: RatingBucketDto[];
  reviews: ReviewDto[];
  homeSearch: SearchItemDto[];
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
  facets: null,
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

const { endpoints } = catalogApi;

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
      .addMatcher(endpoints.getCategories.matchFulfilled, (state, { payload }) => {
        state.categorys = payload.categorys;
      })
      .addMatcher(endpoints.getSubcategoryGroups.matchPending, (state) => {
        state.loading.subcategories = true;
      })
      .addMatcher(endpoints.getSubcategoryGroups.matchFulfilled, (state, { payload }) => {
        state.gkSubcategory = payload.gkSubcategory;
        state.loading.subcategories = false;
      })
      .addMatcher(endpoints.getSubcategoryGroups.matchRejected, (state, action) => {
        if (isCallFailure(action)) state.loading.subcategories = false;
      })
      .addMatcher(endpoints.getHomeProductGroups.matchPending, (state) => {
        state.loading.home = true;
      })
      .addMatcher(endpoints.getHomeProductGroups.matchFulfilled, (state, { payload }) => {
        state.gkProducts = payload.gkProducts;
        state.loading.home = false;
      })
      .addMatcher(endpoints.getHomeProductGroups.matchRejected, (state, action) => {
        if (isCallFailure(action)) state.loading.home = false;
      })
      .addMatcher(endpoints.getHomeProducts.matchPending, (state) => {
        state.loading.lists = true;
      })
      .addMatcher(endpoints.getHomeProducts.matchFulfilled, (state, { payload }) => {
        state.products = payload.products;
        state.latest_product = payload.latest_product;
        state.topRated_product = payload.topRated_product;
        state.discount_product = payload.discount_product;
        state.loading.lists = false;
      })
      .addMatcher(endpoints.getHomeProducts.matchRejected, (state, action) => {
        if (isCallFailure(action)) state.loading.lists = false;
      })
      .addMatcher(endpoints.getPriceRange.matchPending, (state) => {
        state.loading.priceRange = true;
      })
      .addMatcher(endpoints.getPriceRange.matchFulfilled, (state, { payload }) => {
        state.latest_product = payload.latest_product;
        state.priceRange = payload.priceRange;
        state.loading.priceRange = false;
      })
      .addMatcher(endpoints.getPriceRange.matchRejected, (state, action) => {
        if (isCallFailure(action)) state.loading.priceRange = false;
      })
      .addMatcher(endpoints.queryProducts.matchPending, (state) => {
        state.loading.products = true;
      })
      .addMatcher(endpoints.queryProducts.matchFulfilled, (state, { payload }) => {
        state.products = payload.products;
        state.totalProduct = payload.totalProduct;
        state.totalProductCapped = payload.totalProductCapped ?? false;
        state.parPage = payload.parPage;
        state.facets = payload.facets ?? null;
        state.loading.products = false;
      })
      .addMatcher(endpoints.queryProducts.matchRejected, (state, action) => {
        // An aborted request was superseded by a newer one, which owns the loading flag now.
        if (!isCallFailure(action) || action.meta.aborted) return;
        state.loading.products = false;
        state.errorMessage = errorOf(action.payload);
      })
      .addMatcher(endpoints.getProduct.matchPending, (state) => {
        state.loading.product = true;
      })
      .addMatcher(endpoints.getProduct.matchFulfilled, (state, { payload }) => {
        state.product = payload.product;
        state.relatedProducts = payload.relatedProducts;
        state.similarProducts = payload.similarProducts;
        state.moreProducts = payload.moreProducts;
        state.loading.product = false;
      })
      .addMatcher(endpoints.getProduct.matchRejected, (state, action) => {
        if (!isCallFailure(action)) return;
        state.product = null;
        state.loading.product = false;
        state.errorMessage = errorOf(action.payload);
      })
      .addMatcher(endpoints.getSearchSuggestions.matchPending, (state) => {
        state.loading.search = true;
      })
      .addMatcher(endpoints.getSearchSuggestions.matchFulfilled, (state, { payload }) => {
        state.homeSearch = payload.homeSearch;
        state.loading.search = false;
      })
      .addMatcher(endpoints.getSearchSuggestions.matchRejected, (state, action) => {
        if (isCallFailure(action)) state.loading.search = false;
      })
      .addMatcher(endpoints.getReviews.matchPending, (state) => {
        state.loading.reviews = true;
      })
      .addMatcher(endpoints.getReviews.matchFulfilled, (state, { payload }) => {
        state.reviews = payload.reviews;
        state.totalReview = payload.totalReview;
        state.rating_review = payload.rating_review;
        state.loading.reviews = false;
      })
      .addMatcher(endpoints.getReviews.matchRejected, (state, action) => {
        if (isCallFailure(action)) state.loading.reviews = false;
      })
      .addMatcher(endpoints.submitReview.matchFulfilled, (state, { payload }) => {
        state.successMessage = payload.message;
      })
      .addMatcher(endpoints.submitReview.matchRejected, (state, { payload }) => {
        state.errorMessage = errorOf(payload);
      });
  },
});

export const { messageClear, toggleSidebar, setSidebarExpand } = homeSlice.actions;
export const homeReducer = homeSlice.reducer;
