/**
 * Product photos' URL scheme (issue 16), zod-free so the storefront's card and gallery can import it.
 *
 * An uploaded photo is stored as AVIF and WebP renditions at several widths, all in one folder whose name carries
 * the size of the largest rendition:
 *
 *   /media/u/<id>-<W>x<H>/<w>.avif   /media/u/<id>-<W>x<H>/<w>.webp   for each w in renditionWidths(W)
 *
 * The product's `images` (spec responses: plain strings) hold the largest WebP, `/media/u/<id>-<W>x<H>/<W>.webp`,
 * so any client can show it as it is, and this module derives from it every other width and format (`srcset`) and
 * the width and height (no layout shift) without any new field. The seed's generated pictures
 * (`/media/p/<kind>/<colour>/<n>.svg`) are vector 3:4 portraits drawn at 600×800: one file, no renditions.
 */

/** Photos one product may have; the first is its cover. */
export const MAX_PRODUCT_PHOTOS = 10;
/** The largest photo file accepted. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The most pixels a photo may have (width × height), checked from its header before it is decoded. */
export const MAX_PHOTO_PIXELS = 40_000_000;
/** What an upload's file chooser offers; the server checks the content itself, never the name or type. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/** Widths of the renditions, in pixels; a photo gets those narrower than itself, and its own width (≤ the last). */
export const PHOTO_WIDTHS = [320, 480, 640, 960, 1280] as const;
export const MAX_PHOTO_WIDTH = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];
/** Best first: a browser takes the first `<source>` whose type it supports. */
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** The seed's generated product pictures are drawn on a 600×800 stage. */
export const SEEDED_PICTURE_SIZE = { width: 600, height: 800 } as const;

const UPLOADED = /^\/media\/u\/([a-z0-9]+)-(\d{1,5})x(\d{1,5})\/(\d{1,5})\.webp$/;
const SEEDED = /^\/media\/p\/[a-z]+\/[0-9a-f]{6}\/\d+\.svg$/;

/** The widths an uploaded photo whose largest rendition is `width` wide is stored at, narrowest first. */
export function renditionWidths(width: number): number[] {
  return [...PHOTO_WIDTHS.filter((candidate) => candidate < width), width];
}

/**
 * Folders of uploaded photos in the media storage: `u` for public pictures (product photos, served at
 * `/media/<key>`), `r` for return photos, which only the people of the return may see (never under `/media`).
 */
export type PhotoFolder = 'u' | 'r';
export const PRIVATE_PHOTO_FOLDERS: readonly PhotoFolder[] = ['r'];

/** The storage key of one rendition (served at `/media/<key>` when the folder is public). */
export function photoRenditionKey(
  photo: { id: string; width: number; height: number },
  renditionWidth: number,
  format: PhotoFormat,
  folder: PhotoFolder = 'u',
): string {
  return `${folder}/${photo.id}-${photo.width}x${photo.height}/${renditionWidth}.${format}`;
}

/** The URL a product's `images` hold for a photo: its largest WebP. */
export const photoUrl = (photo: { id: string; width: number; height: number }) =>
  `/media/${photoRenditionKey(photo, photo.width, 'webp')}`;

export interface PhotoSource {
  type: `image/${PhotoFormat}`;
  /** `…/320.avif 320w, …/480.avif 480w, …` */
  srcSet: string;
}

/** What a `<picture>` needs to show a product image: intrinsic size and, for uploaded photos, the sources. */
export interface ResponsivePhoto {
  src: string;
  width: number;
  height: number;
  sources: PhotoSource[];
}

/** The uploaded photo whose stored URL (`photoUrl`) is `url`, or undefined for any other URL. */
export function uploadedPhotoOf(url: string): { id: string; width: number; height: number } | undefined {
  const match = UPLOADED.exec(url);
  if (!match) return undefined;
  const [, id, width, height, file] = match;
  const photo = { id, width: Number(width), height: Number(height) };
  // Only the largest rendition is ever stored in `images`; any other name is not of this scheme.
  if (Number(file) !== photo.width || photo.width > MAX_PHOTO_WIDTH || photo.height < 1) return undefined;
  return photo;
}

/** Every rendition's storage key of an uploaded photo. */
export function photoRenditionKeys(
  photo: { id: string; width: number; height: number },
  folder: PhotoFolder = 'u',
): string[] {
  return renditionWidths(photo.width).flatMap((width) =>
    PHOTO_FORMATS.map((format) => photoRenditionKey(photo, width, format, folder)),
  );
}

/** The `<source>`s of the photo at `url`: AVIF then WebP, every stored width; none for any other URL. */
export function photoSources(url: string): PhotoSource[] {
  const photo = uploadedPhotoOf(url);
  if (!photo) return [];
  const widths = renditionWidths(photo.width);
  return PHOTO_FORMATS.map((format) => ({
    type: `image/${format}` as const,
    srcSet: widths.map((width) => `/media/${photoRenditionKey(photo, width, format)} ${width}w`).join(', '),
  }));
}

/**
 * How to show the product image at `url`: an uploaded photo gets an AVIF and a WebP `srcset` with its size; a
 * seeded picture its 600×800 size; any other URL (an old or outside picture) undefined, to be shown as it is.
 */
export function responsivePhoto(url: string): ResponsivePhoto | undefined {
  const photo = uploadedPhotoOf(url);
  if (photo) return { src: url, width: photo.width, height: photo.height, sources: photoSources(url) };
  if (SEEDED.test(url)) return { src: url, ...SEEDED_PICTURE_SIZE, sources: [] };
  return undefined;
}
