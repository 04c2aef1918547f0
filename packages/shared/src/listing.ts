/*
 * The shop listing's URLs and the catalogue request each one makes. The web app reads its filters from the URL, and
 * the server reads the same URL to preload what the page will show first, so both use this module. Zod-free, like
 * limits.ts: the web app runs it before its first paint (`@bazaar/shared/listing`).
 */
import { SORT_PRICE_VALUES, type SortPrice as ServerSortPrice } from './limits';

/** The routes showing the shop listing (spec §2: /shops, and the /products variants). */
export const LISTING_PATHS: readonly string[] = ['/shops', '/products', '/products/search'];

/**
 * The shop listing keeps every filter in the URL so back/forward, reload and shared links show the same list.
 * URL names: category, rating, low, high, sort, page, value (the search text), view.
 */
export type SortPrice = ServerSortPrice | '';
export type ShopView = 'grid' | 'list';

export interface ShopFilters {
  category: string;
  rating: number | '';
  low: number | undefined;
  high: number | undefined;
  sortPrice: SortPrice;
  pageNumber: number;
  searchValue: string;
  view: ShopView;
}

/** What this module reads of a URL's query string (a `URLSearchParams` in the browser and in Node). */
export interface QueryParams {
  get(name: string): string | null;
}

function wholeNumber(raw: string | null, min: number): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isInteger(value) && value >= min ? value : undefined;
}

/** Reads the filters from the URL; anything malformed falls back to "no filter" rather than breaking the page. */
export function readShopFilters(params: QueryParams): ShopFilters {
  const rating = wholeNumber(params.get('rating'), 1);
  const sort = params.get('sort');
  return {
    category: params.get('category')?.trim() ?? '',
    rating: rating !== undefined && rating <= 5 ? rating : '',
    low: wholeNumber(params.get('low'), 0),
    high: wholeNumber(params.get('high'), 0),
    sortPrice: SORT_PRICE_VALUES.some((value) => value === sort) ? (sort as SortPrice) : '',
    pageNumber: wholeNumber(params.get('page'), 1) ?? 1,
    searchValue: params.get('value')?.trim() ?? '',
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** Spec §3 "Product list query": the listing's filters as the page asks for them (sent as productQueryString). */
export interface ProductListQuery {
  low: number;
  high: number;
  category: string;
  rating: number | '';
  sortPrice: SortPrice;
  pageNumber: number;
  searchValue: string;
}

/** The listing request for these filters (spec §7 names). */
export function productQueryFor(filters: ShopFilters): Partial<ProductListQuery> {
  return {
    category: filters.category,
    rating: filters.rating,
    low: filters.low,
    high: filters.high,
    sortPrice: filters.sortPrice,
    pageNumber: filters.pageNumber,
    searchValue: filters.searchValue,
  };
}

/** Builds the spec's query string: category, rating, lowPrice, highPrice, sortPrice, pageNumber, searchValue. */
export function productQueryString(query: Partial<ProductListQuery>): string {
  const params: string[] = [];
  // Form encoding, as URLSearchParams writes it (this package has no DOM or Node types to name that class).
  const set = (name: string, value: string | number) =>
    params.push(`${name}=${encodeURIComponent(value).replace(/%20/g, '+')}`);
  if (query.category) set('category', query.category);
  if (query.rating) set('rating', query.rating);
  if (query.low !== undefined) set('lowPrice', query.low);
  if (query.high !== undefined) set('highPrice', query.high);
  if (query.sortPrice) set('sortPrice', query.sortPrice);
  set('pageNumber', query.pageNumber ?? 1);
  if (query.searchValue) set('searchValue', query.searchValue);
  return params.join('&');
}

/** The API path (under /api) of the listing request for these filters. */
export function listingRequestPath(filters: ShopFilters): string {
  return `/home/query-products?${productQueryString(productQueryFor(filters))}`;
}
