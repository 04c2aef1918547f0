/*
 * The product page's pincode check (issue 15): does the seller deliver to a pincode, and by when.
 *
 * The rule, from the Shipping Policy (/shipping-policy, spec §2 "Policy text facts"):
 * - A pincode is six digits, the first 1–9. Its first two digits name its postal region (a state or a group of
 *   neighbouring states, as India Post's circles do); the table below has every region in use.
 * - We deliver to every region except the Army Postal Service's pincodes (90–99), which serve the armed forces'
 *   field post offices that couriers cannot reach. Two-digit prefixes India Post does not use (10, 29, 35, 54, 55,
 *   65, 66, 86–89) are no pincode of anywhere, so nothing is delivered there either.
 * - An order is processed within 24–48 business hours (dispatched 1–2 business days after the order), then
 *   travels 5–7 business days (standard) or 2–4 (express) after dispatch. So standard arrives 6–9 business days
 *   after today and express 3–6.
 * - When the seller's pickup pincode is in the same region as the shopper's, every delivery is one day faster.
 * - Business days are Monday to Saturday: Sundays are skipped (public holidays are not, as they differ by state).
 *   "Today" is the date in India (IST, UTC+5:30), whatever the server's time zone.
 */

export interface PincodeRegion {
  name: string;
  /** The states and union territories in it (a seller's pickup state must be one of its region's). */
  states: readonly string[];
  /** False where couriers do not deliver. */
  serviceable: boolean;
}

const region = (name: string, states: string[], serviceable = true): PincodeRegion => ({
  name,
  states,
  serviceable,
});

