import type { ReactNode } from 'react';
import type { CategoryDto, SubcategoryGroupDto } from '@bazaar/shared';
import { CategoryFilter } from './CategoryFilter';
import { PriceRangeFilter } from './PriceRangeFilter';
import { RatingFilter } from './RatingFilter';

function FilterSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-b border-line py-5 first:pt-0 last:border-b-0" aria-label={title}>
      <h2 className="mb-3 font-sans text-xs font-bold uppercase tracking-[0.15em] text-ink-900">{title}</h2>
      {children}
    </section>
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
}

/** The listing's filters; the same panel sits in the desktop sidebar and in the mobile drawer. */
export function FilterPanel(props: FilterPanelProps) {
  return (
    <div>
      <FilterSection title="Price">
        {props.priceBounds ? (
          <PriceRangeFilter bounds={props.priceBounds} value={props.price} onCommit={props.onPrice} />
        ) : (
          <div className="skeleton h-12 w-full" aria-hidden="true" />
        )}
      </FilterSection>
      <FilterSection title="Customer rating">
        <RatingFilter selected={props.rating} onSelect={props.onRating} />
      </FilterSection>
      <FilterSection title="Categories">
        <CategoryFilter
          groups={props.groups}
          subcategoryGroups={props.subcategoryGroups}
          selected={props.category}
          onSelect={props.onCategory}
        />
      </FilterSection>
    </div>
  );
}
