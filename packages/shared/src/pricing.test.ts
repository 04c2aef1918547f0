import { describe, expect, it } from 'vitest';
import { discountedPrice, formatRupees, shippingFeeFor } from './pricing';

describe('pricing', () => {
  it('floors the discount amount', () => {
    expect(discountedPrice(999, 33)).toBe(670);
    expect(discountedPrice(1000, 0)).toBe(1000);
    expect(discountedPrice(199, 70)).toBe(199 - 139);
  });
  it('charges shipping up to ₹799 and not above', () => {
    expect(shippingFeeFor(799)).toBe(85);
    expect(shippingFeeFor(800)).toBe(0);
    expect(shippingFeeFor(0)).toBe(0);
  });
  it('formats with Indian digit grouping', () => {
    expect(formatRupees(129999)).toBe('₹1,29,999');
    expect(formatRupees(undefined)).toBe('N/A');
  });
});
