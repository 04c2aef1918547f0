import type { ReactNode } from 'react';
import type { CategoryDto, ListingFacets, SubcategoryGroupDto } from '@bazaar/shared';
import type { ShopFilters } from '@bazaar/shared/listing';
import { CategoryFilter } from './CategoryFilter';
import { BrandFilter, ColourFilter, DiscountFilter, SizeFilter } from './FacetFilters';
import { PriceRangeFilter } from './PriceRangeFilter';
import { RatingFilter } from './RatingFilter';
import type { ListFacet } from './shopFilters';

function FilterSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-b border-line py-5 first:pt-0 last:border-b-0" aria-label={title}>
      <h2 className="mb-3 font-sans text-xs font-bold uppercase tracking-[0.15em] text-ink-900">{title}</h2>
      {children}
    </section>
  );
}

function FacetSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-hidden="true">
      {[0, 1, 2, 3].map((index) => (
        <div key={index} className="skeleton h-5 w-3/4" />
      ))}
    </div>
  );
}

export interface FilterPanelProps {
  groups: CategoryDto[];
  subcategoryGroups: SubcategoryGroupDto[];
  category: string;
  onCategory: (value: string) => void;
  priceBounds: { low: number; high: number } | null;
  price: [number, number];
  onPrice: (low: number, high: number) => void;
  rating: number | '';
  onRating: (value: number | '') => void;
  /** The counts for the filters shown (null until the listing's answer arrives). */
  facets: ListingFacets | null;
  selected: Pick<ShopFilters, 'brands' | 'sizes' | 'colours' | 'discount'>;
  onFacet: (facet: ListFacet, value: string) => void;
  onDiscount: (value: number | '') => void;
}

/** The listing's filters; the same panel sits in the desktop sidebar and in the mobile filter sheet. */
export function FilterPanel(props: FilterPanelProps) {
  const { facets, selected, onFacet, onDiscount } = props;
  return (
    <div>
      <FilterSection title="Categories">
        <CategoryFilter
          groups={props.groups}
          subcategoryGroups={props.subcategoryGroups}
          selected={props.category}
          onSelect={props.onCategory}
        />
      </FilterSection>
      <FilterSection title="Brand">
        {facets ? (
          <BrandFilter
            values={facets.brand}
            selected={selected.brands}
            onToggle={(value) => onFacet('brand', value)}
          />
        ) : (
          <FacetSkeleton />
        )}
      </FilterSection>
      {/* Sizes only where the products have any (beauty or home listings have none). */}
      {(facets === null || facets.size.length > 0) && (
        <FilterSection title="Size">
          {facets ? (
            <SizeFilter
              values={facets.size}
              selected={selected.sizes}
              onToggle={(value) => onFacet('size', value)}
            />
          ) : (
            <FacetSkeleton />
          )}
        </FilterSection>
      )}
      <FilterSection title="Price">
        {props.priceBounds ? (
          <PriceRangeFilter bounds={props.priceBounds} value={props.price} onCommit={props.onPrice} />
        ) : (
          <div className="skeleton h-12 w-full" aria-hidden="true" />
        )}
      </FilterSection>
      <FilterSection title="Colour">
        {facets ? (
          <ColourFilter
            values={facets.colour}
            selected={selected.colours}
            onToggle={(value) => onFacet('colour', value)}
          />
        ) : (
          <FacetSkeleton />
        )}
      </FilterSection>
      <FilterSection title="Discount range">
        {facets ? (
          <DiscountFilter values={facets.discount} selected={selected.discount} onSelect={onDiscount} />
        ) : (
          <FacetSkeleton />
        )}
      </FilterSection>
      <FilterSection title="Customer rating">
        <RatingFilter selected={props.rating} onSelect={props.onRating} />
      </FilterSection>
    </div>
  );
}
