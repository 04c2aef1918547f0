import { useId, useState, type ReactNode } from 'react';
import { Search } from 'lucide-react';
import { DISCOUNT_STEPS } from '@bazaar/shared/limits';
import type { ColourFacetCount, DiscountFacetCount, FacetCount } from '@bazaar/shared';
import { discountLabel } from './shopFilters';

/** Brands shown before "+ N more": the most common ones (the server lists them most common first). */
export const TOP_BRANDS = 8;

const countText = (count: number) => count.toLocaleString('en-IN');

/** A value's count, beside it and in its accessible name ("Roadster, 124 products"). */
function Count({ count }: { count: number }) {
  return <span className="ml-auto shrink-0 text-xs tabular-nums text-ink-500">({countText(count)})</span>;
}

const products = (count: number) => `${countText(count)} ${count === 1 ? 'product' : 'products'}`;

function FacetCheckbox({
  label,
  count,
  checked,
  onToggle,
  dot,
}: {
  label: string;
  count: number;
  checked: boolean;
  onToggle: () => void;
  dot?: string;
}) {
  // A value nothing else matches can still be unticked, but not ticked: it would empty the list.
  const empty = count === 0 && !checked;
  return (
    <label
      className={`flex items-center gap-2.5 rounded-md px-1 py-1.5 text-sm ${
        empty ? 'cursor-default text-ink-300' : 'cursor-pointer text-ink-700 hover:text-ink-900'
      }`}
    >
      <input
        type="checkbox"
        className="h-4 w-4 shrink-0 accent-brand-600"
        checked={checked}
        disabled={empty}
        onChange={onToggle}
        aria-label={`${label}, ${products(count)}`}
      />
      {dot && (
        <span
          className="h-4 w-4 shrink-0 rounded-pill ring-1 ring-inset ring-ink-900/15"
          style={{ backgroundColor: dot }}
          aria-hidden="true"
        />
      )}
      <span className={`min-w-0 truncate ${checked ? 'font-semibold text-ink-900' : ''}`} aria-hidden="true">
        {label}
      </span>
      <span aria-hidden="true" className="ml-auto">
        <Count count={count} />
      </span>
    </label>
  );
}

/** Brand checkboxes: the top brands, a search box over all of them, and the rest on demand. */
export function BrandFilter({
  values,
  selected,
  onToggle,
}: {
  values: FacetCount[];
  selected: string[];
  onToggle: (value: string) => void;
}) {
  const [search, setSearch] = useState('');
  const [showAll, setShowAll] = useState(false);
  const searchId = useId();
  const wanted = search.trim().toLowerCase();
  const matching = wanted ? values.filter((entry) => entry.value.toLowerCase().includes(wanted)) : values;
  // Ticked brands always show, wherever their count puts them.
  const shown =
    showAll || wanted
      ? matching
      : matching.filter((entry, index) => index < TOP_BRANDS || selected.includes(entry.value));
  const hidden = matching.length - shown.length;

  if (!values.length) return <p className="text-sm text-ink-500">No brands for these filters</p>;
  return (
    <div>
      {values.length > TOP_BRANDS && (
        <div className="relative mb-2">
          <Search
            size={14}
            className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-ink-300"
            aria-hidden="true"
          />
          <label htmlFor={searchId} className="sr-only">
            Search brands
          </label>
          <input
            id={searchId}
            type="search"
            className="input w-full py-1.5 pl-8 text-sm"
            placeholder="Search brands"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      )}
      <ul>
        {shown.map((entry) => (
          <li key={entry.value}>
            <FacetCheckbox
              label={entry.value}
              count={entry.count}
              checked={selected.includes(entry.value)}
              onToggle={() => onToggle(entry.value)}
            />
          </li>
        ))}
      </ul>
      {wanted && !matching.length && <p className="px-1 py-1.5 text-sm text-ink-500">No brand matches</p>}
      {hidden > 0 && (
        <button
          type="button"
          className="mt-1 px-1 text-sm font-semibold text-brand-600 hover:underline"
          onClick={() => setShowAll(true)}
        >
          + {hidden} more
        </button>
      )}
    </div>
  );
}

