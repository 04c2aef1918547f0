import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import {
  MAX_PHOTO_PIXELS,
  MAX_PHOTO_WIDTH,
  PHOTO_FORMATS,
  renditionWidths,
  type PhotoFormat,
} from '@bazaar/shared/photos';
import { HttpError } from '../http/errors';

// One libvips thread per image and no operation cache: uploads share two cores with the shop, and a cached
// decode of someone's 40-megapixel photo would only hold memory.
sharp.concurrency(1);
sharp.cache(false);

/** The formats a photo may arrive in, told apart by their first bytes (never by the file's name or type). */
export type PhotoInputFormat = 'jpeg' | 'png' | 'webp' | 'avif';

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/**
 * The format of `bytes` by content: JPEG (FF D8 FF), PNG (its 8-byte signature), WebP (RIFF….WEBP) or AVIF (an
 * ISO-BMFF `ftyp` box whose major or compatible brands name avif/avis). Anything else (GIF, SVG, HEIC, text) is
 * undefined, and never reaches a decoder.
 */
export function sniffPhotoFormat(bytes: Buffer): PhotoInputFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      // offset 12 is the minor version, not a brand
      if (offset !== 12 && ['avif', 'avis'].includes(ascii(bytes, offset, offset + 4))) return 'avif';
    }
  }
  return undefined;
}

export interface Rendition {
  width: number;
  format: PhotoFormat;
  data: Buffer;
}

export interface ProcessedPhoto {
  /** The upright original's size. */
  original: { width: number; height: number };
  /** The largest rendition's size: at most MAX_PHOTO_WIDTH wide, never wider than the original. */
  width: number;
  height: number;
  renditions: Rendition[];
  milliseconds: number;
}

const unsupported = () =>
  new HttpError(
    415,
    'This file is not a JPEG, PNG, WebP or AVIF photo. Save it as one of those and upload it again.',
    'UNSUPPORTED_MEDIA_TYPE',
  );

/** A photo's pixel size as its header declares it, upright (EXIF orientations 5-8 swap the sides). */
async function declaredSize(bytes: Buffer, format: PhotoInputFormat) {
  let metadata: Metadata;
  try {
    // Reads the header only: no pixel is decoded here, so a decompression bomb costs nothing yet.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, 'This photo file is damaged or incomplete. Export it again and upload it.');
  }
  const decodedAs = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
  if (decodedAs !== format || !metadata.width || !metadata.height) throw unsupported();
  const sideways = (metadata.orientation ?? 1) >= 5;
  return sideways
    ? { width: metadata.height, height: metadata.width }
    : { width: metadata.width, height: metadata.height };
}

const ENCODERS: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  // Effort 2 of 9: AVIF encoding dominates the upload's time; this keeps a 1280-px photo's set near a second.
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 80, effort: 4 }),
};

/**
 * Checks `bytes` is a photo the shop takes and makes its renditions: upright by its EXIF orientation, without any
 * metadata (EXIF with GPS, XMP, ICC: sharp writes none unless asked), colours in sRGB, alpha kept, as AVIF and WebP
 * at every width of `renditionWidths`. Refuses other formats (415), damaged files (400) and more than
 * MAX_PHOTO_PIXELS pixels (413) before decoding anything.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const started = performance.now();
  const format = sniffPhotoFormat(bytes);
  if (!format) throw unsupported();
  const original = await declaredSize(bytes, format);
  if (original.width * original.height > MAX_PHOTO_PIXELS) {
    throw new HttpError(
      413,
      `This photo is ${original.width}×${original.height} pixels; photos may have at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels. Make it smaller and upload it again.`,
      'PHOTO_TOO_MANY_PIXELS',
    );
  }

  // Decoded once, upright and at most the largest rendition's width, into raw 8-bit sRGB (alpha kept); every
  // rendition is made from that. limitInputPixels stays as a second guard should a header have lied.
  let largest: { data: Buffer; info: OutputInfo };
  try {
    largest = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: Math.min(original.width, MAX_PHOTO_WIDTH), withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new HttpError(400, 'This photo file is damaged or incomplete. Export it again and upload it.');
  }
  const { width, height, channels } = largest.info;
  const raw = { raw: { width, height, channels } };

  const renditions: Rendition[] = [];
  for (const renditionWidth of renditionWidths(width)) {
    for (const renditionFormat of PHOTO_FORMATS) {
      const image = sharp(largest.data, raw).resize({ width: renditionWidth });
      renditions.push({
        width: renditionWidth,
        format: renditionFormat,
        data: await ENCODERS[renditionFormat](image).toBuffer(),
      });
    }
  }
  return { original, width, height, renditions, milliseconds: Math.round(performance.now() - started) };
}
