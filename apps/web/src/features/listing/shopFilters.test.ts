import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { shopSearchFor } from '@bazaar/shared/listing';
import { propertyParameters } from '../../../../../test-support/fastCheck';
import {
  appliedFilters,
  applyFilterChange,
  productCountLabel,
  productQueryFor,
  productQueryString,
  readShopFilters,
  sliderBounds,
  sliderValues,
  sortLabel,
  sortOptions,
} from './shopFilters';

const params = (query: string) => new URLSearchParams(query);

describe('the sort menu', () => {
  it('offers each order once and names the default for what it lists: best matches for a search, else the newest', () => {
    const browsing = sortOptions({ searchValue: '' });
    const searching = sortOptions({ searchValue: 'kurta' });
    for (const options of [browsing, searching]) {
      expect(new Set(options.map((option) => option.label)).size).toBe(options.length);
      expect(new Set(options.map((option) => option.value)).size).toBe(options.length);
      expect(options[0].value).toBe('');
    }
    // Without a search '' is the newest first, the order `newest` asks for: one entry for both.
    expect(browsing.map((option) => option.value)).not.toContain('newest');
    expect(sortLabel(readShopFilters(params('')))).toBe('What’s New');
    expect(sortLabel(readShopFilters(params('sort=newest')))).toBe('What’s New');
    expect(sortLabel(readShopFilters(params('value=kurta')))).toBe('Relevance');
    expect(sortLabel(readShopFilters(params('value=kurta&sort=newest')))).toBe('What’s New');
    expect(sortLabel(readShopFilters(params('sort=low-to-high')))).toBe('Low to High Price');
  });
});

