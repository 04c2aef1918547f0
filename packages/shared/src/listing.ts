/*
 * The shop listing's URLs and the catalogue request each one makes. The web app reads its filters from the URL, and
 * the server reads the same URL to preload what the page will show first, so both use this module. Zod-free, like
 * limits.ts: the web app runs it before its first paint (`@bazaar/shared/listing`).
 */
import {
  DISCOUNT_STEPS,
  LISTING_SORTS,
  MAX_FACET_FILTER_VALUES,
  SORT_PRICE_VALUES,
  type ListingSort,
  type SortPrice as ServerSortPrice,
} from './limits';

/** The routes showing the shop listing (spec §2: /shops, and the /products variants). */
export const LISTING_PATHS: readonly string[] = ['/shops', '/products', '/products/search'];

/**
 * The shop listing keeps every filter in the URL so back/forward, reload and shared links show the same list.
 * URL names: category, rating, low, high, sort, page, value (the search text), view, and the facets brand, size,
 * colour (comma-separated values) and discount (a minimum percent).
 */
export type SortPrice = ServerSortPrice | '';
/**
 * The URL's `sort`: '' (the default: best matches for a search, else newest), the spec's two price sorts under
 * their spec names, or one of the other listing sorts (issue 15). Without a search `newest` is the default order,
 * so `readShopFilters` reads it as '' there.
 */
export type ShopSort = SortPrice | Exclude<ListingSort, 'price-asc' | 'price-desc'>;
export const SHOP_SORTS: readonly Exclude<ShopSort, ''>[] = [
  ...LISTING_SORTS.filter(
    (sort): sort is Exclude<ListingSort, 'price-asc' | 'price-desc'> =>
      sort !== 'price-asc' && sort !== 'price-desc',
  ),
  ...SORT_PRICE_VALUES,
];
export type ShopView = 'grid' | 'list';

export interface ShopFilters {
  category: string;
  rating: number | '';
  low: number | undefined;
  high: number | undefined;
  sort: ShopSort;
  pageNumber: number;
  searchValue: string;
  view: ShopView;
  /** Facet filters: sorted, without repeats (so every spelling of a URL makes one request). */
  brands: string[];
  sizes: string[];
  colours: string[];
  discount: number | '';
}

/** What this module reads of a URL's query string (a `URLSearchParams` in the browser and in Node). */
export interface QueryParams {
  get(name: string): string | null;
  getAll(name: string): string[];
}

/** A facet's values from the URL: comma-separated and/or repeated, blanks and repeats dropped, sorted. */
function facetValues(params: QueryParams, name: string): string[] {
  const values = params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  return [...new Set(values)].sort().slice(0, MAX_FACET_FILTER_VALUES);
}

function wholeNumber(raw: string | null, min: number): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isInteger(value) && value >= min ? value : undefined;
}

/** Reads the filters from the URL; anything malformed falls back to "no filter" rather than breaking the page. */
export function readShopFilters(params: QueryParams): ShopFilters {
  const rating = wholeNumber(params.get('rating'), 1);
  const searchValue = params.get('value')?.trim() ?? '';
  const sort = SHOP_SORTS.find((value) => value === params.get('sort')) ?? '';
  return {
    category: params.get('category')?.trim() ?? '',
    rating: rating !== undefined && rating <= 5 ? rating : '',
    low: wholeNumber(params.get('low'), 0),
    high: wholeNumber(params.get('high'), 0),
    // Without a search the server lists the newest first by default: `sort=newest` (links made when the menu offered
    // both) is that default, one listing under one form, which the page names "What’s New" (shopFilters.ts).
    sort: sort === 'newest' && !searchValue ? '' : sort,
    pageNumber: wholeNumber(params.get('page'), 1) ?? 1,
    searchValue,
    view: params.get('view') === 'list' ? 'list' : 'grid',
    brands: facetValues(params, 'brand'),
    sizes: facetValues(params, 'size'),
    colours: facetValues(params, 'colour'),
    discount: DISCOUNT_STEPS.find((step) => String(step) === params.get('discount')) ?? '',
  };
}

