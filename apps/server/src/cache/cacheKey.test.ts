import { describe, expect, it } from 'vitest';
import { productQuerySchema, productRefSchema, searchSuggestionQuerySchema } from '@bazaar/shared';
import { cacheKey } from './cacheKey';

const listing = (query: Record<string, unknown>) =>
  cacheKey({ route: '/api/home/query-products', params: {}, query, querySchema: productQuerySchema });

describe('cacheKey', () => {
  it('ignores query parameters the route does not read', () => {
    const plain = listing({ category: 'mens', pageNumber: '2' });
    expect(plain).toBeDefined();
    expect(listing({ category: 'mens', pageNumber: '2', nc: '123' })).toBe(plain);
    expect(listing({ category: 'mens', pageNumber: '2', utm_source: 'x', _: String(Date.now()) })).toBe(
      plain,
    );
  });

  it('gives the same key whatever the order of the parameters, blanks or a default spelt out', () => {
    const plain = listing({ category: 'mens' });
    expect(listing({ pageNumber: '1', category: 'mens' })).toBe(plain);
    expect(listing({ category: 'mens', sortPrice: '', searchValue: '' })).toBe(plain);
  });

  it('gives one key to every spelling of a facet filter: repeated, comma-separated, any order, blanks', () => {
    const plain = listing({ brand: ['Puma', 'Roadster'] });
    expect(listing({ brand: 'Roadster,Puma' })).toBe(plain);
    expect(listing({ brand: ['Roadster', 'Puma,', 'Puma'] })).toBe(plain);
    expect(listing({ brand: 'Puma,Roadster', colour: '', size: ',' })).toBe(plain);
    expect(listing({ brand: 'Puma' })).not.toBe(plain);
  });

  it('tells apart what the route does read', () => {
    const keys = new Set([
      listing({}),
      listing({ pageNumber: '2' }),
      listing({ category: 'mens' }),
      listing({ category: 'women' }),
      listing({ sortPrice: 'low-to-high' }),
      listing({ searchValue: 'shirt' }),
      listing({ lowPrice: '100', highPrice: '500' }),
      listing({ brand: 'Puma' }),
      listing({ colour: 'Puma' }),
      listing({ size: 'M' }),
      listing({ discount: '30' }),
      listing({ sort: 'popularity' }),
    ]);
    expect(keys.size).toBe(12);
  });

  it('leaves a route without a query schema one key, and different routes different keys', () => {
    const home = (query: Record<string, unknown>) =>
      cacheKey({ route: '/api/home/get-categorys', params: {}, query });
    expect(home({ nc: '1' })).toBe(home({}));
    expect(cacheKey({ route: '/api/home/get-products', params: {}, query: {} })).not.toBe(home({}));
    const suggestions = (value: string) =>
      cacheKey({
        route: '/api/home/get_search_products',
        params: {},
        query: { value },
        querySchema: searchSuggestionQuerySchema,
      });
    expect(suggestions(' kur ')).toBe(suggestions('kur'));
    expect(suggestions('kur')).not.toBe(suggestions('kurt'));
  });

  it('reads path parameters through their schema, so spellings of one product share a key', () => {
    const product = (slugOrId: string) =>
      cacheKey({
        route: '/api/home/get-product/:slugOrId',
        params: { slugOrId },
        query: { nc: slugOrId },
        paramsSchema: productRefSchema,
      });
    expect(product('Silk-Saree-12')).toBe(product('silk-saree-12'));
    expect(product('silk-saree-12')).not.toBe(product('silk-saree-13'));
    // Without a schema the raw parameters still count: they choose the answer.
    const raw = (id: string) => cacheKey({ route: '/api/x/:id', params: { id }, query: {} });
    expect(raw('1')).not.toBe(raw('2'));
  });

  it('gives no key to input the route refuses (nothing is cached for a 400)', () => {
    expect(listing({ pageNumber: '0' })).toBeUndefined();
    expect(listing({ sortPrice: 'sideways' })).toBeUndefined();
  });
});