interface ToggleFacetProps<T extends FacetCount> {
  values: T[];
  selected: string[];
  onToggle: (value: string) => void;
}

/** A facet whose values each toggle on and off, drawn by `item`; `none` says when no value is left. */
function ToggleFacet<T extends FacetCount>({
  values,
  selected,
  onToggle,
  none,
  className,
  item,
}: ToggleFacetProps<T> & {
  none: string;
  className: string;
  item: (entry: T, active: boolean, toggle: () => void) => ReactNode;
}) {
  if (!values.length) return <p className="text-sm text-ink-500">{none}</p>;
  return (
    <ul className={className}>
      {values.map((entry) => (
        <li key={entry.value}>{item(entry, selected.includes(entry.value), () => onToggle(entry.value))}</li>
      ))}
    </ul>
  );
}

/** Size chips in size-run order; a size counts the products that have it in stock. */
export function SizeFilter(props: ToggleFacetProps<FacetCount>) {
  return (
    <ToggleFacet
      {...props}
      none="No sizes for these filters"
      className="flex flex-wrap gap-2"
      item={(entry, active, toggle) => {
        const empty = entry.count === 0 && !active;
        return (
          <button
            type="button"
            aria-pressed={active}
            disabled={empty}
            aria-label={`Size ${entry.value}, ${products(entry.count)}`}
            onClick={toggle}
            className={`inline-flex min-w-12 items-center justify-center gap-1 rounded-pill border px-3 py-1.5 text-sm font-semibold transition ${
              active
                ? 'border-brand-600 bg-brand-50 text-brand-700'
                : empty
                  ? 'cursor-default border-line text-ink-300 line-through'
                  : 'border-line bg-white text-ink-900 hover:border-ink-900'
            }`}
          >
            {entry.value}
            <span className="text-[11px] font-normal text-ink-500">{countText(entry.count)}</span>
          </button>
        );
      }}
    />
  );
}

/** Colour checkboxes with a dot of each colour and its name. */
export function ColourFilter(props: ToggleFacetProps<ColourFacetCount>) {
  return (
    <ToggleFacet
      {...props}
      none="No colours for these filters"
      className="grid grid-cols-1 gap-x-3 sm:grid-cols-2 lg:grid-cols-1"
      item={(entry, active, toggle) => (
        <FacetCheckbox
          label={entry.value}
          count={entry.count}
          dot={entry.hex}
          checked={active}
          onToggle={toggle}
        />
      )}
    />
  );
}

/** "10% and above" … "70% and above": one minimum at a time; a second press clears it. */
export function DiscountFilter({
  values,
  selected,
  onSelect,
}: {
  values: DiscountFacetCount[];
  selected: number | '';
  onSelect: (value: number | '') => void;
}) {
  const name = useId();
  const countOf = (step: number) => values.find((entry) => entry.value === step)?.count ?? 0;
  return (
    <div role="radiogroup" aria-label="Discount" className="flex flex-col">
      {DISCOUNT_STEPS.map((step) => {
        const checked = selected === step;
        const count = countOf(step);
        const empty = count === 0 && !checked;
        return (
          <label
            key={step}
            className={`flex items-center gap-2.5 rounded-md px-1 py-1.5 text-sm ${
              empty ? 'cursor-default text-ink-300' : 'cursor-pointer text-ink-700 hover:text-ink-900'
            }`}
          >
            <input
              type="radio"
              name={name}
              className="h-4 w-4 shrink-0 accent-brand-600"
              checked={checked}
              disabled={empty}
              aria-label={`${discountLabel(step)}, ${products(count)}`}
              onChange={() => onSelect(step)}
              onClick={() => checked && onSelect('')}
            />
            <span className={checked ? 'font-semibold text-ink-900' : ''} aria-hidden="true">
              {discountLabel(step)}
            </span>
            <span aria-hidden="true" className="ml-auto">
              <Count count={count} />
            </span>
          </label>
        );
      })}
    </div>
  );
}
