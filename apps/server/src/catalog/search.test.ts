import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { propertyParameters } from '../../../../test-support/fastCheck';
import {
  editDistance,
  fts5Query,
  isEmptySearch,
  parseSearch,
  searchStem,
  searchWords,
  SearchVocabulary,
  tsQuery,
  type SearchPlan,
} from './search';

/** A small catalogue's vocabulary: two groups with their subcategories, two brands, two colours. */
const vocabulary = new SearchVocabulary({
  categories: [
    { id: 1, parent_id: null, name: 'Mens', slug: 'mens' },
    { id: 2, parent_id: null, name: 'Women', slug: 'women' },
    { id: 3, parent_id: 1, name: 'T-Shirts', slug: 'mens-t-shirts' },
    { id: 4, parent_id: 1, name: 'Jeans', slug: 'mens-jeans' },
    { id: 5, parent_id: 1, name: 'Kurtas', slug: 'mens-kurtas' },
    { id: 6, parent_id: 2, name: 'Kurtas & Suits', slug: 'women-kurtas-suits' },
    { id: 7, parent_id: 2, name: 'Dresses', slug: 'women-dresses' },
    { id: 8, parent_id: 1, name: 'Shirts', slug: 'mens-shirts' },
  ],
  brands: ['DressBerry', "Levi's"],
  colours: ['Navy Blue', 'Off White'],
});

/** A plan as words per group, for short expectations. */
const words = (plan: SearchPlan) => plan.groups.map((group) => group.map((term) => term.words));

describe('search words', () => {
  it('splits into lowercase words and drops punctuation and operators', () => {
    expect(searchWords('  KURTA ')).toEqual(['kurta']);
    expect(searchWords('Men\'s "slim-fit" kurta*')).toEqual(['men', 's', 'slim', 'fit', 'kurta']);
    expect(searchWords('a:* & !b | (c)')).toEqual(['a', 'b', 'c']);
    expect(searchWords('कुर्ता साड़ी')).toEqual(['कुर्ता', 'साड़ी']);
    expect(searchWords('!!!')).toEqual([]);
  });

  it('caps the number and length of words', () => {
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords('x'.repeat(100))[0]).toHaveLength(40);
  });

  it('stems English plurals to the singular', () => {
    expect(
      ['dresses', 'watches', 'jeans', 'kurtas', 'shoes', 'dress', 'kids', 'bus'].map(searchStem),
    ).toEqual(['dress', 'watch', 'jean', 'kurta', 'shoe', 'dress', 'kid', 'bus']);
  });

  it('measures edits, a swap of neighbours counting as one, and stops past the limit', () => {
    expect(editDistance('jeen', 'jean', 2)).toBe(1);
    expect(editDistance('shrit', 'shirt', 2)).toBe(1);
    expect(editDistance('kurta', 'kurta', 2)).toBe(0);
    expect(editDistance('sneaker', 'saree', 1)).toBe(2);
  });
});

