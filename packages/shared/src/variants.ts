import { z } from 'zod';
import { SIZE_SYSTEM_KEYS, SIZE_SYSTEMS, isSizeSystem, type SizeSystem } from './sizes';

/**
 * Sizes and variants (issue 15). A product has at most one size system; it sells one variant per size (or a single
 * default variant, size null, when it has none). Colour belongs to the product: another colour is a sibling product
 * sharing the same `styleCode`, with its own photos.
 */

// The size runs and the conversions the web app uses before any schema is needed live in the zod-free sizes.ts
// (`@bazaar/shared/sizes`): building a zod object schema probes for eval, which the shop's CSP refuses.
export {
  centimetresToInches,
  isSizeSystem,
  SIZE_SYSTEM_KEYS,
  SIZE_SYSTEMS,
  sizeRank,
  type SizeSystem,
} from './sizes';
/** Body measurements per size, in centimetres (the web app converts to inches: 1 in = 2.54 cm). */
interface ChartData {
  title: string;
  measurements: readonly string[];
  rows: Readonly<Record<string, readonly number[]>>;
  howToMeasure: string;
}

const CHARTS: Record<SizeSystem, ChartData> = {
  apparel: {
    title: 'Apparel size chart',
    measurements: ['Chest', 'Waist', 'Shoulder', 'Length'],
    rows: {
      XS: [84, 71, 40, 66],
      S: [91, 76, 42, 69],
      M: [97, 81, 44, 71],
      L: [102, 86, 46, 74],
      XL: [107, 91, 48, 76],
      XXL: [112, 97, 50, 79],
      XXXL: [117, 102, 52, 81],
    },
    howToMeasure:
      'Chest: around the fullest part, under the arms. Waist: around the natural waistline. Length: from the highest point of the shoulder to the hem.',
  },
  waist: {
    title: 'Bottoms size chart',
    measurements: ['Waist', 'Hip', 'Inseam'],
    rows: {
      '28': [71, 89, 76],
      '30': [76, 94, 78],
      '32': [81, 99, 79],
      '34': [86, 104, 80],
      '36': [91, 109, 81],
      '38': [97, 114, 81],
      '40': [102, 119, 82],
    },
    howToMeasure:
      'Waist: where you wear your trousers. Hip: around the fullest part. Inseam: from the crotch to the ankle bone.',
  },
  'footwear-uk': {
    title: 'Footwear size chart',
    measurements: ['Foot length'],
    rows: {
      'UK 5': [23.8],
      'UK 6': [24.6],
      'UK 7': [25.4],
      'UK 8': [26.2],
      'UK 9': [27.1],
      'UK 10': [27.9],
      'UK 11': [28.8],
      'UK 12': [29.6],
    },
    howToMeasure:
      'Stand on a sheet of paper and measure from the back of the heel to the tip of the longest toe.',
  },
  'footwear-kids': {
    title: 'Kids footwear size chart',
    measurements: ['Foot length'],
    rows: {
      'UK 9C': [16.5],
      'UK 10C': [17.3],
      'UK 11C': [18.2],
      'UK 12C': [19.0],
      'UK 13C': [19.9],
      'UK 1': [20.7],
      'UK 2': [21.6],
      'UK 3': [22.4],
    },
    howToMeasure:
      'Measure both feet from heel to longest toe in the evening, and pick the size of the longer one.',
  },
  'kids-age': {
    title: 'Kids size chart',
    measurements: ['Height', 'Chest', 'Waist'],
    rows: {
      '2-3Y': [92, 53, 51],
      '3-4Y': [98, 55, 52],
      '4-5Y': [104, 57, 53],
      '5-6Y': [110, 59, 54],
      '6-7Y': [116, 61, 55],
      '7-8Y': [122, 64, 57],
      '8-9Y': [128, 67, 59],
      '9-10Y': [134, 70, 61],
      '10-11Y': [140, 73, 63],
      '11-12Y': [146, 76, 65],
      '12-13Y': [152, 80, 67],
      '13-14Y': [158, 84, 69],
    },
    howToMeasure:
      'Height: standing straight, without shoes. Chest and waist: around the fullest part, over light clothes.',
  },
};

export const sizeChartSchema = z
  .object({
    sizeSystem: z.enum(SIZE_SYSTEM_KEYS as [SizeSystem, ...SizeSystem[]]),
    title: z.string(),
    /** Column names; every row's `cm` has one value per measurement. */
    measurements: z.array(z.string()),
    rows: z.array(z.object({ size: z.string(), cm: z.array(z.number()) })),
    howToMeasure: z.string(),
  })
  .meta({ id: 'SizeChart' });
export type SizeChart = z.infer<typeof sizeChartSchema>;

export function sizeChartFor(system: SizeSystem): SizeChart {
  const chart = CHARTS[system];
  return {
    sizeSystem: system,
    title: chart.title,
    measurements: [...chart.measurements],
    rows: SIZE_SYSTEMS[system].sizes.map((size) => ({ size, cm: [...(chart.rows[size] ?? [])] })),
    howToMeasure: chart.howToMeasure,
  };
}

/** One sellable combination of a product: its own SKU and stock. `size` is null for a product without sizes. */
export const variantDtoSchema = z
  .object({
    _id: z.number(),
    sku: z.string(),
    size: z.string().nullable(),
    colour: z.string(),
    stock: z.number(),
  })
  .meta({ id: 'Variant' });
export type VariantDto = z.infer<typeof variantDtoSchema>;

/** What a cart line or order line says about its variant. */
export const lineVariantSchema = variantDtoSchema.omit({ sku: true });
export type LineVariant = z.infer<typeof lineVariantSchema>;

/** An option of a product and its values (Size: S, M, L; Colour: the product's one colour). */
export const productOptionSchema = z.object({
  name: z.enum(['Size', 'Colour']),
  values: z.array(z.string()),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

/** A colour swatch on the product page: the same style in another colour (including the product itself). */
export const siblingDtoSchema = z.object({
  _id: z.number(),
  slug: z.string(),
  colour: z.string(),
  /** Six hex digits with '#', for the swatch. */
  colourHex: z.string(),
  image: z.string(),
  /** True for the product the page shows. */
  current: z.boolean(),
  /** Sum of the sibling's variants' stock (0: shown crossed out). */
  stock: z.number(),
});
export type SiblingDto = z.infer<typeof siblingDtoSchema>;

export const variantMessages = {
  sizeRequired: 'Please select a size',
  variantNotFound: 'That size is not available for this product',
  sizeSoldOut: (size: string) => `Size ${size} is sold out`,
  /** Issue 16: the shop is not approved (or suspended), or the seller withdrew the product. */
  unavailable: 'This product is no longer available',
} as const;

/**
 * Whether a product must be bought in a chosen size: it has a size system (its variants carry sizes). A product
 * without one has a single default variant, which every spec call without `variantId` uses.
 */
export function requiresSize(sizeSystem: string | null | undefined): boolean {
  return isSizeSystem(sizeSystem);
}

/**
 * How a line names its variant on order pages and the invoice: "Size M · Navy Blue", "Navy Blue" without a size,
 * "" when there is nothing to say.
 */
export function variantLabel({ size, colour }: { size: string | null; colour: string | null }): string {
  return [size === null ? null : `Size ${size}`, colour].filter(Boolean).join(' · ');
}
