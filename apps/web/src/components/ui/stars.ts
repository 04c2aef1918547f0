export type StarFill = 'full' | 'half' | 'empty';

/** Ratings run 0 to 5 in half steps; anything else is clamped and rounded to the nearest half. */
export function normaliseRating(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.round(Math.min(5, Math.max(0, rating)) * 2) / 2;
}

/** Five star fills for a rating: a half star appears exactly when the rating ends in .5. */
export function starFills(rating: number): StarFill[] {
  const value = normaliseRating(rating);
  return Array.from({ length: 5 }, (_, i) =>
    value >= i + 1 ? 'full' : value === i + 0.5 ? 'half' : 'empty',
  );
}

export function ratingLabel(rating: number): string {
  return `Rated ${normaliseRating(rating)} out of 5`;
}