describe('readShopFilters', () => {
  it('reads every filter from the URL', () => {
    const filters = readShopFilters(
      params('category=kurtas&rating=4&low=200&high=900&sort=high-to-low&page=3&value=kurta&view=list'),
    );
    expect(filters).toEqual({
      category: 'kurtas',
      rating: 4,
      low: 200,
      high: 900,
      sort: 'high-to-low',
      pageNumber: 3,
      searchValue: 'kurta',
      view: 'list',
      brands: [],
      sizes: [],
      colours: [],
      discount: '',
    });
  });

  it('ignores malformed values instead of sending them to the server', () => {
    const filters = readShopFilters(params('rating=9&low=-5&high=abc&sort=cheapest&page=0&view=table'));
    expect(filters).toMatchObject({
      rating: '',
      low: undefined,
      high: undefined,
      sort: '',
      pageNumber: 1,
      view: 'grid',
    });
  });

  it('reads sort=newest as the default order without a search (the one it lists by) and as itself with one', () => {
    expect(readShopFilters(params('sort=newest&brand=Puma')).sort).toBe('');
    expect(readShopFilters(params('sort=newest&value=+')).sort).toBe('');
    expect(readShopFilters(params('sort=newest&value=kurta')).sort).toBe('newest');
    expect(readShopFilters(params('sort=&value=kurta')).sort).toBe('');
    // One listing, one form: the server renders the link of old as the listing without `sort`.
    expect(shopSearchFor(readShopFilters(params('sort=newest&brand=Puma')))).toBe('brand=Puma');
  });

  it('reads facet values comma-separated or repeated, sorted and without repeats, and a discount step', () => {
    const filters = readShopFilters(
      params('brand=Roadster,Puma&brand=Puma&size=M,,L&colour=Navy+Blue&discount=30&sort=popularity'),
    );
    expect(filters).toMatchObject({
      brands: ['Puma', 'Roadster'],
      sizes: ['L', 'M'],
      colours: ['Navy Blue'],
      discount: 30,
      sort: 'popularity',
    });
    expect(readShopFilters(params('discount=35')).discount).toBe('');
  });

  it('writes the filters one way, which reads back as the same filters, whatever the URL said', () => {
    expect(
      shopSearchFor(readShopFilters(params('view=grid&nc=1&brand=Puma&sort=discount&brand=Roadster,Puma'))),
    ).toBe('sort=discount&brand=Puma%2CRoadster');
    expect(shopSearchFor(readShopFilters(params('page=1&low=&utm_source=mail')))).toBe('');
    // Any query string made of the listing's names (and others), with well-formed, malformed and odd values.
    const name = fc.constantFrom(
      ...['category', 'rating', 'low', 'high', 'sort', 'page', 'value', 'view', 'brand', 'size', 'colour'],
      ...['discount', 'nc', 'utm_source'],
    );
    const value = fc.oneof(
      fc.constantFrom('', ' ', '0', '1', '4', '30', '999', '-5', 'list', 'grid', 'low-to-high', 'popularity'),
      fc.constantFrom('Puma,Roadster', 'a,,b', 'M,L', 'Navy Blue', 'kurta & saree', '“x”', '%', '+'),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { maxLength: 12 }), (pairs) => {
        const filters = readShopFilters(new URLSearchParams(pairs));
        const search = shopSearchFor(filters);
        expect(readShopFilters(params(search))).toEqual(filters);
        expect(shopSearchFor(readShopFilters(params(search)))).toBe(search);
      }),
      propertyParameters({ numRuns: 300 }),
    );
  });

  it('asks for price sorts by the spec’s sortPrice and for the others by sort, facets comma-separated', () => {
    const request = (query: string) =>
      Object.fromEntries(
        new URLSearchParams(productQueryString(productQueryFor(readShopFilters(params(query))))),
      );
    expect(request('sort=low-to-high&brand=Puma,Roadster&colour=Black')).toEqual({
      sortPrice: 'low-to-high',
      pageNumber: '1',
      brand: 'Puma,Roadster',
      colour: 'Black',
      facets: '1',
    });
    expect(request('sort=discount&size=M&discount=40')).toEqual({
      sort: 'discount',
      pageNumber: '1',
      size: 'M',
      discount: '40',
      facets: '1',
    });
    // Every spelling of one URL's filters makes the same request (and so one cache entry).
    expect(request('brand=Roadster&brand=Puma')).toEqual(request('brand=Puma,Roadster'));
  });

  it('maps the search value to searchValue and the slider to lowPrice/highPrice', () => {
    const query = productQueryString(
      productQueryFor(readShopFilters(params('value=kurta&low=100&high=500&page=2'))),
    );
    expect(new URLSearchParams(query).get('searchValue')).toBe('kurta');
    expect(new URLSearchParams(query).get('lowPrice')).toBe('100');
    expect(new URLSearchParams(query).get('highPrice')).toBe('500');
    expect(new URLSearchParams(query).get('pageNumber')).toBe('2');
  });
});

