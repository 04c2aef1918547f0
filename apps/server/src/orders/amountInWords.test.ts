import { describe, expect, it } from 'vitest';
import { numberInIndianWords, rupeesInWords } from './amountInWords';

describe('amounts in words (Indian numbering)', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [19, 'Nineteen'],
    [40, 'Forty'],
    [85, 'Eighty-Five'],
    [100, 'One Hundred'],
    [884, 'Eight Hundred Eighty-Four'],
    [1000, 'One Thousand'],
    [12_345, 'Twelve Thousand Three Hundred Forty-Five'],
    [100_000, 'One Lakh'],
    [129_999, 'One Lakh Twenty-Nine Thousand Nine Hundred Ninety-Nine'],
    [9_900_005, 'Ninety-Nine Lakh Five'],
    [10_000_000, 'One Crore'],
    [123_456_789, 'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine'],
    [1_000_000_000, 'One Hundred Crore'],
  ])('writes %i as %s', (n, words) => {
    expect(numberInIndianWords(n)).toBe(words);
  });

  it('wraps a rupee total the way invoices do', () => {
    expect(rupeesInWords(1299)).toBe('Rupees One Thousand Two Hundred Ninety-Nine Only');
  });

  it('refuses fractions and negatives rather than printing nonsense', () => {
    expect(() => numberInIndianWords(-1)).toThrow(RangeError);
    expect(() => numberInIndianWords(1.5)).toThrow(RangeError);
  });
});
