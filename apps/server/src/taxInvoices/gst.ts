/**
 * The arithmetic of a GST tax invoice, in paise, with no I/O. Prices on Bazaar are GST-inclusive (MRP), so a
 * line's taxable value is its inclusive amount divided by (1 + rate), rounded half up to the paisa: the one
 * rounding rule. The tax is what is left (inclusive − taxable), so every line, and so every total, adds up to
 * exactly what the shopper paid. CGST and SGST are each half of it, CGST taking an odd paisa.
 */

/** The GST state code of each state and union territory (the first two digits of a GSTIN). */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/** "Karnataka (29)", or the name alone for a state without a code on file. */
export function stateWithCode(state: string): string {
  const code = GST_STATE_CODES[state];
  return code ? `${state} (${code})` : state;
}

export type SupplyType = 'intra' | 'inter';

/**
 * CGST + SGST when the goods stay in the seller's state, IGST when they cross a state line (IGST Act s.7–8). A
 * seller whose state is not on file is treated as supplying inter-state.
 */
export function supplyTypeOf(sellerState: string | null, shippingState: string): SupplyType {
  return sellerState && sellerState.trim().toLowerCase() === shippingState.trim().toLowerCase()
    ? 'intra'
    : 'inter';
}

/** The Indian financial year (April to March, in India's time zone) of an instant: '2026-27'. */
export function financialYearOf(at: Date): string {
  const ist = new Date(at.getTime() + (5 * 60 + 30) * 60 * 1000);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/**
 * A document's number in its seller's series: `S12/2627/000042` for an invoice, `CN/12/2627/0042` for a credit
 * note. GST rule 46(b) allows at most 16 characters, so the year is written '2627' for 2026-27.
 */
export function documentNumber(
  kind: 'invoice' | 'credit_note',
  sellerId: number,
  financialYear: string,
  sequence: number,
): string {
  const year = financialYear.slice(2, 4) + financialYear.slice(5, 7);
  return kind === 'invoice'
    ? `S${sellerId}/${year}/${String(sequence).padStart(6, '0')}`
    : `CN/${sellerId}/${year}/${String(sequence).padStart(4, '0')}`;
}

export interface HsnRate {
  rate_percent: number;
  high_rate_percent: number | null;
  slab_limit: number | null;
}

/**
 * The rate of one piece selling at `unitPaise` (GST-inclusive). For apparel and footwear the law's threshold is on
 * the value before tax: a piece is at the low rate when its taxable value at that rate is within the slab, else
 * at the high rate (so ₹2,625 inclusive is ₹2,500 + 5 %, and ₹2,626 is taxed at 18 %).
 */
export function rateOfPiece(rate: HsnRate, unitPaise: number): number {
  if (rate.high_rate_percent === null || rate.slab_limit === null) return rate.rate_percent;
  return taxableOf(unitPaise, rate.rate_percent) <= rate.slab_limit * 100
    ? rate.rate_percent
    : rate.high_rate_percent;
}

/** Taxable value of a GST-inclusive amount: amount / (1 + rate), rounded half up to the paisa. */
export function taxableOf(inclusivePaise: number, ratePercent: number): number {
  return Math.round((inclusivePaise * 100) / (100 + ratePercent));
}

export interface TaxAmounts {
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
}

/** Splits a GST-inclusive amount into taxable value and taxes; the parts add up to `inclusivePaise`. */
export function taxAmounts(inclusivePaise: number, ratePercent: number, supply: SupplyType): TaxAmounts {
  const taxable = taxableOf(inclusivePaise, ratePercent);
  const tax = inclusivePaise - taxable;
  const cgst = supply === 'intra' ? Math.ceil(tax / 2) : 0;
  return {
    taxable_paise: taxable,
    cgst_paise: cgst,
    sgst_paise: supply === 'intra' ? tax - cgst : 0,
    igst_paise: supply === 'inter' ? tax : 0,
    total_paise: inclusivePaise,
  };
}

/** The sum of each amount over lines. */
export function sumAmounts(lines: readonly TaxAmounts[]): TaxAmounts {
  const total: TaxAmounts = { taxable_paise: 0, cgst_paise: 0, sgst_paise: 0, igst_paise: 0, total_paise: 0 };
  for (const line of lines)
    for (const key of Object.keys(total) as (keyof TaxAmounts)[]) total[key] += line[key];
  return total;
}

/**
 * `amount` split over `weights` in proportion, in whole units, adding up to `amount` exactly: each share rounded
 * down, the units left over going to the largest remainders (earliest first on a tie).
 */
export function splitInProportion(amount: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (whole <= 0) return weights.map((_, index) => (index === 0 ? amount : 0));
  const exact = weights.map((weight) => (amount * weight) / whole);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] += 1;
    left -= 1;
  }
  return shares;
}
