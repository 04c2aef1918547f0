import type { CartLine } from '@bazaar/shared';

/**
 * What a cart line can be bought up to: its variant's (size's) stock (issue 15); a line from a server without
 * variants falls back to the product's.
 */
export function lineStock(line: Pick<CartLine, 'variant' | 'productInfo'>): number {
  return line.variant?.stock ?? line.productInfo.stock;
}

/** The line's name in its controls' labels: two sizes of one product are two lines, told apart by the size. */
export function lineName(line: Pick<CartLine, 'variant' | 'productInfo'>): string {
  const size = line.variant?.size;
  return size ? `${line.productInfo.name} (Size ${size})` : line.productInfo.name;
}
