import { describe, expect, it } from 'vitest';
import {
  CITY_PICKUPS,
  addBusinessDays,
  deliveryEstimateQuerySchema,
  estimateDelivery,
  formatDeliveryDate,
  indianDate,
  pincodeRegion,
} from './delivery';

// Monday 23 November 2026, 11:30 in India.
const MONDAY = new Date('2026-11-23T06:00:00Z');

describe('pincode regions', () => {
  it('names the region of a pincode from its first two digits', () => {
    expect(pincodeRegion('110001')?.name).toBe('Delhi');
    expect(pincodeRegion('400001')?.name).toBe('Maharashtra & Goa');
    expect(pincodeRegion('403001')?.name).toBe('Maharashtra & Goa');
    expect(pincodeRegion('560034')?.name).toBe('Karnataka');
    expect(pincodeRegion('799001')?.name).toBe('North East');
  });

  it('knows no region for malformed pincodes or prefixes India Post does not use', () => {
    for (const pincode of ['012345', '11000', '1100011', 'abcdef', '100001', '290001', '550001', '870001'])
      expect(pincodeRegion(pincode), pincode).toBeUndefined();
  });

  it('marks the Army Postal Service (90–99) unserviceable and nothing else', () => {
    expect(pincodeRegion('900001')).toMatchObject({ serviceable: false });
    expect(pincodeRegion('999999')).toMatchObject({ serviceable: false });
    for (let prefix = 11; prefix < 90; prefix++) {
      const found = pincodeRegion(`${prefix}0001`);
      if (found) expect(found.serviceable, String(prefix)).toBe(true);
    }
  });

  it("puts every city's pickup pincode in a region that has its state", () => {
    for (const [city, { state, pincode }] of Object.entries(CITY_PICKUPS))
      expect(pincodeRegion(pincode)?.states, city).toContain(state);
  });

  it('reads the query: six digits, the first not 0', () => {
    expect(deliveryEstimateQuerySchema.parse({ productId: '3', pincode: ' 560001 ' })).toEqual({
      productId: 3,
      pincode: '560001',
    });
    for (const pincode of ['056000', '56000', '5600011', '56 001', ''])
      expect(
        deliveryEstimateQuerySchema.safeParse({ productId: '3', pincode }).error?.issues[0].message,
      ).toBe('Please enter a valid 6-digit pincode');
  });
});

describe('business days and dates', () => {
  it('skips Sundays only', () => {
    expect(addBusinessDays('2026-11-23', 5)).toBe('2026-11-28'); // Mon → Sat
    expect(addBusinessDays('2026-11-23', 6)).toBe('2026-11-30'); // over Sunday 29th
    expect(addBusinessDays('2026-11-28', 1)).toBe('2026-11-30'); // Sat → Mon
    expect(addBusinessDays('2026-11-29', 1)).toBe('2026-11-30'); // Sun → Mon
    expect(addBusinessDays('2026-12-30', 3)).toBe('2027-01-02'); // over the new year
  });

  it("counts from today's date in India, whatever the time in UTC", () => {
    expect(indianDate(new Date('2026-11-22T18:29:00Z'))).toBe('2026-11-22'); // 23:59 Sunday in India
    expect(indianDate(new Date('2026-11-22T18:30:00Z'))).toBe('2026-11-23'); // midnight, Monday
  });

  it('prints dates as Indian shops do', () => {
    expect(formatDeliveryDate('2025-11-28')).toBe('Fri, 28 Nov');
    expect(formatDeliveryDate('2026-12-03')).toBe('Thu, 3 Dec');
  });
});

describe('delivery estimate', () => {
  it('from another region: standard in 6–9 business days, express in 3–6 (processing 1–2, then 5–7 or 2–4)', () => {
    expect(
      estimateDelivery({ productId: 1, pincode: '560001', pickupPincode: '302001', now: MONDAY }),
    ).toEqual({
      productId: 1,
      pincode: '560001',
      deliverable: true,
      region: 'Karnataka',
      sameRegion: false,
      standard: { from: '2026-11-30', to: '2026-12-03' },
      express: { from: '2026-11-26', to: '2026-11-30' },
      message: 'Delivery by Thu, 3 Dec',
    });
  });

  it('within the same region: one day faster', () => {
    expect(
      estimateDelivery({ productId: 1, pincode: '411045', pickupPincode: '400001', now: MONDAY }),
    ).toMatchObject({
      sameRegion: true,
      standard: { from: '2026-11-28', to: '2026-12-02' },
      express: { from: '2026-11-25', to: '2026-11-28' },
      message: 'Delivery by Wed, 2 Dec',
    });
  });

  it('without a pickup pincode on file: no saving', () => {
    expect(
      estimateDelivery({ productId: 1, pincode: '400001', pickupPincode: null, now: MONDAY }),
    ).toMatchObject({ deliverable: true, sameRegion: false, standard: { to: '2026-12-03' } });
  });

  it('not to the Army Postal Service or an unused prefix', () => {
    for (const pincode of ['900099', '100001'])
      expect(estimateDelivery({ productId: 1, pincode, pickupPincode: '400001', now: MONDAY })).toMatchObject(
        {
          deliverable: false,
          standard: null,
          express: null,
          message: 'Not deliverable to this pincode',
        },
      );
  });

  it('an order on a Sunday is counted from Monday', () => {
    const sunday = new Date('2026-11-22T06:00:00Z');
    expect(
      estimateDelivery({ productId: 1, pincode: '560001', pickupPincode: '302001', now: sunday }).standard,
    ).toEqual({ from: '2026-11-28', to: '2026-12-02' });
  });
});
