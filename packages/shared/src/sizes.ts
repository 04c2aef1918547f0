/*
 * Size runs (issue 15), zod-free like limits.ts: the web app orders size chips and converts the size chart with them
 * on pages that must not load zod (building a zod object schema probes for eval, which the CSP refuses). The
 * schemas and charts that use them are in variants.ts, which re-exports all of this.
 */

/** Size runs, smallest first. The position of a size in its run orders chips, facets and charts. */
export const SIZE_SYSTEMS = {
  apparel: { label: 'Apparel', sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'] },
  waist: { label: 'Waist (inches)', sizes: ['28', '30', '32', '34', '36', '38', '40'] },
  'footwear-uk': {
    label: 'Footwear (UK)',
    sizes: ['UK 5', 'UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10', 'UK 11', 'UK 12'],
  },
  'footwear-kids': {
    label: 'Kids footwear (UK)',
    sizes: ['UK 9C', 'UK 10C', 'UK 11C', 'UK 12C', 'UK 13C', 'UK 1', 'UK 2', 'UK 3'],
  },
  'kids-age': {
    label: 'Kids (age)',
    sizes: [
      '2-3Y',
      '3-4Y',
      '4-5Y',
      '5-6Y',
      '6-7Y',
      '7-8Y',
      '8-9Y',
      '9-10Y',
      '10-11Y',
      '11-12Y',
      '12-13Y',
      '13-14Y',
    ],
  },
} as const satisfies Record<string, { label: string; sizes: readonly string[] }>;
export type SizeSystem = keyof typeof SIZE_SYSTEMS;
export const SIZE_SYSTEM_KEYS = Object.keys(SIZE_SYSTEMS) as SizeSystem[];

export function isSizeSystem(value: string | null | undefined): value is SizeSystem {
  return value != null && Object.hasOwn(SIZE_SYSTEMS, value);
}

/** Where a size sits in its run (for sorting); sizes outside every run go last. */
export function sizeRank(size: string): number {
  for (const system of SIZE_SYSTEM_KEYS) {
    const at = (SIZE_SYSTEMS[system].sizes as readonly string[]).indexOf(size);
    if (at >= 0) return SIZE_SYSTEM_KEYS.indexOf(system) * 100 + at;
  }
  return 10_000;
}

/** 1 in = 2.54 cm, to one decimal (the size chart's inches). */
export function centimetresToInches(cm: number): number {
  return Math.round((cm / 2.54) * 10) / 10;
}
