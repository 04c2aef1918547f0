import type { SortPrice as ServerSortPrice } from '@bazaar/shared';
import { SORT_PRICE_VALUES } from '@bazaar/shared/limits';

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

export type FilterChange =
  | { kind: 'category'; value: string }
  | { kind: 'price'; low: number; high: number; bounds: { low: number; high: number } }
  | { kind: 'rating'; value: number | '' }
  | { kind: 'sort'; value: SortPrice }
  | { kind: 'page'; value: number }
  | { kind: 'view'; value: ShopView };

const SORT_LABELS: Record<ServerSortPrice, string> = {
  'low-to-high': 'Low to High Price',
  'high-to-low': 'High to Low Price',
};
export const SORT_OPTIONS = SORT_PRICE_VALUES.map((value) => ({ value, label: SORT_LABELS[value] }));

/** Spec §9: the price slider moves in steps of 5. */
export const PRICE_STEP = 5;

function wholeNumber(raw: string | null, min: number): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isInteger(value) && value >= min ? value : undefined;
}

/** Reads the filters from the URL; anything malformed falls back to "no filter" rather than breaking the page. */
export function readShopFilters(params: URLSearchParams): ShopFilters {
  const rating = wholeNumber(params.get('rating'), 1);
  const sort = params.get('sort');
  return {
    category: params.get('category')?.trim() ?? '',
    rating: rating !== undefined && rating <= 5 ? rating : '',
    low: wholeNumber(params.get('low'), 0),
    high: wholeNumber(params.get('high'), 0),
    sortPrice: SORT_OPTIONS.some((option) => option.value === sort) ? (sort as SortPrice) : '',
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
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.rating) params.set('rating', String(query.rating));
  if (query.low !== undefined) params.set('lowPrice', String(query.low));
  if (query.high !== undefined) params.set('highPrice', String(query.high));
  if (query.sortPrice) params.set('sortPrice', query.sortPrice);
  params.set('pageNumber', String(query.pageNumber ?? 1));
  if (query.searchValue) params.set('searchValue', query.searchValue);
  return params.toString();
}

/** The API path of the listing request for these filters (what the queryProducts endpoint asks). */
export function listingRequestPath(filters: ShopFilters): string {
  return `/home/query-products?${productQueryString(productQueryFor(filters))}`;
}

function setOrDelete(params: URLSearchParams, key: string, value: string | number | '' | undefined) {
  if (value === '' || value === undefined) params.delete(key);
  else params.set(key, String(value));
}

/**
 * The URL after one filter change. Spec §4: a new category or price range re-queries with rating and sort
 * cleared and page 1; any other filter change also returns to page 1.
 */
export function applyFilterChange(current: URLSearchParams, change: FilterChange): URLSearchParams {
  const params = new URLSearchParams(current);
  if (change.kind !== 'page' && change.kind !== 'view') params.delete('page');
  switch (change.kind) {
    case 'category':
      setOrDelete(params, 'category', change.value);
      params.delete('rating');
      params.delete('sort');
      break;
    case 'price': {
      // A thumb resting on the catalogue's own bound means "no limit" on that side.
      setOrDelete(params, 'low', change.low > change.bounds.low ? change.low : undefined);
      setOrDelete(params, 'high', change.high < change.bounds.high ? change.high : undefined);
      params.delete('rating');
      params.delete('sort');
      break;
    }
    case 'rating':
      setOrDelete(params, 'rating', change.value);
      break;
    case 'sort':
      setOrDelete(params, 'sort', change.value);
      break;
    case 'page':
      setOrDelete(params, 'page', change.value > 1 ? change.value : undefined);
      break;
    case 'view':
      setOrDelete(params, 'view', change.value === 'list' ? 'list' : undefined);
      break;
  }
  return params;
}

/** The slider's bounds: the catalogue's price range widened to whole steps. */
export function sliderBounds(range: { low: number; high: number }): { low: number; high: number } {
  const low = Math.max(0, Math.floor(range.low / PRICE_STEP) * PRICE_STEP);
  const high = Math.max(low + PRICE_STEP, Math.ceil(range.high / PRICE_STEP) * PRICE_STEP);
  return { low, high };
}

/** The thumbs' positions: the URL's limits clamped into the bounds, low never above high. */
export function sliderValues(
  filters: Pick<ShopFilters, 'low' | 'high'>,
  bounds: { low: number; high: number },
): [number, number] {
  const clamp = (value: number) => Math.min(bounds.high, Math.max(bounds.low, value));
  const low = clamp(filters.low ?? bounds.low);
  const high = clamp(filters.high ?? bounds.high);
  return low <= high ? [low, high] : [high, low];
}

/**
 * The listing's count heading: "1 Product", "24 Products", or "1,200+ Products" when a broad search's count was
 * capped by the server (`totalProductCapped`), so the shopper is never told an exact number that is not one.
 */
export function productCountLabel(total: number, capped: boolean): string {
  const count = total.toLocaleString('en-IN');
  if (capped) return `${count}+ Products`;
  return `${count} ${total === 1 ? 'Product' : 'Products'}`;
}
