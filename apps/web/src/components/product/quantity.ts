import { maxUnitsMessage, MAX_UNITS_PER_PRODUCT } from '@bazaar/shared/limits';

/** What stopped a step up: the stock left, or the per-order cap of units of one product. */
export type QuantityLimit = 'stock' | 'cap';

/** The toast each limit shows (spec §8's 'Out of stock'; the cap's own message, per size, otherwise). */
export function quantityLimitMessage(limit: QuantityLimit, size?: string | null): string {
  return limit === 'stock' ? 'Out of stock' : maxUnitsMessage(size);
}

/**
 * Spec §4: quantity runs from 1 up to the stock, and never above MAX_UNITS_PER_PRODUCT; asking for more keeps the
 * quantity and says which limit refused it.
 */
export function nextQuantity(
  current: number,
  delta: 1 | -1,
  stock: number,
): { quantity: number; refusedBy: QuantityLimit | null } {
  const wanted = current + delta;
  if (wanted < 1) return { quantity: 1, refusedBy: null };
  if (delta > 0 && wanted > MAX_UNITS_PER_PRODUCT && stock >= wanted)
    return { quantity: current, refusedBy: 'cap' };
  if (delta > 0 && wanted > stock) return { quantity: current, refusedBy: 'stock' };
  return { quantity: wanted, refusedBy: null };
}
