import { Fragment, useDeferredValue } from 'react';
import { useAppSelector } from '../../app/hooks';
import { ProductCarousel, ProductCarouselSkeleton } from '../../components/product/ProductCarousel';
import { ProductListSlider } from '../../components/product/ProductListSlider';
import {
  useGetBannersQuery,
  useGetHomeProductGroupsQuery,
  useGetHomeProductsQuery,
  useGetSubcategoryGroupsQuery,
} from '../../api/catalogApi';
import { HeroCarousel } from './components/HeroCarousel';
import { SubcategorySection, SubcategorySectionSkeleton } from './components/SubcategorySection';
import { PRODUCT_HEADINGS, headingFor } from './sectionHeadings';

export default function HomePage() {
  // Each answer that lands re-renders the page; deferring it lets React build the new sections in short slices
  // at low priority instead of in one long task while the page is starting.
  const { gkSubcategory, gkProducts, latest_product, topRated_product, discount_product, loading } =
    useDeferredValue(useAppSelector((state) => state.home));

  // Spec: banners are fetched too, though the hero shows its fixed slides. The product lists share store fields
  // with the listing page (products, latest_product), so they are read on each visit.
  useGetBannersQuery();
  useGetSubcategoryGroupsQuery();
  useGetHomeProductGroupsQuery();
  useGetHomeProductsQuery(undefined, { refetchOnMountOrArgChange: true });

  // Each group's category slider is followed by its product slider; product groups without a category group come last.
  const productGroupsByTitle = new Map(gkProducts.map((group) => [group.title, group]));
  const unmatchedProductGroups = gkProducts.filter(
    (group) => !gkSubcategory.some((subcategories) => subcategories.categoryName === group.title),
  );

  return (
    <div className="bg-white pb-10">
      <HeroCarousel />
      <div className="container-page">
        {loading.subcategories && gkSubcategory.length === 0 ? (
          <>
            <SubcategorySectionSkeleton />
            <ProductCarouselSkeleton />
          </>
        ) : (
          gkSubcategory.map((group) => {
            const productGroup = productGroupsByTitle.get(group.categoryName);
            return (
              <Fragment key={group.categoryName}>
                <SubcategorySection group={group} />
                {productGroup ? (
                  <ProductCarousel
                    eyebrow={`${group.categoryName} picks`}
                    title={headingFor(PRODUCT_HEADINGS, productGroup.title)}
                    products={productGroup.products}
                  />
                ) : (
                  loading.home && <ProductCarouselSkeleton />
                )}
              </Fragment>
            );
          })
        )}
        {unmatchedProductGroups.map((group) => (
          <ProductCarousel
            key={group.title}
            title={headingFor(PRODUCT_HEADINGS, group.title)}
            products={group.products}
          />
        ))}

        {/* Never a scroll anchor (nor is the footer): the sections above grow by screens when their products
            arrive, and a browser anchored down here kept it in view by scrolling the shopper to the bottom. */}
        <section
          aria-label="More to explore"
          className="grid grid-cols-1 gap-4 py-6 [overflow-anchor:none] md:grid-cols-2 lg:grid-cols-3 lg:gap-6 lg:py-10"
        >
          <ProductListSlider title="Latest Products" groups={latest_product} loading={loading.lists} />
          <ProductListSlider title="Top Rated Products" groups={topRated_product} loading={loading.lists} />
          <ProductListSlider title="Discount Products" groups={discount_product} loading={loading.lists} />
        </section>
      </div>
    </div>
  );
}
