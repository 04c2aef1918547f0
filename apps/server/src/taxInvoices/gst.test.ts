import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { propertyParameters } from '../../../../test-support/fastCheck';
import {
  documentNumber,
  financialYearOf,
  rateOfPiece,
  splitInProportion,
  stateWithCode,
  supplyTypeOf,
  taxAmounts,
} from './gst';

const apparel = { rate_percent: 5, high_rate_percent: 18, slab_limit: 2500 };

describe('GST arithmetic', () => {
  it('splits an inclusive amount into taxable value and tax that add up to it, CGST taking an odd paisa', () => {
    expect(taxAmounts(134000, 5, 'intra')).toEqual({
      taxable_paise: 127619,
      cgst_paise: 3191,
      sgst_paise: 3190,
      igst_paise: 0,
      total_paise: 134000,
    });
    expect(taxAmounts(50000, 5, 'inter')).toEqual({
      taxable_paise: 47619,
      cgst_paise: 0,
      sgst_paise: 0,
      igst_paise: 2381,
      total_paise: 50000,
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom(0, 3, 5, 12, 18, 28),
        (paise, rate) => {
          for (const supply of ['intra', 'inter'] as const) {
            const amounts = taxAmounts(paise, rate, supply);
            expect(amounts.taxable_paise + amounts.cgst_paise + amounts.sgst_paise + amounts.igst_paise).toBe(
              paise,
            );
            expect(Math.abs(amounts.cgst_paise - amounts.sgst_paise)).toBeLessThanOrEqual(1);
          }
        },
      ),
      propertyParameters(),
    );
  });

  it("taxes apparel by its piece's value before tax: 5 % up to ₹2,500, 18 % above", () => {
    expect(rateOfPiece(apparel, 262500)).toBe(5);
    expect(rateOfPiece(apparel, 262600)).toBe(18);
    expect(rateOfPiece({ rate_percent: 3, high_rate_percent: null, slab_limit: null }, 9_999_900)).toBe(3);
  });

  it('supplies within the state when the seller ships from the shipping state, else across', () => {
    expect(supplyTypeOf('Karnataka', 'Karnataka')).toBe('intra');
    expect(supplyTypeOf('Gujarat', 'Karnataka')).toBe('inter');
    expect(supplyTypeOf(null, 'Karnataka')).toBe('inter');
    expect(stateWithCode('Karnataka')).toBe('Karnataka (29)');
  });

  it('numbers documents by seller and Indian financial year, within 16 characters', () => {
    expect(financialYearOf(new Date('2026-03-31T18:29:00Z'))).toBe('2025-26');
    expect(financialYearOf(new Date('2026-03-31T18:31:00Z'))).toBe('2026-27');
    expect(documentNumber('invoice', 12, '2026-27', 42)).toBe('S12/2627/000042');
    expect(documentNumber('credit_note', 12, '2026-27', 7)).toBe('CN/12/2627/0007');
    expect(documentNumber('credit_note', 999, '2026-27', 9999).length).toBeLessThanOrEqual(16);
  });

  it('splits an amount in proportion to weights, adding up exactly', () => {
    expect(splitInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitInProportion(85, [0, 0])).toEqual([85, 0]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 8 }),
        (amount, weights) => {
          const shares = splitInProportion(amount, weights);
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(amount);
          expect(shares.every((share) => share >= 0)).toBe(true);
        },
      ),
      propertyParameters(),
    );
  });
});