describe('search plans', () => {
  it('treats punctuation and stop words alone as an empty search', () => {
    for (const text of ['', '   ', '!!!', '"*&|', 'for the', 'and or']) {
      expect(isEmptySearch(parseSearch(text, vocabulary))).toBe(true);
    }
    expect(isEmptySearch(parseSearch('kurta', vocabulary))).toBe(false);
  });

  it('knows a t-shirt however it is typed', () => {
    for (const text of ['tshirt', 'T-Shirts', 't shirt', 'tee', 'tees', 'TSHIRTS', 'tee shirt']) {
      expect(words(parseSearch(text, vocabulary)), text).toEqual([[['t-shirt', 'tshirt', 'tee']]]);
    }
  });

  it('makes kurti and kurta the same term', () => {
    expect(words(parseSearch('kurti', vocabulary))).toEqual([[['kurta', 'kurti']]]);
    expect(words(parseSearch('Kurtas', vocabulary))).toEqual([[['kurta', 'kurti']]]);
  });

  it('corrects a typo to a word of the catalogue, keeping the typed word', () => {
    const plan = parseSearch('jeens', vocabulary);
    expect(words(plan)).toEqual([[['jeen', 'jean']]]);
    expect(plan.groups[0][0].concept).toBe('jean');
    expect(words(parseSearch('shrit', vocabulary))).toEqual([[['shrit', 'shirt']]]);
    expect(words(parseSearch('tshrit', vocabulary))).toEqual([[['tshrit', 't-shirt', 'tshirt', 'tee']]]);
    expect(words(parseSearch('navvy', vocabulary))).toEqual([[['navvy', 'navy']]]);
  });

  it('leaves known words, the start of a known word and short words alone', () => {
    expect(words(parseSearch('jeans', vocabulary))).toEqual([[['jean']]]);
    // "dres" is stemmed like a plural; as a prefix it still finds dresses.
    expect(words(parseSearch('dres', vocabulary))).toEqual([[['dre']]]);
    expect(words(parseSearch('kur', vocabulary))).toEqual([[['kur']]]);
    expect(words(parseSearch('zzzqqq', vocabulary))).toEqual([[['zzzqqq']]]);
  });

  it('turns who it is for into a category filter and drops stop words', () => {
    expect(parseSearch('kurta for women', vocabulary)).toEqual({
      groups: [[{ concept: 'kurta', words: ['kurta', 'kurti'] }]],
      audiences: ['women'],
    });
    expect(parseSearch('shirts for men', vocabulary).audiences).toEqual(['mens']);
    expect(parseSearch("men's shirt", vocabulary).audiences).toEqual(['mens']);
    expect(parseSearch('women', vocabulary)).toEqual({ groups: [], audiences: ['women'] });
    // A group the catalogue does not have is not a filter, just a word.
    expect(parseSearch('kids', vocabulary)).toEqual({
      groups: [[{ concept: 'kid', words: ['kid'] }]],
      audiences: [],
    });
  });

  it('reads "A and B" as either product type, but "black and white shirt" as one thing', () => {
    expect(words(parseSearch('shirt and jeans', vocabulary))).toEqual([[['shirt']], [['jean']]]);
    expect(words(parseSearch('shirts or kurtas for men', vocabulary))).toEqual([
      [['shirt']],
      [['kurta', 'kurti']],
    ]);
    expect(words(parseSearch('navy and white shirt', vocabulary))).toEqual([
      [['navy'], ['white'], ['shirt']],
    ]);
    expect(words(parseSearch('shirt and navy', vocabulary))).toEqual([[['shirt'], ['navy']]]);
  });
});

describe('database queries', () => {
  const plan = parseSearch('navy tee and kurti', vocabulary);

  it('builds prefix queries for FTS5, a phrase for t-shirt', () => {
    expect(fts5Query(parseSearch('men kurta').groups)).toBe('"kurta"* OR "kurti"*'.replace(/^(.*)$/, '($1)'));
    expect(fts5Query(plan.groups)).toBe(
      '(("navy"* AND ("t shirt"* OR "tshirt"* OR "tee"*)) OR ("kurta"* OR "kurti"*))',
    );
  });

  it('builds the same for PostgreSQL, where the parser reads t-shirt as its compound', () => {
    expect(tsQuery(plan.groups)).toBe('((navy:* & (t-shirt:* | tshirt:* | tee:*)) | (kurta:* | kurti:*))');
    expect(tsQuery(parseSearch('cotton slim').groups)).toBe('(cotton:* & slim:*)');
  });

  it('never lets query syntax through, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        for (const group of parseSearch(text, vocabulary).groups) {
          for (const term of group) {
            for (const word of term.words)
              expect(word).toMatch(/^[\p{L}\p{M}\p{N}]+(-[\p{L}\p{M}\p{N}]+)?$/u);
          }
        }
      }),
      propertyParameters(),
    );
  });
});
