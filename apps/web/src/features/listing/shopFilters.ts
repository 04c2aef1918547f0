import { FREE_SHIPPING_ABOVE, formatRupees } from '@bazaar/shared';
import { readShopFilters, type ShopFilters, type ShopSort, type ShopView } from '@bazaar/shared/listing';
import type { PageHead } from '@bazaar/shared/pages';
import { pageTitle } from '../../app/documentTitle';

// The URL's filters and the request they make are shared with the server (which preloads a listing's first photos).
export {
  LISTING_PATHS,
  listingRequestPath,
  productQueryFor,
  productQueryString,
  readShopFilters,
  type ProductListQuery,
  type ShopFilters,
  type ShopSort,
  type ShopView,
  type SortPrice,
} from '@bazaar/shared/listing';

/** The facets whose values are a list in the URL (any of them, comma-separated). */
export type ListFacet = 'brand' | 'size' | 'colour';
const LIST_FIELD = { brand: 'brands', size: 'sizes', colour: 'colours' } as const satisfies Record<
  ListFacet,
  keyof ShopFilters
>;

export type FilterChange =
  | { kind: 'category'; value: string }
  | { kind: 'price'; low: number; high: number; bounds: { low: number; high: number } }
  | { kind: 'rating'; value: number | '' }
  | { kind: 'sort'; value: ShopSort }
  | { kind: 'page'; value: number }
  | { kind: 'view'; value: ShopView }
  /** Ticks or unticks one value of a list facet. */
  | { kind: 'facet'; facet: ListFacet; value: string }
  | { kind: 'discount'; value: number | '' }
  /** The price limits off (a chip's removal); unlike a new range, rating and sort stay. */
  | { kind: 'clearPrice' }
  /** Every filter off; the search text, sort and view stay. */
  | { kind: 'clear' };

export interface SortOption {
  value: ShopSort;
  label: string;
}

/** The orders a shopper picks besides the default, in Myntra's order. */
const CHOSEN_SORTS: readonly SortOption[] = [
  { value: 'popularity', label: 'Popularity' },
  { value: 'newest', label: 'What’s New' },
  { value: 'discount', label: 'Better Discount' },
  { value: 'rating', label: 'Customer Rating' },
  // The spec's two price sorts keep their labels.
  { value: 'low-to-high', label: 'Low to High Price' },
  { value: 'high-to-low', label: 'High to Low Price' },
];

const SEARCH_SORTS: readonly SortOption[] = [{ value: '', label: 'Relevance' }, ...CHOSEN_SORTS];

/**
 * Without a search the default order is the newest first, the order "What’s New" asks for (the server lists both
 * alike: catalog/facets.ts `listingOrder`), so the default takes that name and the menu does not offer it twice.
 */
const BROWSE_SORTS: readonly SortOption[] = [
  { value: '', label: 'What’s New' },
  ...CHOSEN_SORTS.filter((option) => option.value !== 'newest'),
];

/**
 * The sort menu of a listing, its default ('') first: a search's best matches ("Relevance"), else the newest
 * products. Every order it lists is a different one.
 */
export const sortOptions = (filters: Pick<ShopFilters, 'searchValue'>): readonly SortOption[] =>
  filters.searchValue ? SEARCH_SORTS : BROWSE_SORTS;

/** The name of the listing's order, as its menu says it. */
export function sortLabel(filters: Pick<ShopFilters, 'searchValue' | 'sort'>): string {
  const options = sortOptions(filters);
  // `readShopFilters` reads `sort=newest` without a search as the default, which is listed.
  return (options.find((option) => option.value === filters.sort) ?? options[0]).label;
}

/** The listing's tab title and description, after its heading (a category, a search, "All Products"). */
export function listingHead(heading: string): PageHead {
  return {
    title: pageTitle(heading),
    description: `${heading} on Bazaar: fashion, footwear, home living and beauty for India. Free shipping above ${formatRupees(FREE_SHIPPING_ABOVE)}.`,
  };
}

/** "10% and above": the discount facet's wording. */
export const discountLabel = (percent: number) => `${percent}% and above`;

/** Spec §9: the price slider moves in steps of 5. */
export const PRICE_STEP = 5;

const FACET_PARAMS = ['brand', 'size', 'colour', 'discount'] as const;

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
      // Another category has other brands, sizes and colours: its facets start afresh.
      for (const name of FACET_PARAMS) params.delete(name);
      break;
    case 'facet': {
      const values = readShopFilters(params)[LIST_FIELD[change.facet]];
      const next = values.includes(change.value)
        ? values.filter((value) => value !== change.value)
        : [...values, change.value].sort();
      setOrDelete(params, change.facet, next.length ? next.join(',') : undefined);
      break;
    }
    case 'discount':
      setOrDelete(params, 'discount', change.value);
      break;
    case 'clearPrice':
      params.delete('low');
      params.delete('high');
      break;
    case 'clear':
      for (const name of ['category', 'rating', 'low', 'high', ...FACET_PARAMS]) params.delete(name);
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

/** An applied filter as a removable chip: its words and the change that removes it. */
export interface AppliedFilter {
  key: string;
  label: string;
  remove: FilterChange;
}

/**
 * The chips above the results, one per applied filter value. `categoryName` is the category's display name
 * (the URL holds its slug); `bounds` is the price slider's range, for the side a price limit leaves open.
 */
export function appliedFilters(
  filters: ShopFilters,
  categoryName: string | undefined,
  bounds: { low: number; high: number } | null,
): AppliedFilter[] {
  const chips: AppliedFilter[] = [];
  if (filters.category) {
    chips.push({
      key: 'category',
      label: categoryName ?? filters.category,
      remove: { kind: 'category', value: '' },
    });
  }
  for (const facet of ['brand', 'size', 'colour'] as const) {
    for (const value of filters[LIST_FIELD[facet]]) {
      chips.push({
        key: `${facet}:${value}`,
        label: facet === 'size' ? `Size ${value}` : value,
        remove: { kind: 'facet', facet, value },
      });
    }
  }
  if (filters.discount) {
    chips.push({
      key: 'discount',
      label: discountLabel(filters.discount),
      remove: { kind: 'discount', value: '' },
    });
  }
  if ((filters.low !== undefined || filters.high !== undefined) && bounds) {
    const low = formatRupees(filters.low ?? bounds.low);
    const high = formatRupees(filters.high ?? bounds.high);
    chips.push({
      key: 'price',
      label: `${low} – ${high}`,
      remove: { kind: 'clearPrice' },
    });
  }
  if (filters.rating) {
    chips.push({
      key: 'rating',
      label: `${filters.rating}★ & above`,
      remove: { kind: 'rating', value: '' },
    });
  }
  return chips;
}
