import type * as shared from '@bazaar/shared';

/*
 * Shared constants that pages on the visitor's path (header, listing, product page, chat store) need. Importing
 * them from @bazaar/shared would also run the zod schemas defined beside them, which the bundler cannot drop, and
 * so put zod (about 25 KB gzipped) in front of those pages, which validate nothing. They are restated here with
 * the shared literal types, so the compiler fails the moment the two disagree.
 */

/** Longest header search text the server accepts. */
export const SEARCH_TEXT_MAX_LENGTH: typeof shared.SEARCH_TEXT_MAX_LENGTH = 100;

/** Messages in one chat history page; a full page means older ones may exist. */
export const CHAT_PAGE_SIZE: typeof shared.CHAT_PAGE_SIZE = 50;

/** Deepest listing page the server serves. */
export const MAX_LISTING_PAGE: typeof shared.MAX_LISTING_PAGE = 100;

/** The listing's price sorts, as the server names them. */
export const SORT_PRICE_VALUES: typeof shared.SORT_PRICE_VALUES = ['low-to-high', 'high-to-low'];

/** Reviews per page on the product page. */
export const REVIEWS_PER_PAGE: typeof shared.REVIEWS_PER_PAGE = 5;

/** Longest review text the server accepts. */
export const REVIEW_MAX_LENGTH: typeof shared.REVIEW_MAX_LENGTH = 1000;
