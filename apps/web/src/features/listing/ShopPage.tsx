import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ArrowUpDown, Check, LayoutGrid, List, SearchX, SlidersHorizontal, X } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useServedWithPage } from '../../app/pageAnswers';
import { usePageHead } from '../../app/pageHead';
import { useHydrated } from '../../app/useHydrated';
import { MAX_LISTING_PAGE } from '@bazaar/shared/limits';
import { EmptyState } from '../../components/ui/EmptyState';
import { ProductCard, ProductCardSkeleton } from '../../components/product/ProductCard';
import { Pagination } from '../../components/product/Pagination';
import {
  catalogApi,
  useGetCategoriesQuery,
  useGetPriceRangeQuery,
  useGetSubcategoryGroupsQuery,
} from '../../api/catalogApi';
import { FilterPanel } from './FilterPanel';
import { FilterSheet } from './FilterSheet';
import { Sheet } from './Sheet';
import { matchesCategory } from './CategoryFilter';
import {
  appliedFilters,
  applyFilterChange,
  listingHead,
  productCountLabel,
  productQueryFor,
  productQueryString,
  readShopFilters,
  sliderBounds,
  sliderValues,
  sortLabel,
  sortOptions,
  type AppliedFilter,
  type FilterChange,
  type ShopFilters,
  type ShopSort,
  type ShopView,
  type SortOption,
} from './shopFilters';
import type { ListingFacets, ProductDto } from '@bazaar/shared';

const GRID_CLASSES = {
  grid: 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4',
  list: 'grid grid-cols-1 gap-3 md:grid-cols-2 md:gap-4',
} as const;

/**
 * The result cards. Memoised: the page re-renders on every store update (categories, price range, …), the grid
 * only when its products or layout change.
 */
const ProductGrid = memo(function ProductGrid({
  products,
  view,
}: {
  products: ProductDto[];
  view: ShopView;
}) {
  return (
    <>
      {/* Cards title themselves with h3: this keeps the outline h1 → h2 → h3 for screen readers. */}
      <h2 className="sr-only">Products</h2>
      <ul className={GRID_CLASSES[view]} aria-label="Products">
        {products.map((product, index) => (
          <li key={product._id}>
            <ProductCard product={product} layout={view} eager={index < 4} />
          </li>
        ))}
      </ul>
    </>
  );
});

/** The applied filters as chips, each removing itself, and "Clear all". */
function AppliedFilterChips({
  chips,
  onRemove,
  onClear,
}: {
  chips: AppliedFilter[];
  onRemove: (change: FilterChange) => void;
  onClear: () => void;
}) {
  if (!chips.length) return null;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2" role="group" aria-label="Applied filters">
      {chips.map((chip) => (
        <button
          key={chip.key}
          type="button"
          onClick={() => onRemove(chip.remove)}
          aria-label={`Remove filter ${chip.label}`}
          className="inline-flex max-w-full items-center gap-1.5 rounded-pill border border-line bg-white py-1 pl-3 pr-2 text-xs font-semibold text-ink-900 transition hover:border-ink-900"
        >
          <span className="truncate">{chip.label}</span>
          <X size={14} aria-hidden="true" className="shrink-0 text-ink-500" />
        </button>
      ))}
      <button
        type="button"
        onClick={onClear}
        className="px-1 text-xs font-bold uppercase tracking-wide text-brand-600 hover:underline"
      >
        Clear all
      </button>
    </div>
  );
}

/** The phone's sort menu: a bottom sheet of choices; picking one applies it and closes the sheet. */
function SortSheet({
  open,
  onClose,
  options,
  sort,
  onSort,
}: {
  open: boolean;
  onClose: () => void;
  options: readonly SortOption[];
  sort: ShopSort;
  onSort: (value: ShopSort) => void;
}) {
  return (
    <Sheet open={open} onClose={onClose} title="Sort by" variant="bottom">
      <ul role="radiogroup" aria-label="Sort by" className="-mx-1">
        {options.map((option) => {
          const checked = option.value === sort;
          return (
            <li key={option.value}>
              <button
                type="button"
                role="radio"
                aria-checked={checked}
                onClick={() => {
                  onSort(option.value);
                  onClose();
                }}
                className={`flex w-full items-center justify-between rounded-md px-2 py-3 text-left text-sm ${
                  checked ? 'font-bold text-brand-700' : 'text-ink-700'
                }`}
              >
                {option.label}
                {checked && <Check size={16} aria-hidden="true" />}
              </button>
            </li>
          );
        })}
      </ul>
    </Sheet>
  );
}

