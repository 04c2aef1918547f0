import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { propertyParameters } from '../../../../test-support/fastCheck';
import { fts5Query, searchWords, tsQuery } from './search';

describe('search text', () => {
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

  it('builds prefix queries for FTS5 and PostgreSQL', () => {
    expect(fts5Query(['men', 'kurta'])).toBe('"men"* "kurta"*');
    expect(tsQuery(['men', 'kurta'])).toBe('men:* & kurta:*');
  });

  it('never lets query syntax through, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        for (const word of searchWords(text)) expect(word).toMatch(/^[\p{L}\p{M}\p{N}]+$/u);
      }),
      propertyParameters(),
    );
  });
});
