import { mediaUrl, type MediaStorage } from '@bazaar/server/src/storage';
import { BANNER_COUNT, MEDIA_KINDS, PRODUCT_IMAGE_VARIANTS, type MediaKind } from './kinds';
import { renderBannerImage, renderCategoryImage, renderProductImage } from './render';

export { BANNER_COUNT, MEDIA_KINDS, PRODUCT_IMAGE_VARIANTS, type MediaKind } from './kinds';

/** A colour as six lowercase hex digits, without '#', as it appears in picture keys. */
export type HexColour = string;

/**
 * A generated picture: what it shows decides its storage key, so a hundred thousand products share a few
 * thousand pictures (one per subcategory kind, colour and pose).
 */
export type Picture =
  | { type: 'product'; kind: MediaKind; colour: HexColour; variant: number }
  | { type: 'category'; kind: MediaKind; colour: HexColour }
  | { type: 'banner'; number: number };

export function pictureKey(picture: Picture): string {
  switch (picture.type) {
    case 'product':
      return `p/${picture.kind}/${picture.colour}/${picture.variant}.svg`;
    case 'category':
      return `c/${picture.kind}/${picture.colour}.svg`;
    case 'banner':
      return `banner/${picture.number}.svg`;
  }
}

/** Where the server serves the picture once it is stored. */
export const pictureUrl = (picture: Picture) => mediaUrl(pictureKey(picture));

const kinds: ReadonlySet<string> = new Set(MEDIA_KINDS);
const inRange = (n: number, max: number) => n >= 1 && n <= max;

/** The generated picture a key names, or undefined for any other key (an uploaded photo, say). */
export function pictureOfKey(key: string): Picture | undefined {
  let match = /^p\/([a-z]+)\/([0-9a-f]{6})\/(\d)\.svg$/.exec(key);
  if (match && kinds.has(match[1]) && inRange(Number(match[3]), PRODUCT_IMAGE_VARIANTS)) {
    return { type: 'product', kind: match[1] as MediaKind, colour: match[2], variant: Number(match[3]) };
  }
  match = /^c\/([a-z]+)\/([0-9a-f]{6})\.svg$/.exec(key);
  if (match && kinds.has(match[1]))
    return { type: 'category', kind: match[1] as MediaKind, colour: match[2] };
  match = /^banner\/(\d)\.svg$/.exec(key);
  if (match && inRange(Number(match[1]), BANNER_COUNT)) return { type: 'banner', number: Number(match[1]) };
  return undefined;
}

/** The SVG document of a picture. */
export function renderPicture(picture: Picture): string {
  switch (picture.type) {
    case 'product':
      return renderProductImage(picture.kind, picture.colour, picture.variant);
    case 'category':
      return renderCategoryImage(picture.kind, picture.colour);
    case 'banner':
      return renderBannerImage(picture.number);
  }
}

/** Puts in flight at once: enough to overlap the storage's latency, few enough to stay gentle on a disk. */
const CONCURRENT_PUTS = 16;

/**
 * Renders and stores each distinct picture the storage does not hold yet; returns how many it stored. Pictures
 * never change for a key, so one already there is left as it is.
 */
export async function storePictures(storage: MediaStorage, pictures: Iterable<Picture>): Promise<number> {
  const byKey = new Map<string, Picture>();
  for (const picture of pictures) byKey.set(pictureKey(picture), picture);
  const queue = [...byKey];
  let stored = 0;
  const worker = async () => {
    for (let next = queue.pop(); next; next = queue.pop()) {
      const [key, picture] = next;
      if (await storage.exists(key)) continue;
      await storage.put(key, renderPicture(picture), 'image/svg+xml');
      stored += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_PUTS }, worker));
  return stored;
}
