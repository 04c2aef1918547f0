import { useState } from 'react';
import { photoSources } from '@bazaar/shared/photos';
import { FALLBACK_PRODUCT_IMAGE } from './productRules';

/**
 * Every product picture of the shop: cards, rows, thumbnails and the product page's main photo. An uploaded
 * photo becomes a `<picture>` with AVIF and WebP `srcset`s derived from its URL (`@bazaar/shared/photos`), so the
 * browser fetches the smallest rendition that fills `sizes`; a seeded SVG stays one `<img>`. `width`/`height`
 * reserve the slot (no layout shift); lazy unless `eager`. Decorative by default (the name is shown beside it);
 * swapped for the neutral silhouette when missing or broken.
 */
export function ProductImage({
  src,
  width,
  height,
  className,
  eager = false,
  highPriority = false,
  sizes = `${width}px`,
  alt = '',
  testId,
}: {
  src: string | undefined;
  width: number;
  height: number;
  className: string;
  eager?: boolean;
  /** The page's main picture (the largest contentful paint): fetched before other images. */
  highPriority?: boolean;
  /** How wide the picture is shown, as the `sizes` attribute; defaults to `width` CSS pixels. */
  sizes?: string;
  alt?: string;
  testId?: string;
}) {
  const [brokenSrc, setBrokenSrc] = useState<string>();
  const broken = !src || brokenSrc === src;
  const sources = broken ? [] : photoSources(src);
  const image = (
    <img
      src={broken ? FALLBACK_PRODUCT_IMAGE : src}
      alt={alt}
      width={width}
      height={height}
      sizes={sources.length ? sizes : undefined}
      loading={eager || highPriority ? 'eager' : 'lazy'}
      fetchPriority={highPriority ? 'high' : undefined}
      decoding="async"
      onError={() => setBrokenSrc(src)}
      className={className}
      data-testid={testId}
    />
  );
  if (!sources.length) return image;
  return (
    // `contents`: the <img> stays the box its parent lays out, as it is without a <picture>.
    <picture className="contents">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
}
