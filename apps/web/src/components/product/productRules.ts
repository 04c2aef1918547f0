import type { ProductDto } from '@bazaar/shared';

/** A product counts as a new arrival for this many days after it was listed. */
export const NEW_ARRIVAL_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The single rule behind the 'New' badge: listed within the last NEW_ARRIVAL_DAYS days. */
export function isNewArrival(createdAt: string | undefined, now: number = Date.now()): boolean {
  if (!createdAt) return false;
  const listedAt = Date.parse(createdAt);
  if (Number.isNaN(listedAt)) return false;
  const age = now - listedAt;
  return age >= 0 && age <= NEW_ARRIVAL_DAYS * DAY_MS;
}

/** Neutral garment silhouette shown when a product has no image or its image fails to load. */
export const FALLBACK_PRODUCT_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400">' +
      '<rect width="300" height="400" fill="#f7f7f9"/>' +
      '<path d="M110 110l40-20 40 20 45 30-20 40-25-12v132H110V168l-25 12-20-40z" fill="#eaeaec"/>' +
      '<text x="150" y="350" font-family="sans-serif" font-size="18" fill="#a9abb3" text-anchor="middle">No image</text>' +
      '</svg>',
  );

export function primaryImage(product: Pick<ProductDto, 'images'>): string {
  return product.images?.[0] || FALLBACK_PRODUCT_IMAGE;
}

export function productPath(slug: string): string {
  return `/product/details/${encodeURIComponent(slug)}`;
}
