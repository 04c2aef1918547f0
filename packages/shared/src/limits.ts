/*
 * Limits and fixed values the server and the web app agree on. They live apart from the zod schemas that use them
 * so the web app can import them (`@bazaar/shared/limits`) without pulling zod into pages that validate nothing:
 * a bundler cannot drop a module's schema definitions once anything else from that module is used.
 */

/** Catalogue listing page size (the server's `parPage`). */
export const PRODUCTS_PER_PAGE = 12;
/**
 * Deepest listing page served. Offset pagination reads and throws away every row before the page, so without a
 * bound page 8,000 of an unfiltered 100,000-product listing would walk the whole index on every request; 100
 * pages (1,200 products) is more than shoppers page through before narrowing the filters or the sort.
 */
export const MAX_LISTING_PAGE = 100;
/**
 * A search's `totalProduct` counts at most this many matches (every page a shopper can reach), and the answer's
 * `totalProductCapped` says when there are more ("1,200+ results"): counting every match of a common word read
 * thousands of rows per search.
 */
export const SEARCH_COUNT_CAP = MAX_LISTING_PAGE * PRODUCTS_PER_PAGE;
/**
 * Most units of one product, in one size for a product with sizes, one order may hold, and so one cart line or one
 * Buy Now (Myntra's cap, which is per size): without it one free account could hold a product's whole stock in a
 * single unpaid order.
 */
export const MAX_UNITS_PER_PRODUCT = 10;
export const MAX_UNITS_MESSAGE = `You can buy at most ${MAX_UNITS_PER_PRODUCT} units of a product per order`;

/** The cap's message for a line: per size when the product has sizes. */
export function maxUnitsMessage(size?: string | null): string {
  return size
    ? `You can buy at most ${MAX_UNITS_PER_PRODUCT} units of size ${size} per order`
    : MAX_UNITS_MESSAGE;
}
/** Reviews shown per page on the product page. */
export const REVIEWS_PER_PAGE = 5;
/** Most items the header's search suggestions ever receive. */
export const SEARCH_SUGGESTION_LIMIT = 30;
export const REVIEW_MAX_LENGTH = 1000;
export const SEARCH_TEXT_MAX_LENGTH = 100;

export const SORT_PRICE_VALUES = ['low-to-high', 'high-to-low'] as const;
export type SortPrice = (typeof SORT_PRICE_VALUES)[number];

/**
 * The listing's sorts (issue 15), GET /home/query-products `sort`. `price-asc`/`price-desc` mean what the spec's
 * `sortPrice` low-to-high/high-to-low mean; when a request sends both, `sort` wins.
 */
export const LISTING_SORTS = [
  'popularity',
  'newest',
  'discount',
  'rating',
  'price-asc',
  'price-desc',
] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/** The discount facet's steps: "10% and above" … "70% and above" (`discount` is a minimum percent). */
export const DISCOUNT_STEPS = [10, 20, 30, 40, 50, 60, 70] as const;
/** Most values one facet filter may name (brand=a,b,c…): more is no shopper's filter, only a costlier query. */
export const MAX_FACET_FILTER_VALUES = 30;

export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** How many messages one history page carries (the latest page when a conversation opens, older ones on scroll up). */
export const CHAT_PAGE_SIZE = 50;
