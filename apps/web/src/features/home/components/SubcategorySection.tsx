import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { CategoryDto, SubcategoryGroupDto } from '@bazaar/shared';
import {
  CarouselArrows,
  SectionHeading,
  useCarouselControls,
} from '../../../components/product/carouselControls';
import { ProductImage } from '../../../components/product/ProductImage';
import { Slider } from '../../../components/product/Slider';
import { DeferUntilNear } from '../../../components/ui/DeferUntilNear';
import { SUBCATEGORY_HEADINGS, headingFor } from '../sectionHeadings';

/** Spec §2: 2 category cards per view, 3 from 640 px, 4 from 768 px, 5 from 1024 px, 16 px apart. */
const CATEGORY_BREAKPOINTS = {
  640: { slidesPerView: 3 },
  768: { slidesPerView: 4 },
  1024: { slidesPerView: 5 },
};

function CategoryCard({ category }: { category: CategoryDto }) {
  return (
    <Link
      to={`/shops?category=${category._id}`}
      className="group block overflow-hidden rounded-card bg-canvas"
      aria-label={`Shop ${category.name}`}
    >
      <div className="relative overflow-hidden">
        <ProductImage
          src={category.image}
          width={300}
          height={400}
          className="aspect-[3/4] w-full object-cover transition duration-300 group-hover:scale-105"
        />
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink-900/75 via-ink-900/20 to-transparent px-3 pb-3 pt-10">
          <span className="block truncate text-sm font-semibold text-white sm:text-base">
            {category.name}
          </span>
          <span className="text-xs text-white/80">Shop now</span>
        </div>
      </div>
    </Link>
  );
}

/** One placeholder per card each breakpoint shows (2, 3, 4, 5). */
const CARD_SKELETON_VISIBILITY = ['', '', 'hidden sm:block', 'hidden md:block', 'hidden lg:block'];

/** Card placeholders laid out like the slider at each breakpoint. */
function CategoryCardsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5" aria-hidden="true">
      {CARD_SKELETON_VISIBILITY.map((visibility, index) => (
        <div key={index} className={`skeleton aspect-[3/4] rounded-card ${visibility}`} />
      ))}
    </div>
  );
}

/** A group's heading and its slider of category cards; the slider is built when it comes near the screen. */
export const SubcategorySection = memo(function SubcategorySection({
  group,
}: {
  group: SubcategoryGroupDto;
}) {
  const controls = useCarouselControls();
  const title = headingFor(SUBCATEGORY_HEADINGS, group.categoryName);
  if (group.data.length === 0) return null;
  return (
    <section aria-label={title} className="py-6 lg:py-10">
      <SectionHeading
        eyebrow={group.categoryName}
        title={title}
        actions={<CarouselArrows label={`${group.categoryName} categories`} controls={controls} />}
      />
      <DeferUntilNear placeholder={<CategoryCardsSkeleton />}>
        <Slider
          slidesPerView={2}
          spaceBetween={16}
          breakpoints={CATEGORY_BREAKPOINTS}
          {...controls.swiperEvents}
          slides={group.data.map((category) => ({
            key: category._id,
            content: <CategoryCard category={category} />,
          }))}
        />
      </DeferUntilNear>
    </section>
  );
});

export function SubcategorySectionSkeleton() {
  return (
    <div className="py-6 lg:py-10" aria-hidden="true">
      <div className="skeleton mb-2 h-3 w-20" />
      <div className="skeleton mb-6 h-6 w-2/3 max-w-md" />
      <CategoryCardsSkeleton />
    </div>
  );
}
