import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { ApiClient } from './harness';

/** A landscape JPEG as a phone writes it: EXIF with the camera, GPS position and "rotate 90° to view" (6). */
export function phoneJpeg(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 60 } } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'Bazaar Test Phone', Model: 'GPS Leaker 3000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '12/1 58/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '77/1 35/1 4321/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * Whether `bytes` hold phoneJpeg's GPS position: the EXIF GPS IFD pointer (tag 0x8825) and the latitude's
 * seconds, the rational 1234/100, as sharp writes them (little-endian).
 */
export function holdsGpsPosition(bytes: Buffer): boolean {
  return (
    bytes.includes(Buffer.from([0x25, 0x88])) && bytes.includes(Buffer.from([0xd2, 4, 0, 0, 100, 0, 0, 0]))
  );
}

/** A PNG whose left half is fully transparent and right half opaque. */
export function transparentPng(width = 600, height = 400): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      pixels.set([20, 120, 200, x < width / 2 ? 0 : 255], at);
    }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** A small photo of one colour in `format`. */
export function smallPhoto(
  format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' = 'jpeg',
  width = 300,
  height = 400,
) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 160, b: 90 } } })
    .toFormat(format)
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A decompression bomb: a PNG of a few hundred bytes whose header declares `width`×`height` RGB pixels. */
export function pixelBombPng(width = 50_000, height = 50_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, RGB, deflate, no filter, no interlace
  // One row of zeros would be 150 kB; this compresses a few rows' worth to a few hundred bytes.
  const rows = deflateSync(Buffer.alloc((width * 3 + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

type UploadOptions = { name?: string; type?: string; field?: string };

/** Posts `bytes` to `path` as a browser's file input would, named `name` with the declared `type`. */
export function uploadFile(
  client: ApiClient,
  path: string,
  bytes: Buffer,
  { name = 'photo.jpg', type = 'image/jpeg', field = 'file' }: UploadOptions = {},
) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return client.post(path, form);
}

/** Uploads `bytes` as a photo of the seller's product `productId`. */
export const uploadPhoto = (client: ApiClient, productId: number, bytes: Buffer, options?: UploadOptions) =>
  uploadFile(client, `/seller/products/${productId}/images`, bytes, options);
