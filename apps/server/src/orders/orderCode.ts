import { randomInt } from 'node:crypto';
import { ORDER_CODE_ALPHABET } from '@bazaar/shared';

const RANDOM_PART_LENGTH = 6;

/**
 * A public order id like BZ-2611-8F3K2Q: the year and month it was placed, then six characters drawn with the
 * crypto RNG from a 32-letter unambiguous alphabet (about a billion codes a month), so ids are easy to read out
 * but cannot be guessed or enumerated.
 */
export function newOrderCode(now: Date = new Date()): string {
  const yymm = `${String(now.getUTCFullYear() % 100).padStart(2, '0')}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  let random = '';
  for (let i = 0; i < RANDOM_PART_LENGTH; i++)
    random += ORDER_CODE_ALPHABET[randomInt(ORDER_CODE_ALPHABET.length)];
  return `BZ-${yymm}-${random}`;
}
