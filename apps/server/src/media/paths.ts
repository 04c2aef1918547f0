/** Every silhouette the image renderer can draw; product and category image paths name one of these. */
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

/** Product pictures come in these variants (pose, backdrop and print differ). */
export const PRODUCT_IMAGE_VARIANTS = 6;
export const BANNER_COUNT = 5;

/** A colour as six lowercase hex digits, without '#', as it appears in image paths. */
export type HexColour = string;

export const productImagePath = (kind: MediaKind, colour: HexColour, variant: number) =>
  `/media/p/${kind}/${colour}/${variant}.svg`;
export const categoryImagePath = (kind: MediaKind, colour: HexColour) => `/media/c/${kind}/${colour}.svg`;
export const bannerImagePath = (n: number) => `/media/banner/${n}.svg`;