/** India Post's postal regions by the first two digits of the pincode (inclusive ranges). */
const REGIONS: Array<[from: number, to: number, region: PincodeRegion]> = [
  [11, 11, region('Delhi', ['Delhi'])],
  [12, 13, region('Haryana', ['Haryana'])],
  [14, 16, region('Punjab & Chandigarh', ['Punjab', 'Chandigarh'])],
  [17, 17, region('Himachal Pradesh', ['Himachal Pradesh'])],
  [18, 19, region('Jammu, Kashmir & Ladakh', ['Jammu and Kashmir', 'Ladakh'])],
  [20, 28, region('Uttar Pradesh & Uttarakhand', ['Uttar Pradesh', 'Uttarakhand'])],
  [30, 34, region('Rajasthan', ['Rajasthan'])],
  [36, 39, region('Gujarat', ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu'])],
  [40, 44, region('Maharashtra & Goa', ['Maharashtra', 'Goa'])],
  [45, 48, region('Madhya Pradesh', ['Madhya Pradesh'])],
  [49, 49, region('Chhattisgarh', ['Chhattisgarh'])],
  [50, 50, region('Telangana', ['Telangana'])],
  [51, 53, region('Andhra Pradesh', ['Andhra Pradesh'])],
  [56, 59, region('Karnataka', ['Karnataka'])],
  [60, 64, region('Tamil Nadu & Puducherry', ['Tamil Nadu', 'Puducherry'])],
  [67, 69, region('Kerala & Lakshadweep', ['Kerala', 'Lakshadweep'])],
  [
    70,
    74,
    region('West Bengal, Sikkim, Andaman & Nicobar', [
      'West Bengal',
      'Sikkim',
      'Andaman and Nicobar Islands',
    ]),
  ],
  [75, 77, region('Odisha', ['Odisha'])],
  [78, 78, region('Assam', ['Assam'])],
  [
    79,
    79,
    region('North East', ['Arunachal Pradesh', 'Manipur', 'Meghalaya', 'Mizoram', 'Nagaland', 'Tripura']),
  ],
  [80, 85, region('Bihar & Jharkhand', ['Bihar', 'Jharkhand'])],
  [90, 99, region('Army Postal Service', [], false)],
];

export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;

/** The postal region of a six-digit pincode; undefined for a malformed one or a prefix no region uses. */
export function pincodeRegion(pincode: string): PincodeRegion | undefined {
  if (!PINCODE_PATTERN.test(pincode)) return undefined;
  const prefix = Number(pincode.slice(0, 2));
  return REGIONS.find(([from, to]) => prefix >= from && prefix <= to)?.[2];
}

/**
 * Where the seeded shops' cities (and other large ones) send parcels from: the state and the head post office's
 * pincode. Migration 015 fills a seller's pickup address from the city it names.
 */
export const CITY_PICKUPS: Readonly<Record<string, { state: string; pincode: string }>> = {
  Ahmedabad: { state: 'Gujarat', pincode: '380001' },
  Amritsar: { state: 'Punjab', pincode: '143001' },
  Bengaluru: { state: 'Karnataka', pincode: '560001' },
  Bangalore: { state: 'Karnataka', pincode: '560001' },
  Bhopal: { state: 'Madhya Pradesh', pincode: '462001' },
  Bhubaneswar: { state: 'Odisha', pincode: '751001' },
  Chandigarh: { state: 'Chandigarh', pincode: '160017' },
  Chennai: { state: 'Tamil Nadu', pincode: '600001' },
  Coimbatore: { state: 'Tamil Nadu', pincode: '641001' },
  Dehradun: { state: 'Uttarakhand', pincode: '248001' },
  Delhi: { state: 'Delhi', pincode: '110001' },
  'New Delhi': { state: 'Delhi', pincode: '110001' },
  Guwahati: { state: 'Assam', pincode: '781001' },
  Gurugram: { state: 'Haryana', pincode: '122001' },
  Gurgaon: { state: 'Haryana', pincode: '122001' },
  Hyderabad: { state: 'Telangana', pincode: '500001' },
  Indore: { state: 'Madhya Pradesh', pincode: '452001' },
  Jaipur: { state: 'Rajasthan', pincode: '302001' },
  Kochi: { state: 'Kerala', pincode: '682001' },
  Kolkata: { state: 'West Bengal', pincode: '700001' },
  Lucknow: { state: 'Uttar Pradesh', pincode: '226001' },
  Ludhiana: { state: 'Punjab', pincode: '141001' },
  Mumbai: { state: 'Maharashtra', pincode: '400001' },
  Mysuru: { state: 'Karnataka', pincode: '570001' },
  Nagpur: { state: 'Maharashtra', pincode: '440001' },
  Noida: { state: 'Uttar Pradesh', pincode: '201301' },
  Panaji: { state: 'Goa', pincode: '403001' },
  Patna: { state: 'Bihar', pincode: '800001' },
  Pune: { state: 'Maharashtra', pincode: '411001' },
  Raipur: { state: 'Chhattisgarh', pincode: '492001' },
  Ranchi: { state: 'Jharkhand', pincode: '834001' },
  Surat: { state: 'Gujarat', pincode: '395003' },
  Thiruvananthapuram: { state: 'Kerala', pincode: '695001' },
  Varanasi: { state: 'Uttar Pradesh', pincode: '221001' },
  Visakhapatnam: { state: 'Andhra Pradesh', pincode: '530001' },
};

/** Business days, from the Shipping Policy: dispatch after processing, then the journey by each service. */
export const DELIVERY_POLICY = {
  /** 24–48 business hours of processing. */
  processingDays: [1, 2],
  standardDays: [5, 7],
  expressDays: [2, 4],
  /** Taken off both ends when the seller ships from the shopper's own region. */
  sameRegionSaving: 1,
} as const;

/** India's offset from UTC (no daylight saving). */
const IST_OFFSET_MS = 330 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Today's date in India, as YYYY-MM-DD. */
export function indianDate(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The date `days` business days (Monday–Saturday) after `date` (YYYY-MM-DD). */
export function addBusinessDays(date: string, days: number): string {
  let at = Date.parse(`${date}T00:00:00Z`);
  for (let left = days; left > 0;) {
    at += DAY_MS;
    if (new Date(at).getUTCDay() !== 0) left -= 1;
  }
  return new Date(at).toISOString().slice(0, 10);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Fri, 28 Nov' for 2025-11-28, the way Indian shops print delivery dates (no locale data needed). */
export function formatDeliveryDate(date: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[at.getUTCDay()]}, ${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]}`;
}

export const deliveryMessages = {
  invalidPincode: 'Please enter a valid 6-digit pincode',
  notDeliverable: 'Not deliverable to this pincode',
  productNotFound: 'Product not found',
  deliveryBy: (date: string) => `Delivery by ${formatDeliveryDate(date)}`,
  expressBy: (date: string) => `Express by ${formatDeliveryDate(date)}`,
} as const;