export default function ShopPage() {
  const dispatch = useAppDispatch();
  const [searchParams, setSearchParams] = useSearchParams();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const [sortOpen, setSortOpen] = useState(false);
  const closeSort = useCallback(() => setSortOpen(false), []);
  const listTop = useRef<HTMLDivElement>(null);
  // Each answer that lands re-renders the page. The store's value is deferred so React builds the new product grid
  // in short slices at low priority; until it catches up, the grid shows its skeleton (see `busy`).
  const liveHome = useAppSelector((state) => state.home);
  const {
    products,
    totalProduct,
    totalProductCapped,
    parPage,
    priceRange,
    categorys,
    gkSubcategory,
    loading,
    facets,
  } = useDeferredValue(liveHome);
  const countLabel = productCountLabel(totalProduct, totalProductCapped);

  const filters = useMemo(() => readShopFilters(searchParams), [searchParams]);
  const hydrated = useHydrated();
  const requestKey = productQueryString(productQueryFor(filters));

  // The filters' lists, into the home store area; the price range shares latest_product with the home page, so it
  // is read on each visit.
  useGetCategoriesQuery();
  useGetSubcategoryGroupsQuery();
  useGetPriceRangeQuery(undefined, { refetchOnMountOrArgChange: true });

  // Which request the products on screen answer. Until the current one answers the page shows skeletons, so a
  // stale list never passes for the new filters; a superseded request is aborted so it cannot land late. A page
  // the server rendered came with its answer (app/pageAnswers.ts): shown as it is, not asked for again.
  const servedKey = useServedWithPage(`/home/query-products?${requestKey}`) ? requestKey : null;
  const [answeredKey, setAnsweredKey] = useState<string | null>(servedKey);
  const servedKeyToShow = useRef(servedKey);
  useEffect(() => {
    if (servedKeyToShow.current === requestKey) {
      servedKeyToShow.current = null;
      return;
    }
    let current = true;
    // Asked afresh even when cached (the answer fills the home store area's products), and started here rather than
    // by a query hook so that a superseded request is aborted.
    const request = dispatch(catalogApi.endpoints.queryProducts.initiate(requestKey, { forceRefetch: true }));
    void request.then(() => {
      if (current) setAnsweredKey(requestKey);
    });
    return () => {
      current = false;
      request.abort();
      request.unsubscribe();
    };
    // Keyed on the request string, not the filters object, so toggling grid/list view does not refetch.
  }, [dispatch, requestKey]);
  const busy = liveHome.loading.products || answeredKey !== requestKey || products !== liveHome.products;

  const change = useCallback(
    (filterChange: FilterChange) => setSearchParams((current) => applyFilterChange(current, filterChange)),
    [setSearchParams],
  );

  const bounds = loading.priceRange ? null : sliderBounds(priceRange);
  const price = bounds ? sliderValues(filters, bounds) : ([0, 0] as [number, number]);

  const selectedCategoryName = useMemo(() => {
    const all = [...categorys, ...gkSubcategory.flatMap((group) => group.data)];
    return all.find((category) => matchesCategory(category, filters.category))?.name;
  }, [categorys, gkSubcategory, filters.category]);

  const title = filters.searchValue
    ? `Results for “${filters.searchValue}”`
    : (selectedCategoryName ?? (filters.category ? filters.category : 'All Products'));
  usePageHead(listingHead(title));

  const goToPage = (page: number) => {
    change({ kind: 'page', value: page });
    const top = listTop.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) window.scrollBy({ top: top - 96, behavior: 'smooth' });
  };

  // "Clear all" keeps the search text, the sort and the view.
  const clearFilters = () => change({ kind: 'clear' });

  const renderPanel = (
    shown: ShopFilters,
    counts: ListingFacets | null,
    onChange: (filterChange: FilterChange) => void,
  ) => (
    <FilterPanel
      groups={categorys}
      subcategoryGroups={gkSubcategory}
      category={shown.category}
      onCategory={(value) => onChange({ kind: 'category', value })}
      priceBounds={bounds}
      price={bounds ? sliderValues(shown, bounds) : price}
      onPrice={(low, high) => bounds && onChange({ kind: 'price', low, high, bounds })}
      rating={shown.rating}
      onRating={(value) => onChange({ kind: 'rating', value })}
      facets={counts}
      selected={shown}
      onFacet={(facet, value) => onChange({ kind: 'facet', facet, value })}
      onDiscount={(value) => onChange({ kind: 'discount', value })}
    />
  );
  // The counts on screen answer the filters on screen: while a new answer is on its way, skeletons.
  const panel = renderPanel(filters, busy ? null : facets, change);

  const chips = appliedFilters(filters, selectedCategoryName, bounds);
  const sorts = sortOptions(filters);
  const activeFilterCount = chips.length;

  return (
    <div className="bg-canvas pb-12">
      <div className="border-b border-line bg-white">
        <div className="container-page py-5 lg:py-7">
          <nav aria-label="Breadcrumb" className="text-xs text-ink-500">
            <Link to="/" className="hover:text-ink-900">
              Home
            </Link>
            <span aria-hidden="true"> / </span>
            <span className="text-ink-900">{filters.searchValue ? 'Search' : 'Shop'}</span>
          </nav>
          <h1 className="mt-2 text-2xl font-bold text-ink-900 lg:text-3xl">{title}</h1>
          <p
            className="mt-1 text-sm text-ink-500"
            role="status"
            aria-busy={busy}
            data-testid="product-count"
            // The query string this count answers, for tests to wait on; only once the app has taken over: a page the
            // server rendered is kept for every spelling of its URL (another order, a parameter it ignores), and React
            // would not correct an attribute that differs from the one in the adopted markup.
            data-search={hydrated ? searchParams.toString() : undefined}
          >
            {busy ? 'Finding products…' : countLabel}
          </p>
        </div>
      </div>

      <div className="container-page grid gap-8 pt-5 lg:grid-cols-[260px_1fr] lg:pt-8">
        <aside className="hidden lg:block" aria-label="Filters">
          <div className="card sticky top-36 max-h-[calc(100vh-10rem)] overflow-y-auto p-5">
            <div className="mb-4 flex items-center justify-between">
              <h2 className="text-base font-bold">Filters</h2>
              {activeFilterCount > 0 && (
                <button
                  type="button"
                  onClick={clearFilters}
                  className="text-xs font-semibold text-brand-600 hover:underline"
                >
                  Clear all
                </button>
              )}
            </div>
            {panel}
          </div>
        </aside>

        <div ref={listTop} className="min-w-0">
          <div className="mb-4 flex items-center gap-2">
            <button
              type="button"
              className="btn-outline relative lg:hidden"
              onClick={() => setDrawerOpen(true)}
            >
              <SlidersHorizontal size={16} aria-hidden="true" /> Filters
              {activeFilterCount > 0 && (
                <span className="ml-0.5 rounded-pill bg-brand-600 px-1.5 text-[11px] font-bold text-white">
                  {activeFilterCount}
                </span>
              )}
            </button>
            <button
              type="button"
              className="btn-outline min-w-0 lg:hidden"
              onClick={() => setSortOpen(true)}
              aria-label={`Sort by: ${sortLabel(filters)}`}
            >
              <ArrowUpDown size={16} aria-hidden="true" />
              <span className="truncate">{sortLabel(filters)}</span>
            </button>
            <label className="ml-auto hidden min-w-0 items-center gap-2 text-sm text-ink-500 lg:flex">
              <span>Sort by</span>
              <select
                aria-label="Sort by"
                className="input w-auto min-w-0 py-2 pr-8 font-medium text-ink-900"
                value={filters.sort}
                onChange={(event) => change({ kind: 'sort', value: event.target.value as ShopSort })}
              >
                {sorts.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
            <div
              className="ml-auto flex rounded-lg border border-line bg-white p-0.5 lg:ml-0"
              role="group"
              aria-label="Layout"
            >
              {(
                [
                  ['grid', LayoutGrid, 'Grid view'],
                  ['list', List, 'List view'],
                ] as const
              ).map(([view, Icon, label]) => (
                <button
                  key={view}
                  type="button"
                  aria-label={label}
                  aria-pressed={filters.view === view}
                  onClick={() => change({ kind: 'view', value: view })}
                  className={`inline-flex h-8 w-8 items-center justify-center rounded-md transition ${
                    filters.view === view ? 'bg-ink-900 text-white' : 'text-ink-500 hover:text-ink-900'
                  }`}
                >
                  <Icon size={16} aria-hidden="true" />
                </button>
              ))}
            </div>
          </div>

          <AppliedFilterChips chips={chips} onRemove={change} onClear={clearFilters} />

          {busy ? (
            <div className={GRID_CLASSES[filters.view]} role="status" aria-label="Loading products">
              {Array.from({ length: Math.max(parPage, 8) }, (_, index) => (
                <ProductCardSkeleton key={index} layout={filters.view} />
              ))}
            </div>
          ) : products.length === 0 ? (
            <div className="card">
              <EmptyState
                icon={SearchX}
                title="Oops! Shop is Empty!"
                description="No products match these filters. Try a wider price range or another category."
                action={
                  <button type="button" className="btn-primary" onClick={clearFilters}>
                    Clear filters
                  </button>
                }
              />
            </div>
          ) : (
            <ProductGrid products={products} view={filters.view} />
          )}

          {!busy && (
            <Pagination
              page={filters.pageNumber}
              // The server serves listing pages up to MAX_LISTING_PAGE; deeper products are reached by filtering.
              totalItems={Math.min(totalProduct, MAX_LISTING_PAGE * parPage)}
              pageSize={parPage}
              onChange={goToPage}
            />
          )}
        </div>
      </div>

      <FilterSheet
        open={drawerOpen}
        onClose={closeDrawer}
        current={searchParams}
        onApply={(params) => {
          setSearchParams(params);
          closeDrawer();
        }}
        renderPanel={renderPanel}
      />
      <SortSheet
        open={sortOpen}
        onClose={closeSort}
        options={sorts}
        sort={filters.sort}
        onSort={(value) => change({ kind: 'sort', value })}
      />
    </div>
  );
}
