import { expect } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';

/** A file as Playwright's setInputFiles takes it: made in memory, never from the internet. */
export interface PhotoFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Real photos to upload from a journey: a phone-style JPEG (sideways by EXIF, with a GPS position) and a PNG with
 * a transparent half, each drawn with sharp.
 */
export async function samplePhotos(): Promise<PhotoFile[]> {
  const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#8a1c3b' } })
    .jpeg({ quality: 85 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 5000/100' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const pixels = Buffer.alloc(600 * 800 * 4);
  for (let at = 0; at < pixels.length; at += 4)
    pixels.set([30, 110, 180, (at / 4) % 600 < 300 ? 0 : 255], at);
  const png = await sharp(pixels, { raw: { width: 600, height: 800, channels: 4 } })
    .png()
    .toBuffer();
  return [
    { name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    { name: 'dupatta-cutout.png', mimeType: 'image/png', buffer: png },
  ];
}

/** The thumbnails of the product editor's photo manager, in order (the cover first). */
export const photoThumbnails = (page: Page) =>
  page.getByRole('list', { name: 'Photos in order' }).getByRole('listitem');

/**
 * Adds `files` through the product editor's photo manager (its file picker, as a seller choosing them would) and
 * waits until each is stored and shown; fails with the shop's reason if one is refused.
 */
export async function addPhotos(page: Page, files: PhotoFile[]): Promise<void> {
  const before = await photoThumbnails(page).count();
  await page.getByLabel('Choose photos').setInputFiles(files);
  await expect
    .poll(async () => {
      const refused = await page.getByRole('list', { name: 'Uploads' }).getByRole('alert').allTextContents();
      if (refused.length) throw new Error(`upload refused: ${refused.join('; ')}`);
      return photoThumbnails(page).count();
    })
    .toBe(before + files.length);
}
