import { randomBytes } from 'node:crypto';
import { signCustomerToken } from '../apps/server/src/auth/session';
import type { Fixtures } from './database';
import { rotation, type Step } from './load';

/** A scenario: a name and the steps each connection loops through. */
export interface Scenario {
  key: string;
  name: string;
  steps: Step[];
  /** Whether the catalogue is read-only during it (so its rows compare against the ceiling). */
  readOnly: boolean;
  /** Every URL a read-only scenario asks for, so the bench can fill the response cache before measuring. */
  paths?: string[];
}

const SEARCH_TERMS = [
  'kurta',
  'shirt',
  'saree',
  'jeans',
  'sneakers',
  'watch',
  'lipstick',
  'cotton',
  'silk',
  'lamp',
];
const SUGGESTION_PREFIXES = [
  'k',
  'ku',
  'kur',
  'kurt',
  's',
  'sh',
  'shi',
  'shir',
  'sa',
  'sar',
  'sare',
  'j',
  'je',
  'jea',
  'w',
  'wa',
  'wat',
  'l',
  'li',
  'lip',
  'co',
  'cot',
  'cott',
  'si',
  'sil',
  'la',
  'lam',
  'sn',
  'sne',
  'snea',
  'de',
  'den',
  'dr',
  'dre',
  'to',
  'top',
  'he',
  'hee',
  'ha',
  'han',
  'cu',
  'cur',
  'be',
  'bed',
  'ta',
  'tow',
  'pe',
  'per',
  'se',
  'ser',
];
const PRICE_BANDS: [number, number][] = [
  [0, 500],
  [300, 1500],
  [1000, 3000],
  [2500, 10_000],
];
const SORTS = ['', 'low-to-high', 'high-to-low'];

/**
 * The listing mix: every combination the shop's filter panel produces, in a fixed pseudo-random order:
 * category (groups and subcategories), price band, minimum rating, sort, page 1–20 and search words.
 */
export function listingPaths(fixtures: Fixtures, count = 600): string[] {
  const paths: string[] = [];
  for (let i = 0; paths.length < count; i++) {
    const params = new URLSearchParams();
    if (i % 3 !== 2) params.set('category', fixtures.categorySlugs[(i * 7) % fixtures.categorySlugs.length]);
    if (i % 4 === 1) {
      const [low, high] = PRICE_BANDS[(i >> 2) % PRICE_BANDS.length];
      params.set('lowPrice', String(low));
      params.set('highPrice', String(high));
    }
    if (i % 5 === 3) params.set('rating', String(1 + (i % 4)));
    const sort = SORTS[i % SORTS.length];
    if (sort) params.set('sortPrice', sort);
    params.set('pageNumber', String(1 + ((i * 13) % 20)));
    if (i % 6 === 4) params.set('searchValue', SEARCH_TERMS[(i >> 1) % SEARCH_TERMS.length]);
    paths.push(`/api/home/query-products?${params}`);
  }
  return paths;
}

/** What Chromium's fetch sends: the server answers large catalogue bodies compressed, as shoppers get them. */
export const BROWSER_ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * A public catalogue read, asked the way a browser asks. (The signed-in scenarios read order ids out of their
 * answers, so they ask for plain bodies; those answers are mostly under the 1 KB compression threshold anyway.)
 */
const get = (path: () => string): Step => ({
  build: () => ({ path: path(), headers: BROWSER_ACCEPT_ENCODING }),
});

/** A read-only scenario: every connection takes the next of `paths` in turn. */
function reads(key: string, name: string, paths: string[]): Scenario {
  return { key, name, steps: [get(rotation(paths))], readOnly: true, paths };
}

/** Tokens for every bench customer, signed the way the server signs them (token_version 0). */
function customerTokens(fixtures: Fixtures, jwtSecret: string) {
  return fixtures.customers.map((customer) => ({
    ...customer,
    token: signCustomerToken(
      jwtSecret,
      { id: customer.id, name: `Bench Shopper`, email: `shopper@bench.bazaar.test` },
      0,
    ),
  }));
}

export interface OrderCounters {
  created: number;
  soldOut: number;
  paid: number;
}

export function buildScenarios(fixtures: Fixtures, jwtSecret: string, orders: OrderCounters): Scenario[] {
  const customers = customerTokens(fixtures, jwtSecret);
  const homeCalls = [
    '/api/home/get-categorys',
    '/api/home/get_subcategory_newlist',
    '/api/home/home-page-product-listing',
    '/api/home/get-products',
    '/api/home/price-range-latest-product',
  ];

  // Cart: each cycle is one shopper adding a product and reading their cart back.
  const nextCartShopper = rotation(customers);
  const nextCartProduct = rotation(fixtures.cartProductIds);
  const cart: Step[] = [
    {
      method: 'POST',
      build(context) {
        const shopper = nextCartShopper();
        context.token = shopper.token;
        return {
          path: '/api/home/product/add-to-card',
          body: { productId: nextCartProduct(), quantity: 1 },
          headers: { authorization: `Bearer ${shopper.token}` },
        };
      },
    },
    {
      build: (context) => ({
        path: '/api/home/product/get-card-product',
        headers: { authorization: `Bearer ${String(context.token)}` },
      }),
    },
  ];

  // Orders: a shopper buys one or two of a scarce product (Buy Now) and opens its UPI payment.
  const nextOrderShopper = rotation(customers);
  const nextOrderProduct = rotation(fixtures.orderProducts);
  const runId = randomBytes(4).toString('hex');
  let orderSequence = 0;
  const placeOrder: Step[] = [
    {
      method: 'POST',
      expectedStatuses: [409],
      build(context) {
        const shopper = nextOrderShopper();
        context.token = shopper.token;
        orderSequence += 1;
        return {
          path: '/api/home/order/palce-order',
          body: {
            addressId: shopper.addressId,
            idempotencyKey: `bench-${runId}-${orderSequence}`,
            buyNow: { productId: nextOrderProduct().id, quantity: 1 + (orderSequence % 2) },
          },
          headers: { authorization: `Bearer ${shopper.token}` },
        };
      },
      onResponse(status, body, context) {
        if (status === 409) orders.soldOut += 1;
        if (status < 200 || status > 299) return;
        orders.created += 1;
        context.orderId = (JSON.parse(body) as { orderId: string }).orderId;
      },
    },
    {
      method: 'POST',
      build: (context) =>
        context.orderId
          ? {
              path: '/api/payment/do_payment',
              body: { orderId: context.orderId },
              headers: { authorization: `Bearer ${String(context.token)}` },
            }
          : null,
      onResponse(status) {
        if (status >= 200 && status <= 299) orders.paid += 1;
      },
    },
  ];

  return [
    reads('listing', '(a) query-products mix', listingPaths(fixtures)),
    reads(
      'product',
      '(b) get-product/{slug}',
      fixtures.productSlugs.map((slug) => `/api/home/get-product/${slug}`),
    ),
    reads('home', '(c) home page calls', homeCalls),
    reads(
      'suggestions',
      '(d) search suggestions',
      SUGGESTION_PREFIXES.map((prefix) => `/api/home/get_search_products?value=${prefix}`),
    ),
    { key: 'cart', name: '(e) add-to-card + get-card-product', steps: cart, readOnly: false },
    { key: 'orders', name: '(f) palce-order + do_payment', steps: placeOrder, readOnly: false },
  ];
}
