import { describe, expect, it } from 'vitest';
import { formatReviewDate, ratingHistogram } from './reviewFormat';

describe('formatReviewDate', () => {
  it('formats like "12 Mar 2025" in Indian time', () => {
    expect(formatReviewDate('2025-03-12T10:00:00.000Z')).toBe('12 Mar 2025');
    // 20:00 UTC is already the next day in India.
    expect(formatReviewDate('2025-03-12T20:00:00.000Z')).toBe('13 Mar 2025');
  });

  it('passes an unreadable date through', () => {
    expect(formatReviewDate('not a date')).toBe('not a date');
  });
});

describe('ratingHistogram', () => {
  it('lists 5 to 1 stars, filling gaps with zero', () => {
    const bars = ratingHistogram(
      [
        { rating: 5, sum: 6 },
        { rating: 1, sum: 2 },
      ],
      8,
    );
    expect(bars).toEqual([
      { rating: 5, count: 6, percent: 75 },
      { rating: 4, count: 0, percent: 0 },
      { rating: 3, count: 0, percent: 0 },
      { rating: 2, count: 0, percent: 0 },
      { rating: 1, count: 2, percent: 25 },
    ]);
  });

  it('has empty bars when there are no reviews', () => {
    expect(ratingHistogram([], 0).every((bar) => bar.percent === 0)).toBe(true);
  });
});
