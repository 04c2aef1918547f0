import { describe, expect, it } from 'vitest';
import { normaliseRating, ratingLabel, starFills } from './stars';

describe('star ratings', () => {
  it('shows a half star exactly at .5', () => {
    expect(starFills(4.5)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starFills(3)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    expect(starFills(0.5)).toEqual(['half', 'empty', 'empty', 'empty', 'empty']);
  });

  it('clamps to 0..5 and rounds to the nearest half step', () => {
    expect(normaliseRating(7)).toBe(5);
    expect(normaliseRating(-1)).toBe(0);
    expect(normaliseRating(4.26)).toBe(4.5);
    expect(normaliseRating(4.2)).toBe(4);
    expect(normaliseRating(Number.NaN)).toBe(0);
    expect(starFills(5)).toEqual(Array(5).fill('full'));
    expect(starFills(0)).toEqual(Array(5).fill('empty'));
  });

  it('labels the rating for screen readers', () => {
    expect(ratingLabel(4.5)).toBe('Rated 4.5 out of 5');
    expect(ratingLabel(3)).toBe('Rated 3 out of 5');
  });
});
