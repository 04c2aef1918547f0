/**
 * The listing feature's public entry: what the rest of the app may use of it (docs/architecture.md).
 */
// main.tsx imports this before the first paint: plain re-exports of plain (zod-free) modules only, so that the
// bundle takes just what is used.
export { LISTING_PATHS, listingRequestPath, readShopFilters } from '@bazaar/shared/listing';
