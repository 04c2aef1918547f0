import { describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { ProductImage } from './ProductImage';
import { FALLBACK_PRODUCT_IMAGE } from './productRules';

const uploaded = '/media/u/3f9ac2d1e0b4a6c8-960x1280/960.webp';

describe('ProductImage', () => {
  it('offers an uploaded photo as AVIF then WebP at every stored width, sized for its slot', () => {
    const { container } = render(
      <ProductImage src={uploaded} width={300} height={400} sizes="50vw" className="w-full" />,
    );
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0].getAttribute('srcset')).toBe(
      [320, 480, 640, 960].map((w) => `/media/u/3f9ac2d1e0b4a6c8-960x1280/${w}.avif ${w}w`).join(', '),
    );
    expect(sources.every((source) => source.getAttribute('sizes') === '50vw')).toBe(true);
    const image = container.querySelector('picture > img')!;
    expect(image).toHaveAttribute('src', uploaded);
    expect(image).toHaveAttribute('width', '300');
    expect(image).toHaveAttribute('height', '400');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('shows a seeded picture as one image, and the page’s main photo eagerly and first', () => {
    const { container } = render(
      <ProductImage
        src="/media/p/kurta/7a1f2b/1.svg"
        width={600}
        height={800}
        highPriority
        alt="Kurta, view 1 of 2"
        className="w-full"
      />,
    );
    expect(container.querySelector('picture')).toBeNull();
    const image = container.querySelector('img')!;
    expect(image).toHaveAttribute('alt', 'Kurta, view 1 of 2');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('falls back to the silhouette, without sources, when the photo cannot load', () => {
    const { container } = render(<ProductImage src={uploaded} width={64} height={80} className="w-16" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', FALLBACK_PRODUCT_IMAGE);
  });
});
