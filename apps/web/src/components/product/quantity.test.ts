import { describe, expect, it } from 'vitest';
import { nextQuantity, quantityLimitMessage } from './quantity';

describe('nextQuantity', () => {
  it('steps between 1 and the stock', () => {
    expect(nextQuantity(1, 1, 3)).toEqual({ quantity: 2, refusedBy: null });
    expect(nextQuantity(2, -1, 3)).toEqual({ quantity: 1, refusedBy: null });
  });

  it('never goes below 1', () => {
    expect(nextQuantity(1, -1, 3)).toEqual({ quantity: 1, refusedBy: null });
  });

  it('reports asking for more than the stock and keeps the quantity', () => {
    expect(nextQuantity(3, 1, 3)).toEqual({ quantity: 3, refusedBy: 'stock' });
  });

  it('stops at 10 units however much is in stock, and says so', () => {
    expect(nextQuantity(9, 1, 50)).toEqual({ quantity: 10, refusedBy: null });
    expect(nextQuantity(10, 1, 50)).toEqual({ quantity: 10, refusedBy: 'cap' });
    expect(quantityLimitMessage('cap')).toBe('You can buy at most 10 units of a product per order');
    // With sizes the cap is per size, as a cart line is.
    expect(quantityLimitMessage('cap', 'M')).toBe('You can buy at most 10 units of size M per order');
    expect(quantityLimitMessage('stock', 'M')).toBe('Out of stock');
    // A line above the cap from before it may still step down.
    expect(nextQuantity(12, -1, 50)).toEqual({ quantity: 11, refusedBy: null });
  });
});
