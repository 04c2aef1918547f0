import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { propertyParameters } from '../../../test-support/fastCheck';
import { addToCartSchema, cartTotals, isLineInStock, lineTotal } from './cart';

describe('cart pricing', () => {
  it('prices a line at the floored discounted price times the quantity', () => {
    expect(lineTotal({ price: 999, discount: 33, quantity: 1 })).toBe(670);
    expect(lineTotal({ price: 999, discount: 33, quantity: 3 })).toBe(2010);
    expect(lineTotal({ price: 500, discount: 0, quantity: 2 })).toBe(1000);
  });

  it('charges ₹85 shipping up to ₹799 of goods and nothing above', () => {
    expect(cartTotals([{ price: 799, discount: 0, quantity: 1 }])).toEqual({
      price: 799,
      items: 1,
      shipping_fee: 85,
      total: 884,
    });
    expect(cartTotals([{ price: 800, discount: 0, quantity: 1 }])).toEqual({
      price: 800,
      items: 1,
      shipping_fee: 0,
      total: 800,
    });
    // ₹999 at 33 % is ₹670 each: one piece pays shipping, two do not.
    expect(cartTotals([{ price: 999, discount: 33, quantity: 1 }]).shipping_fee).toBe(85);
    expect(cartTotals([{ price: 999, discount: 33, quantity: 2 }]).shipping_fee).toBe(0);
  });

  it('sums several lines and counts pieces, not lines', () => {
    const totals = cartTotals([
      { price: 999, discount: 33, quantity: 2 },
      { price: 300, discount: 10, quantity: 1 },
    ]);
    expect(totals).toEqual({ price: 1340 + 270, items: 3, shipping_fee: 0, total: 1610 });
  });

  it('has nothing to pay for an empty cart', () => {
    expect(cartTotals([])).toEqual({ price: 0, items: 0, shipping_fee: 0, total: 0 });
  });

  it('always totals price plus shipping, in whole rupees', () => {
    const line = fc.record({
      price: fc.integer({ min: 0, max: 200_000 }),
      discount: fc.integer({ min: 0, max: 90 }),
      quantity: fc.integer({ min: 1, max: 20 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
        const totals = cartTotals(lines);
        expect(Number.isInteger(totals.price)).toBe(true);
        expect(totals.total).toBe(totals.price + totals.shipping_fee);
        expect(totals.price).toBeLessThanOrEqual(lines.reduce((s, l) => s + l.price * l.quantity, 0));
        expect(totals.shipping_fee).toBe(totals.price > 799 || totals.price === 0 ? 0 : 85);
      }),
      propertyParameters(),
    );
  });

  it('treats only a sold-out product as out of stock', () => {
    expect(isLineInStock(0)).toBe(false);
    expect(isLineInStock(1)).toBe(true);
  });
});

describe('add-to-cart input', () => {
  it('accepts a product id and a whole quantity of at least 1', () => {
    expect(addToCartSchema.parse({ productId: '7', quantity: 2, userId: 99 })).toEqual({
      productId: 7,
      quantity: 2,
    });
  });
  it.each([0, -1, 1.5, 'many'])('refuses quantity %s', (quantity) => {
    expect(addToCartSchema.safeParse({ productId: 1, quantity }).success).toBe(false);
  });
});
