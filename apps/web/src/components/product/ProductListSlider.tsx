import { memo } from 'react';
import { Link } from 'react-router-dom';
import { discountedPrice, formatRupees } from '@bazaar/shared';
import type { ProductDto } from '@bazaar/shared';
import { DeferUntilNear } from '../ui/DeferUntilNear';
import { ProductImage } from './ProductImage';
import { primaryImage, productPath } from './productRules';
import { CarouselArrows, useCarouselControls } from './carouselControls';
import { Slider } from './Slider';

const AUTOPLAY = { delay: 4000, disableOnInteraction: false, pauseOnMouseEnter: true };

function ProductListRow({ product }: { product: ProductDto }) {
  return (
    <Link
      to={productPath(product.slug)}
      className="flex items-center gap-3 rounded-lg p-1.5 transition hover:bg-canvas focus-visible:bg-canvas"
    >
      <ProductImage
        src={primaryImage(product)}
        width={72}
        height={96}
        className="aspect-[3/4] w-16 shrink-0 rounded-md bg-canvas object-cover"
      />
      <span className="min-w-0">
        <span className="line-clamp-2 text-sm font-medium text-ink-900">{product.name}</span>
        <span className="mt-1 flex items-baseline gap-2">
          <span className="text-sm font-bold text-ink-900">
            {formatRupees(discountedPrice(product.price, product.discount))}
          </span>
          {product.discount > 0 && <s className="text-xs text-ink-500">{formatRupees(product.price)}</s>}
        </span>
      </span>
    </Link>
  );
}

function ProductGroup({ group }: { group: ProductDto[] }) {
  return (
    <ul className="flex flex-col gap-1.5">
      {group.map((product) => (
        <li key={product._id}>
          <ProductListRow product={product} />
        </li>
      ))}
    </ul>
  );
}

/** Three rows of placeholders, the height of one group. */
function ProductGroupSkeleton() {
  return (
    <div className="flex flex-col gap-1.5" aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <div key={index} className="flex items-center gap-3 p-1.5">
          <div className="skeleton aspect-[3/4] w-16" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="skeleton h-4 w-4/5" />
            <div className="skeleton h-4 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * Spec §2 small product-list slider: one group of products per view, autoplay, 500 ms transitions. Until the slider
 * is built (when it comes near the screen) its first group shows on its own, links and all.
 */
export const ProductListSlider = memo(function ProductListSlider({
  title,
  groups,
  loading = false,
}: {
  title: string;
  groups: ProductDto[][];
  loading?: boolean;
}) {
  const controls = useCarouselControls();
  const filled = groups.filter((group) => group.length > 0);
  if (!loading && filled.length === 0) return null;

  return (
    <section aria-label={title} className="card min-w-0 p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-base font-bold text-ink-900 lg:text-lg">{title}</h2>
        {!loading && filled.length > 1 && <CarouselArrows size="sm" label={title} controls={controls} />}
      </div>
      {loading ? (
        <ProductGroupSkeleton />
      ) : (
        <DeferUntilNear placeholder={<ProductGroup group={filled[0]} />}>
          <Slider
            slidesPerView={1}
            speed={500}
            loop={filled.length > 1}
            autoplay={AUTOPLAY}
            {...controls.swiperEvents}
            slides={filled.map((group, index) => ({ key: index, content: <ProductGroup group={group} /> }))}
          />
        </DeferUntilNear>
      )}
    </section>
  );
});
