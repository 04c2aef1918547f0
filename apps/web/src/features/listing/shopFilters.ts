import { SORT_PRICE_VALUES, type SortPrice as ServerSortPrice } from '@bazaar/shared/limits';
import type { ShopFilters, ShopView, SortPrice } from '@bazaar/shared/listing';

// The URL's filters and the request they make are shared with the server (which preloads a listing's first photos).
export {
  LISTING_PATHS,
  listingRequestPath,
  productQueryFor,
  productQueryString,
  readShopFilters,
  type ProductListQuery,
  type ShopFilters,
  type ShopView,
  type SortPrice,
} from '@bazaar/shared/listing';

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
