import type * as shared from '@bazaar/shared';

/*
 * Two shared limits that code in the entry chunk (the header's search box, the chat store) needs. Importing them
 * from @bazaar/shared would also run the zod schemas defined beside them, which the bundler cannot drop, and so
 * put zod (about 24 KB gzipped) in front of every page. They are restated here with the shared literal types,
 * so the compiler fails the moment the two disagree.
 */

/** Longest header search text the server accepts. */
export const SEARCH_TEXT_MAX_LENGTH: typeof shared.SEARCH_TEXT_MAX_LENGTH = 100;

/** Messages in one chat history page; a full page means older ones may exist. */
export const CHAT_PAGE_SIZE: typeof shared.CHAT_PAGE_SIZE = 50;
