import { describe, expect, it } from 'vitest';
import { photoRenditionKey, photoUrl, renditionWidths, responsivePhoto } from './photos';

describe('product photo URLs', () => {
  it('keeps the widths narrower than the photo, then its own, never wider', () => {
    expect(renditionWidths(1280)).toEqual([320, 480, 640, 960, 1280]);
    expect(renditionWidths(800)).toEqual([320, 480, 640, 800]);
    expect(renditionWidths(480)).toEqual([320, 480]);
    expect(renditionWidths(200)).toEqual([200]);
  });

  it('derives every rendition, format and the size from the stored URL alone', () => {
    const photo = { id: '3f9ac2d1e0b4a6c8', width: 800, height: 1067 };
    const url = photoUrl(photo);
    expect(url).toBe('/media/u/3f9ac2d1e0b4a6c8-800x1067/800.webp');
    const shown = responsivePhoto(url)!;
    expect(shown).toMatchObject({ src: url, width: 800, height: 1067 });
    expect(shown.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    expect(shown.sources[0].srcSet).toBe(
      [320, 480, 640, 800].map((w) => `/media/u/3f9ac2d1e0b4a6c8-800x1067/${w}.avif ${w}w`).join(', '),
    );
    // The server stores each rendition under the key the client derives.
    expect(shown.sources[1].srcSet.split(', ')[0]).toBe(
      `/media/${photoRenditionKey(photo, 320, 'webp')} 320w`,
    );
  });

  it('sizes the seed’s 3:4 pictures without sources, and leaves other URLs alone', () => {
    expect(responsivePhoto('/media/p/kurta/7a1f2b/1.svg')).toEqual({
      src: '/media/p/kurta/7a1f2b/1.svg',
      width: 600,
      height: 800,
      sources: [],
    });
    for (const url of [
      '/media/u/abc-800x600/320.webp', // a smaller rendition, not the stored URL
      '/media/u/abc-2000x1500/2000.webp', // wider than any rendition
      '/media/u/ABC-800x600/800.webp',
      '/media/u/abc-800x600/800.avif',
      'https://elsewhere.example/u/abc-800x600/800.webp',
      '/media/c/saree/7a1f2b.svg',
      '',
    ])
      expect(responsivePhoto(url)).toBeUndefined();
  });
});
