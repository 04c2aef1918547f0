import { describe, expect, it } from 'vitest';
import {
  canSellerMove,
  commissionOf,
  DELIVERY_STATUSES,
  illegalTransitionMessage,
  orderStatusOfParts,
  shippingShares,
} from './fulfilment';

describe('orderStatusOfParts', () => {
  it.each([
    [['pending'], 'pending'],
    [['placed', 'placed'], 'placed'],
    [['placed', 'warehouse'], 'placed'],
    [['warehouse', 'warehouse'], 'warehouse'],
    [['warehouse', 'shipped'], 'shipped'],
    [['placed', 'delivered'], 'shipped'],
    [['shipped', 'delivered'], 'shipped'],
    [['delivered', 'delivered'], 'delivered'],
    [['delivered', 'cancelled'], 'delivered'],
    [['warehouse', 'cancelled'], 'warehouse'],
    [['pending', 'cancelled'], 'pending'],
    [['cancelled', 'cancelled'], 'cancelled'],
  ] as const)('%j → %s', (parts, expected) => {
    expect(orderStatusOfParts(parts)).toBe(expected);
  });
});

describe('shippingShares', () => {
  it('splits the fee by goods, rounding down, the remainder to the first part', () => {
    expect(shippingShares(85, [270, 500])).toEqual([30, 55]);
    expect(shippingShares(85, [100, 100, 100])).toEqual([29, 28, 28]);
    expect(shippingShares(0, [900, 100])).toEqual([0, 0]);
    expect(shippingShares(85, [])).toEqual([]);
  });

  it('always adds up to the fee', () => {
    for (const parts of [[1], [1, 1, 1, 1, 1, 1, 1], [799, 1], [333, 333, 133], [0, 0]]) {
      expect(shippingShares(85, parts).reduce((sum, share) => sum + share, 0)).toBe(85);
    }
  });
});

describe('commissionOf', () => {
  it('rounds half up to whole rupees', () => {
    expect(commissionOf(670, 15)).toBe(101); // 100.5
    expect(commissionOf(669, 15)).toBe(100); // 100.35
    expect(commissionOf(999, 10)).toBe(100); // 99.9
    expect(commissionOf(500, 0)).toBe(0);
  });
});

describe('seller transitions', () => {
  it('lets a seller move a part forward one step or cancel it before shipping, never back', () => {
    const allowed = DELIVERY_STATUSES.flatMap((from) =>
      DELIVERY_STATUSES.filter((to) => canSellerMove(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual([
      'pending→cancelled',
      'placed→warehouse',
      'placed→cancelled',
      'warehouse→shipped',
      'warehouse→cancelled',
      'shipped→delivered',
    ]);
  });

  it('says what the seller can do next', () => {
    expect(illegalTransitionMessage('placed', 'shipped')).toBe(
      'This order is paid and waiting to be packed, so "Ship" is not possible. Next you can: "Accept & pack" or "Cancel".',
    );
  });
});
