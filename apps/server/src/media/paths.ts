import type { MediaKind } from '@bazaar/shared';

export { MEDIA_KINDS, PRODUCT_IMAGE_VARIANTS, BANNER_COUNT, type MediaKind } from '@bazaar/shared';

/** A colour as six lowercase hex digits, without '#', as it appears in image paths. */
export type HexColour = string;

export const productImagePath = (kind: MediaKind, colour: HexColour, variant: number) =>
  `/media/p/${kind}/${colour}/${variant}.svg`;
export const categoryImagePath = (kind: MediaKind, colour: HexColour) => `/media/c/${kind}/${colour}.svg`;
export const bannerImagePath = (n: number) => `/media/banner/${n}.svg`;
