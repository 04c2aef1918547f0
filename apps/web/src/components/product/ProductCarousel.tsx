import { memo } from 'react';
import type { ProductDto } from '@bazaar/shared';
import { DeferUntilNear } from '../ui/DeferUntilNear';
import { ProductCard, ProductCardSkeleton } from './ProductCard';
import { CarouselArrows, SectionHeading, useCarouselControls } from './carouselControls';
import { Slider } from './Slider';

/** Spec §2 product sliders: 1 card per view, 2 from 640 px, 3 from 768 px, 4 from 1024 px, 16 px apart. */
const PRODUCT_BREAKPOINTS = {
  640: { slidesPerView: 2 },
  768: { slidesPerView: 3 },
  1024: { slidesPerView: 4 },
};

/** One skeleton per card the breakpoint would show. */
const SKELETON_VISIBILITY = ['', 'hidden sm:block', 'hidden md:block', 'hidden lg:block'];

/** A row of card placeholders laid out like the slider at each breakpoint: picture plus the card's text area. */
function ProductCardsSkeleton() {
  return (
    <div
      className="grid grid-cols-1 gap-4 pb-2 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4"
      aria-hidden="true"
    >
      {SKELETON_VISIBILITY.map((visibility, index) => (
        <div key={index} className={`card overflow-hidden ${visibility}`}>
          <div className="skeleton aspect-[3/4] rounded-none" />
          <div className="h-36" />
        </div>
      ))}
    </div>
  );
}

/** Placeholder for a product slider whose products are still loading. */
export function ProductCarouselSkeleton() {
  return (
    <div className="py-6 lg:py-10" aria-hidden="true">
      <div className="skeleton mb-2 h-3 w-20" />
      <div className="skeleton mb-6 h-6 w-2/3 max-w-md" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
        {SKELETON_VISIBILITY.map((visibility, index) => (
          <div key={index} className={visibility}>
            <ProductCardSkeleton />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * A titled product slider. The heading is always there (screen-reader heading navigation finds every rail); the
 * slider itself is built when it comes near the screen.
 */
export const ProductCarousel = memo(function ProductCarousel({
  title,
  eyebrow,
  products,
}: {
  title: string;
  eyebrow?: string;
  products: ProductDto[];
}) {
  const controls = useCarouselControls();
  if (products.length === 0) return null;

  return (
    <section aria-label={title} className="py-6 lg:py-10">
      <SectionHeading
        title={title}
        eyebrow={eyebrow}
        actions={<CarouselArrows label={`${title} products`} controls={controls} />}
      />
      <DeferUntilNear placeholder={<ProductCardsSkeleton />}>
        <Slider
          slidesPerView={1}
          spaceBetween={16}
          breakpoints={PRODUCT_BREAKPOINTS}
          className="!pb-2"
          {...controls.swiperEvents}
          slides={products.map((product) => ({
            key: product._id,
            className: '!h-auto',
            content: <ProductCard product={product} />,
          }))}
        />
      </DeferUntilNear>
    </section>
  );
});
