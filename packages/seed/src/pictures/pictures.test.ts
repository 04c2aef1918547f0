import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskStorage } from '@bazaar/server/src/storage/disk';
import { groups } from '../catalogue';
import {
  BANNER_COUNT,
  MEDIA_KINDS,
  PRODUCT_IMAGE_VARIANTS,
  pictureKey,
  pictureOfKey,
  pictureUrl,
  renderPicture,
  storePictures,
  type Picture,
} from './index';

const kurta: Picture = { type: 'product', kind: 'kurta', colour: '7a1f2b', variant: 1 };

describe('generated pictures', () => {
  it('draws a product as a 3:4 portrait in its colour, a category as a square, a banner wide', () => {
    const portrait = renderPicture(kurta);
    expect(portrait).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 600 800"/);
    expect(portrait).toContain('#7a1f2b');
    expect(renderPicture({ type: 'category', kind: 'saree', colour: '7a1f2b' })).toContain(
      'viewBox="0 0 600 600"',
    );
    expect(renderPicture({ type: 'banner', number: 3 })).toContain('viewBox="0 0 1600 600"');
  });

  it('draws the same picture every time and different variants differently', () => {
    const tee = (variant: number): Picture => ({
      type: 'product',
      kind: 'tshirt',
      colour: '1f2f5c',
      variant,
    });
    expect(renderPicture(tee(1))).toBe(renderPicture(tee(1)));
    const variants = new Set(
      Array.from({ length: PRODUCT_IMAGE_VARIANTS }, (_, i) => renderPicture(tee(i + 1))),
    );
    expect(variants.size).toBe(PRODUCT_IMAGE_VARIANTS);
  });

  it('draws every kind and colour of the catalogue without scripts or event handlers', () => {
    for (const group of groups) {
      for (const sub of group.subcategories) {
        for (const { hex } of sub.colours) {
          const svg = renderPicture({ type: 'product', kind: sub.kind, colour: hex, variant: 4 });
          expect(svg).not.toMatch(/<script|\son\w+=|javascript:|href="http/i);
        }
      }
    }
  });

  it('reads each picture back from its key and nothing else', () => {
    const all: Picture[] = [
      ...MEDIA_KINDS.flatMap((kind) => [
        { type: 'product' as const, kind, colour: '0a0b0c', variant: PRODUCT_IMAGE_VARIANTS },
        { type: 'category' as const, kind, colour: 'ffffff' },
      ]),
      ...Array.from({ length: BANNER_COUNT }, (_, i) => ({ type: 'banner' as const, number: i + 1 })),
    ];
    for (const picture of all) expect(pictureOfKey(pictureKey(picture))).toEqual(picture);
    expect(pictureUrl(kurta)).toBe('/media/p/kurta/7a1f2b/1.svg');
    for (const key of [
      'p/spaceship/7a1f2b/1.svg',
      'p/kurta/7A1F2B/1.svg',
      'p/kurta/7a1f2b/7.svg',
      'p/kurta/7a1f2b/1.png',
      'c/kurta/123.svg',
      'banner/0.svg',
      `banner/${BANNER_COUNT + 1}.svg`,
      'uploads/p/1/main.webp',
    ]) {
      expect(pictureOfKey(key)).toBeUndefined();
    }
  });

  describe('storePictures', () => {
    let root = '';
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('stores each picture once and leaves the ones already stored alone', async () => {
      root = mkdtempSync(path.join(tmpdir(), 'bazaar-pictures-'));
      const storage = new DiskStorage(root);
      const banner: Picture = { type: 'banner', number: 1 };
      expect(await storePictures(storage, [kurta, banner, kurta])).toBe(2);
      const stored = await storage.get(pictureKey(kurta));
      expect(stored?.contentType).toBe('image/svg+xml; charset=utf-8');
      expect(stored?.size).toBe(Buffer.byteLength(renderPicture(kurta)));
      stored?.body.destroy();
      expect(await storePictures(storage, [kurta, banner])).toBe(0);
    });
  });
});
