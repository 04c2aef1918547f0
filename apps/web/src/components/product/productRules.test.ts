import { describe, expect, it } from 'vitest';
import {
  FALLBACK_PRODUCT_IMAGE,
  isNewArrival,
  NEW_ARRIVAL_DAYS,
  primaryImage,
  productPath,
} from './productRules';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse('2025-06-30T12:00:00Z');

describe('isNewArrival', () => {
  it(`is true for products listed within ${NEW_ARRIVAL_DAYS} days`, () => {
    expect(isNewArrival(new Date(now - 2 * DAY).toISOString(), now)).toBe(true);
    expect(isNewArrival(new Date(now - NEW_ARRIVAL_DAYS * DAY).toISOString(), now)).toBe(true);
  });

  it('is false for older, future-dated, missing or unreadable dates', () => {
    expect(isNewArrival(new Date(now - (NEW_ARRIVAL_DAYS + 1) * DAY).toISOString(), now)).toBe(false);
    expect(isNewArrival(new Date(now + DAY).toISOString(), now)).toBe(false);
    expect(isNewArrival(undefined, now)).toBe(false);
    expect(isNewArrival('yesterday', now)).toBe(false);
  });
});

describe('product images and links', () => {
  it('uses the first image, or the fallback when there is none', () => {
    expect(primaryImage({ images: ['/media/a.svg', '/media/b.svg'] })).toBe('/media/a.svg');
    expect(primaryImage({ images: [] })).toBe(FALLBACK_PRODUCT_IMAGE);
  });

  it('links to the details page by slug', () => {
    expect(productPath('cotton-kurta-12')).toBe('/product/details/cotton-kurta-12');
  });
});
