import { sizeRank } from '@bazaar/shared/sizes';

/**
 * A size with this many pieces or fewer says "Only N left" under its chip (Myntra's habit of naming scarcity per
 * size); above it the count is not shown.
 */
export const FEW_LEFT_PER_SIZE = 3;

/** "Only 2 left" for a size that is nearly gone, or null. */
export function fewLeftNote(stock: number): string | null {
  return stock > 0 && stock <= FEW_LEFT_PER_SIZE ? `Only ${stock} left` : null;
}

/** Variants in size-run order (XS before S before M…), whatever order they came in. */
export function inSizeOrder<T extends { size: string | null }>(variants: readonly T[]): T[] {
  return [...variants].sort((a, b) => sizeRank(a.size ?? '') - sizeRank(b.size ?? ''));
}
