import { SIZE_SYSTEMS, type SizeSystem } from '@bazaar/shared';
import type { Random } from './random';

/*
 * Size runs and per-size stock for the demo catalogue (issue 15). A subcategory with sizes names its size system
 * and the runs its products come in (a contiguous slice of the system's sizes, weighted as a shop would stock
 * them); each product then gets uneven stock per size: deeper in the middle of the run, thinner at its ends, some
 * sizes sold out, and a few products down to their last unit or two of one size.
 */

export interface SizeRun {
  from: string;
  to: string;
  /** Relative frequency among the subcategory's runs. */
  weight: number;
}

export interface Sizing {
  system: SizeSystem;
  runs: readonly SizeRun[];
}

const run = (from: string, to: string, weight: number): SizeRun => ({ from, to, weight });

/** The runs each kind of garment comes in; the sizes must exist in the system (checked by `sizesOf`). */
export const sizings = {
  /** Men's tops and kurtas: mostly S–XXL, some to XXXL, a few XS–XL. */
  menApparel: {
    system: 'apparel',
    runs: [run('S', 'XXL', 55), run('S', 'XXXL', 25), run('M', 'XXXL', 10), run('XS', 'XL', 10)],
  },
  /** Women's tops, dresses and kurtas: XS–XL or S–XXL. */
  womenApparel: {
    system: 'apparel',
    runs: [run('XS', 'XL', 45), run('S', 'XXL', 35), run('XS', 'XXL', 20)],
  },
  menWaist: { system: 'waist', runs: [run('28', '40', 50), run('30', '40', 30), run('28', '36', 20)] },
  womenWaist: { system: 'waist', runs: [run('28', '36', 60), run('28', '38', 40)] },
  menFootwear: {
    system: 'footwear-uk',
    runs: [run('UK 6', 'UK 11', 50), run('UK 6', 'UK 12', 30), run('UK 7', 'UK 11', 20)],
  },
  womenFootwear: { system: 'footwear-uk', runs: [run('UK 5', 'UK 8', 50), run('UK 5', 'UK 9', 50)] },
  kidsAge: {
    system: 'kids-age',
    runs: [run('2-3Y', '13-14Y', 25), run('2-3Y', '9-10Y', 35), run('4-5Y', '13-14Y', 40)],
  },
  kidsFootwear: { system: 'footwear-kids', runs: [run('UK 9C', 'UK 3', 60), run('UK 10C', 'UK 2', 40)] },
} as const satisfies Record<string, Sizing>;

/** The sizes of a run, smallest first. */
export function sizesOf(system: SizeSystem, { from, to }: SizeRun): string[] {
  const all: readonly string[] = SIZE_SYSTEMS[system].sizes;
  const first = all.indexOf(from);
  const last = all.indexOf(to);
  if (first < 0 || last < first) throw new Error(`No size run ${from}–${to} in ${system}`);
  return all.slice(first, last + 1);
}

/** One of the sizing's runs, by weight. */
export function pickSizeRun(random: Random, sizing: Sizing): string[] {
  const total = sizing.runs.reduce((sum, r) => sum + r.weight, 0);
  let roll = random.next() * total;
  for (const r of sizing.runs) {
    roll -= r.weight;
    if (roll < 0) return sizesOf(sizing.system, r);
  }
  return sizesOf(sizing.system, sizing.runs.at(-1)!);
}

/**
 * Stock per size of one product, in the run's order. About 7 % of products are sold out in every size, 4 % are
 * down to one size with 1–2 units ("Only 2 left"), 11 % run low across the board; the rest are stocked deepest in
 * the middle of the run, with an edge size more often sold out than a middle one.
 */
export function sizeStocks(random: Random, count: number): number[] {
  const roll = random.next();
  if (roll < 0.07) return Array<number>(count).fill(0);
  if (roll < 0.11) {
    const stocks = Array<number>(count).fill(0);
    // The size left over is rarely the most popular one: anywhere in the run.
    stocks[random.int(0, count - 1)] = random.int(1, 2);
    return stocks;
  }
  if (roll < 0.22) return Array.from({ length: count }, () => (random.chance(0.35) ? 0 : random.int(1, 6)));
  const depth = random.int(8, 45);
  const centre = (count - 1) / 2;
  return Array.from({ length: count }, (_, i) => {
    // 0 in the middle of the run, 1 at its ends.
    const edge = centre > 0 ? Math.abs(i - centre) / centre : 0;
    if (random.chance(0.05 + 0.12 * edge)) return 0;
    const weight = 1 - 0.7 * edge * edge;
    return Math.max(1, Math.round(depth * weight * (0.6 + 0.8 * random.next())));
  });
}

/** A SKU's size part: 'UK 9C' → 'UK9C'. */
export function skuSize(size: string): string {
  return size.replace(/\s+/g, '').toUpperCase();
}

/** The SKU of a product's variant: `P{id}` for the default variant (as migration 014 names it), `P{id}-{size}`. */
export function variantSku(productId: number, size: string | null): string {
  return size === null ? `P${productId}` : `P${productId}-${skuSize(size)}`;
}