describe('applyFilterChange', () => {
  const busy = params('category=7&rating=4&sort=low-to-high&page=3&value=kurta&view=list');

  it('a new category clears rating, sort, facets and page but keeps search and view (spec §4)', () => {
    const next = applyFilterChange(params(`${busy}&brand=Puma&size=M&colour=Black&discount=20`), {
      kind: 'category',
      value: 'women-kurtas',
    });
    expect(Object.fromEntries(next)).toEqual({ category: 'women-kurtas', value: 'kurta', view: 'list' });
  });

  it('ticks and unticks facet values, keeping the others and the rest of the filters', () => {
    const start = params('category=7&brand=Puma&page=2');
    const more = applyFilterChange(start, { kind: 'facet', facet: 'brand', value: 'Biba' });
    expect(Object.fromEntries(more)).toEqual({ category: '7', brand: 'Biba,Puma' });
    const fewer = applyFilterChange(more, { kind: 'facet', facet: 'brand', value: 'Puma' });
    expect(fewer.get('brand')).toBe('Biba');
    expect(applyFilterChange(fewer, { kind: 'facet', facet: 'brand', value: 'Biba' }).has('brand')).toBe(
      false,
    );
    expect(applyFilterChange(start, { kind: 'discount', value: 40 }).get('discount')).toBe('40');
  });

  it('Clear all removes every filter but keeps the search, sort and view', () => {
    const next = applyFilterChange(
      params(`${busy}&low=100&high=900&brand=Puma&size=M&colour=Black&discount=20`),
      { kind: 'clear' },
    );
    expect(Object.fromEntries(next)).toEqual({ sort: 'low-to-high', value: 'kurta', view: 'list' });
  });

  it('names each applied filter as a chip whose removal takes off only that filter', () => {
    const filters = readShopFilters(
      params('category=7&brand=Puma,Biba&size=M&colour=Black&discount=30&low=100&rating=4&sort=newest'),
    );
    const chips = appliedFilters(filters, 'Kurtas', { low: 0, high: 5000 });
    expect(chips.map((chip) => chip.label)).toEqual([
      'Kurtas',
      'Biba',
      'Puma',
      'Size M',
      'Black',
      '30% and above',
      '₹100 – ₹5,000',
      '4★ & above',
    ]);
    const url = params('category=7&brand=Puma,Biba&low=100&rating=4&sort=newest');
    const removePrice = chips.find((chip) => chip.key === 'price')!.remove;
    expect(Object.fromEntries(applyFilterChange(url, removePrice))).toEqual({
      category: '7',
      brand: 'Puma,Biba',
      rating: '4',
      sort: 'newest',
    });
  });

  it('a new price range clears rating, sort and page', () => {
    const next = applyFilterChange(busy, {
      kind: 'price',
      low: 100,
      high: 400,
      bounds: { low: 0, high: 1000 },
    });
    expect(Object.fromEntries(next)).toEqual({
      category: '7',
      value: 'kurta',
      view: 'list',
      low: '100',
      high: '400',
    });
  });

  it('a thumb left on its bound means no limit on that side', () => {
    const next = applyFilterChange(params('low=100&high=400'), {
      kind: 'price',
      low: 0,
      high: 400,
      bounds: { low: 0, high: 1000 },
    });
    expect(next.has('low')).toBe(false);
    expect(next.get('high')).toBe('400');
  });

  it('rating and sort keep the other filters and go back to page 1', () => {
    const rated = applyFilterChange(busy, { kind: 'rating', value: 3 });
    expect(rated.get('rating')).toBe('3');
    expect(rated.get('sort')).toBe('low-to-high');
    expect(rated.has('page')).toBe(false);
    const cleared = applyFilterChange(busy, { kind: 'rating', value: '' });
    expect(cleared.has('rating')).toBe(false);
    const sorted = applyFilterChange(busy, { kind: 'sort', value: 'high-to-low' });
    expect(sorted.get('sort')).toBe('high-to-low');
    expect(sorted.get('rating')).toBe('4');
  });

  it('page and view change only themselves', () => {
    expect(applyFilterChange(busy, { kind: 'page', value: 5 }).get('page')).toBe('5');
    expect(applyFilterChange(busy, { kind: 'page', value: 1 }).has('page')).toBe(false);
    const grid = applyFilterChange(busy, { kind: 'view', value: 'grid' });
    expect(grid.has('view')).toBe(false);
    expect(grid.get('page')).toBe('3');
  });
});

describe('slider', () => {
  it('widens the catalogue range to whole steps of 5', () => {
    expect(sliderBounds({ low: 149, high: 4999 })).toEqual({ low: 145, high: 5000 });
    expect(sliderBounds({ low: 0, high: 0 })).toEqual({ low: 0, high: 5 });
  });

  it('mirrors the URL limits, clamped and ordered', () => {
    const bounds = { low: 100, high: 1000 };
    expect(sliderValues({ low: undefined, high: undefined }, bounds)).toEqual([100, 1000]);
    expect(sliderValues({ low: 50, high: 5000 }, bounds)).toEqual([100, 1000]);
    expect(sliderValues({ low: 800, high: 300 }, bounds)).toEqual([300, 800]);
  });
});

describe('productCountLabel', () => {
  it('counts exactly, or says "N+" when the server capped a broad search', () => {
    expect(productCountLabel(1, false)).toBe('1 Product');
    expect(productCountLabel(24, false)).toBe('24 Products');
    expect(productCountLabel(1200, true)).toBe('1,200+ Products');
  });
});
