import { FALLBACK_PRODUCT_IMAGE, showFallbackImage } from './productRules';

/**
 * A product or category picture in a card, row or thumbnail. Decorative (the name is always shown beside it, so
 * `alt` is empty), lazy unless `eager`, and swapped for the neutral silhouette when missing or broken.
 */
export function ProductImage({
  src,
  width,
  height,
  className,
  eager = false,
}: {
  src: string | undefined;
  width: number;
  height: number;
  className: string;
  eager?: boolean;
}) {
  return (
    <img
      src={src || FALLBACK_PRODUCT_IMAGE}
      alt=""
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={showFallbackImage}
      className={className}
    />
  );
}
