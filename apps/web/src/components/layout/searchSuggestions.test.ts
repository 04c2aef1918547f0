import { describe, expect, it } from 'vitest';
import type { SearchItemDto } from '@bazaar/shared';
import { buildSuggestions, cycleIndex, searchResultsPath, searchTerm } from './searchSuggestions';

const item = (name: string, subcategory: string): SearchItemDto => ({
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  image: `/media/${subcategory}.svg`,
  price: 999,
  subcategory,
  subcategoryName: subcategory.toUpperCase(),
});

describe('header search suggestions', () => {
  it('matches by case-insensitive containment in the name', () => {
    const items = [
      item('Cotton Kurta', 'kurtas'),
      item('Slim Fit SHIRT', 'shirts'),
      item('Denim Jacket', 'jackets'),
    ];
    const { products } = buildSuggestions(items, 'shirt');
    expect(products.map((p) => p.name)).toEqual(['Slim Fit SHIRT']);
    expect(buildSuggestions(items, '  KURTA ').products.map((p) => p.name)).toEqual(['Cotton Kurta']);
  });

  it('keeps popular searches unique by subcategory and caps them at 6', () => {
    const subcategories = ['a', 'b', 'a', 'c', 'd', 'e', 'f', 'g', 'b'];
    const items = subcategories.map((sub, i) => item(`Printed Tee ${i}`, sub));
    const { popular } = buildSuggestions(items, 'tee');
    expect(popular.map((p) => p.subcategory)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('does not repeat a popular search label shared by two subcategories', () => {
    const tee = (sub: string, i: number): SearchItemDto => ({
      ...item(`Graphic Tee ${i}`, sub),
      subcategoryName: 'T-Shirts',
    });
    const { popular } = buildSuggestions(
      [tee('mens-tshirts', 1), tee('kids-tshirts', 2), item('Tee Dress', 'dresses')],
      'tee',
    );
    expect(popular).toEqual([
      { subcategory: 'mens-tshirts', subcategoryName: 'T-Shirts' },
      { subcategory: 'dresses', subcategoryName: 'DRESSES' },
    ]);
  });

  it('caps product suggestions at 8', () => {
    const items = Array.from({ length: 20 }, (_, i) => item(`Saree ${i}`, 'sarees'));
    const { products, popular } = buildSuggestions(items, 'saree');
    expect(products).toHaveLength(8);
    expect(products[0]!.name).toBe('Saree 0');
    expect(popular).toHaveLength(1);
  });

  it('suggests nothing for empty or whitespace-only text, and nothing when nothing matches', () => {
    const items = [item('Cotton Kurta', 'kurtas')];
    expect(buildSuggestions(items, '   ')).toEqual({ popular: [], products: [] });
    expect(buildSuggestions(items, 'sneaker')).toEqual({ popular: [], products: [] });
  });

  it('ignores whitespace-only submissions and encodes the search path', () => {
    expect(searchTerm(' \t ')).toBeNull();
    expect(searchTerm('  red saree ')).toBe('red saree');
    expect(searchResultsPath('red & gold')).toBe('/products/search?value=red%20%26%20gold');
  });

  it('moves through suggestions with the arrow keys, wrapping through the text field', () => {
    expect(cycleIndex(-1, 1, 3)).toBe(0);
    expect(cycleIndex(2, 1, 3)).toBe(-1);
    expect(cycleIndex(-1, -1, 3)).toBe(2);
    expect(cycleIndex(0, -1, 3)).toBe(-1);
    expect(cycleIndex(-1, 1, 0)).toBe(-1);
  });
});
