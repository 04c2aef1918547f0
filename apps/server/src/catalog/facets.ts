import {
  DISCOUNT_STEPS,
  colourHex,
  sizeRank,
  type FacetCount,
  type ListingFacets,
  type ListingSort,
  type ProductQueryInput,
} from '@bazaar/shared';
import { memoized, type CatalogueReading } from '../cache/catalogueMemo';
import type { SizesScope } from '../cache/catalogueChanges';
import type { AppContext } from '../context';
import * as repo from './repository';
import type { FacetValueCount, ProductFilter, ProductOrder } from './repository';

/*
 * The listing's facets and sorts (issue 15), as part of the catalogue service: which facet filters a query names,
 * and each facet's counts over the products matching every OTHER active filter (disjunctive faceting).
 */

type Ctx = Pick<AppContext, 'db' | 'dialect'> & CatalogueReading;

type FacetName = keyof ListingFacets;

/** The facet filters of a listing query, as the repository's filter names them. */
export function facetFilter(query: ProductQueryInput): ProductFilter {
  const filter: ProductFilter = {};
  if (query.brand) filter.brands = query.brand;
  if (query.colour) filter.colours = query.colour;
  if (query.size) filter.sizes = query.size;
  if (query.discount !== undefined) filter.minDiscount = query.discount;
  return filter;
}

const ORDER_OF_SORT: Record<ListingSort, ProductOrder> = {
  popularity: 'popular',
  newest: 'newest',
  discount: 'discount',
  rating: 'top-rated',
  'price-asc': 'price-asc',
  'price-desc': 'price-desc',
};

/**
 * Whether a listing query's answer carries facets: when it asks (`facets=1`), or, unless it declines
 * (`facets=0`), when it names a facet filter. A spec call names none and answers as it always has.
 */
export function wantsFacets(query: ProductQueryInput): boolean {
  return (
    query.facets ??
    (query.brand !== undefined ||
      query.size !== undefined ||
      query.colour !== undefined ||
      query.discount !== undefined)
  );
}

/**
 * The order a listing query asks for: `sort` when sent (it wins over the spec's `sortPrice`), else `sortPrice`,
 * else a search's best matches or the newest products.
 */
export function listingOrder(query: ProductQueryInput, searching: boolean): ProductOrder {
  if (query.sort) return ORDER_OF_SORT[query.sort];
  if (query.sortPrice === 'low-to-high') return 'price-asc';
  if (query.sortPrice === 'high-to-low') return 'price-desc';
  return searching ? 'relevance' : 'newest';
}

/** The filter one facet counts over: the listing's, less that facet's own values. */
function without(filter: ProductFilter, facet: FacetName): ProductFilter {
  const { brands, colours, sizes, minDiscount, ...rest } = filter;
  return {
    ...rest,
    ...(facet !== 'brand' && brands && { brands }),
    ...(facet !== 'colour' && colours && { colours }),
    ...(facet !== 'size' && sizes && { sizes }),
    ...(facet !== 'discount' && minDiscount !== undefined && { minDiscount }),
  };
}

/**
 * Where a statement over `filter` reads products' sizes in stock (`countsSizes`, or a size filter) or their stock
 * (in-stock only): the filter's own categories, brands and colours, outside which no product can be counted. A
 * size selling out or coming back there retires what was kept of it; anywhere else, or a filter that reads
 * neither, keeps it (see CatalogueMemo).
 */
export function sizesScopeOf(filter: ProductFilter, countsSizes = false): SizesScope | undefined {
  if (!countsSizes && filter.sizes === undefined && !filter.inStockOnly) return undefined;
  return {
    ...(filter.categoryIds && { categoryIds: filter.categoryIds }),
    ...(filter.brands && { brands: filter.brands }),
    ...(filter.colours && { colours: filter.colours }),
  };
}

/**
 * One facet's counts, kept per catalogue change under the filter it counts over: the brand counts of "colour
 * Black in Kurtas" serve every brand selection, sort and page of that listing.
 */
function counted<T>(ctx: Ctx, facet: FacetName, filter: ProductFilter, count: () => Promise<T>): Promise<T> {
  return memoized(ctx, `facet:${facet}:${JSON.stringify(filter)}`, count, {
    sizesIn: sizesScopeOf(filter, facet === 'size'),
  });
}

/** Selected values stay listed (so they can be unticked) even when nothing matching the rest has them. */
function withSelected(counts: FacetValueCount[], selected: string[] | undefined): FacetValueCount[] {
  const listed = new Set(counts.map((entry) => entry.value));
  return [
    ...counts,
    ...(selected ?? []).filter((value) => !listed.has(value)).map((value) => ({ value, count: 0 })),
  ];
}

const mostCommonFirst = (a: FacetCount, b: FacetCount) =>
  b.count - a.count || a.value.localeCompare(b.value, 'en');

/**
 * Every facet's counts for a listing's filter, or undefined when the query does not want them (`wantsFacets`):
 * one statement per facet (each kept, see `counted`).
 */
export async function listingFacets(
  ctx: Ctx,
  query: ProductQueryInput,
  filter: ProductFilter,
): Promise<ListingFacets | undefined> {
  if (!wantsFacets(query)) return undefined;
  const brandFilter = without(filter, 'brand');
  const colourFilter = without(filter, 'colour');
  const sizeFilter = without(filter, 'size');
  const discountFilter = without(filter, 'discount');
  const [brands, colours, sizes, discountTens] = await Promise.all([
    counted(ctx, 'brand', brandFilter, () => repo.countByColumn(ctx, brandFilter, 'brand')),
    counted(ctx, 'colour', colourFilter, () => repo.countByColumn(ctx, colourFilter, 'colour')),
    counted(ctx, 'size', sizeFilter, () => repo.countBySizeInStock(ctx, sizeFilter)),
    counted(ctx, 'discount', discountFilter, () => repo.countByDiscountTens(ctx, discountFilter)),
  ]);
  return {
    brand: withSelected(brands, filter.brands).sort(mostCommonFirst),
    size: withSelected(sizes, filter.sizes).sort(
      (a, b) => sizeRank(a.value) - sizeRank(b.value) || a.value.localeCompare(b.value, 'en'),
    ),
    colour: withSelected(colours, filter.colours)
      .sort(mostCommonFirst)
      .map((entry) => ({ ...entry, hex: colourHex(entry.value) })),
    discount: DISCOUNT_STEPS.map((step) => ({
      value: step,
      count: discountTens
        .filter((bucket) => bucket.tens * 10 >= step)
        .reduce((sum, bucket) => sum + bucket.count, 0),
    })),
  };
}
