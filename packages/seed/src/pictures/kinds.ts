/** Silhouettes the generated product and category pictures can show. */
export const MEDIA_KINDS = [
  'tshirt',
  'shirt',
  'kurta',
  'jeans',
  'jacket',
  'sneaker',
  'watch',
  'saree',
  'dress',
  'top',
  'handbag',
  'heels',
  'frock',
  'shorts',
  'backpack',
  'bedsheet',
  'cushion',
  'curtain',
  'lamp',
  'dinnerware',
  'clock',
  'towel',
  'lipstick',
  'facewash',
  'perfume',
  'serum',
  'nailpolish',
  'kajal',
  'cream',
] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
/** Product pictures come in this many variants (pose, backdrop and print differ). */
export const PRODUCT_IMAGE_VARIANTS = 6;
export const BANNER_COUNT = 5;