/** Form encoding, as URLSearchParams writes it (this package has no DOM or Node types to name that class). */
const formParam = (name: string, value: string | number) =>
  `${name}=${encodeURIComponent(value).replace(/%20/g, '+')}`;

/**
 * The listing URL's query string (without '?') for these filters, written one way: the names in a fixed order,
 * defaults left out, facet values comma-separated. `readShopFilters` reads it back as the same filters, so every
 * URL showing one listing (other spellings, parameters the page ignores) has one such form: the server renders and
 * keeps listing pages under it.
 */
export function shopSearchFor(filters: ShopFilters): string {
  const params: string[] = [];
  const set = (name: string, value: string | number | '' | undefined) => {
    if (value !== '' && value !== undefined) params.push(formParam(name, value));
  };
  set('category', filters.category);
  set('rating', filters.rating);
  set('low', filters.low);
  set('high', filters.high);
  set('sort', filters.sort);
  if (filters.pageNumber !== 1) set('page', filters.pageNumber);
  set('value', filters.searchValue);
  if (filters.view !== 'grid') set('view', filters.view);
  set('brand', filters.brands.join(','));
  set('size', filters.sizes.join(','));
  set('colour', filters.colours.join(','));
  set('discount', filters.discount);
  return params.join('&');
}

/**
 * Spec §3 "Product list query": the listing's filters as the page asks for them (sent as productQueryString),
 * with issue 15's facets and sorts.
 */
export interface ProductListQuery {
  low: number;
  high: number;
  category: string;
  rating: number | '';
  sortPrice: SortPrice;
  pageNumber: number;
  searchValue: string;
  /** A listing sort other than the spec's price sorts (those go as `sortPrice`). */
  sort: Exclude<ShopSort, SortPrice> | '';
  brand: string[];
  size: string[];
  colour: string[];
  discount: number | '';
  /** Ask for the facets' counts (the listing page always does; a spec client never sends it). */
  facets: boolean;
}

const isPriceSort = (sort: ShopSort): sort is SortPrice =>
  sort === '' || SORT_PRICE_VALUES.some((v) => v === sort);

/** The listing request for these filters (spec §7 names; the price sorts go as the spec's `sortPrice`). */
export function productQueryFor(filters: ShopFilters): Partial<ProductListQuery> {
  return {
    category: filters.category,
    rating: filters.rating,
    low: filters.low,
    high: filters.high,
    sortPrice: isPriceSort(filters.sort) ? filters.sort : '',
    sort: isPriceSort(filters.sort) ? '' : filters.sort,
    pageNumber: filters.pageNumber,
    searchValue: filters.searchValue,
    brand: filters.brands,
    size: filters.sizes,
    colour: filters.colours,
    discount: filters.discount,
    facets: true,
  };
}

/**
 * Builds the spec's query string: category, rating, lowPrice, highPrice, sortPrice, pageNumber, searchValue; then
 * `sort`, the facet filters (comma-separated) and `facets=1` when set.
 */
export function productQueryString(query: Partial<ProductListQuery>): string {
  const params: string[] = [];
  const set = (name: string, value: string | number) => params.push(formParam(name, value));
  if (query.category) set('category', query.category);
  if (query.rating) set('rating', query.rating);
  if (query.low !== undefined) set('lowPrice', query.low);
  if (query.high !== undefined) set('highPrice', query.high);
  if (query.sortPrice) set('sortPrice', query.sortPrice);
  set('pageNumber', query.pageNumber ?? 1);
  if (query.searchValue) set('searchValue', query.searchValue);
  if (query.sort) set('sort', query.sort);
  for (const name of ['brand', 'size', 'colour'] as const) {
    const values = query[name];
    if (values?.length) set(name, values.join(','));
  }
  if (query.discount) set('discount', query.discount);
  if (query.facets) set('facets', 1);
  return params.join('&');
}

/** The API path (under /api) of the listing request for these filters. */
export function listingRequestPath(filters: ShopFilters): string {
  return `/home/query-products?${productQueryString(productQueryFor(filters))}`;
}
