import { useState, type ReactNode } from 'react';
import type { ListingFacets } from '@bazaar/shared';
import { usePreviewListingQuery } from '../../api/catalogApi';
import { Sheet } from './Sheet';
import {
  applyFilterChange,
  productQueryFor,
  productQueryString,
  readShopFilters,
  type FilterChange,
  type ShopFilters,
} from './shopFilters';

/**
 * The phone's full-screen filters. Changes gather in a draft, counted by the server as they are made (the facets
 * and "Show 1,234 products" answer the draft), and reach the URL, and so the listing and the history, only with
 * Apply; closing the sheet drops them.
 */
export function FilterSheet({
  open,
  onClose,
  current,
  onApply,
  renderPanel,
}: {
  open: boolean;
  onClose: () => void;
  /** The URL's filters when the sheet opens: the draft starts from them. */
  current: URLSearchParams;
  onApply: (params: URLSearchParams) => void;
  renderPanel: (
    filters: ShopFilters,
    facets: ListingFacets | null,
    change: (change: FilterChange) => void,
  ) => ReactNode;
}) {
  const [draft, setDraft] = useState(current);
  // Each opening starts from the URL as it is then (adjusted while rendering, not in an effect).
  const [openedWith, setOpenedWith] = useState<URLSearchParams | null>(null);
  if (open && openedWith !== current) {
    setOpenedWith(current);
    setDraft(current);
  }
  if (!open && openedWith !== null) setOpenedWith(null);

  const filters = readShopFilters(draft);
  const preview = usePreviewListingQuery(productQueryString(productQueryFor(filters)), { skip: !open });
  const answer = preview.isFetching ? undefined : preview.data;
  const count = answer
    ? `${answer.totalProduct.toLocaleString('en-IN')}${answer.totalProductCapped ? '+' : ''}`
    : undefined;

  return (
    <Sheet
      open={open}
      onClose={onClose}
      title="Filters"
      footer={
        <div className="flex gap-2">
          <button
            type="button"
            className="btn-outline flex-1"
            onClick={() => setDraft((params) => applyFilterChange(params, { kind: 'clear' }))}
          >
            Clear all
          </button>
          <button
            type="button"
            className="btn-primary flex-1"
            aria-busy={!count}
            onClick={() => onApply(draft)}
          >
            {count === undefined
              ? 'Apply'
              : `Show ${count} ${answer?.totalProduct === 1 ? 'product' : 'products'}`}
          </button>
        </div>
      }
    >
      {renderPanel(filters, answer?.facets ?? preview.data?.facets ?? null, (change) =>
        setDraft((params) => applyFilterChange(params, change)),
      )}
    </Sheet>
  );
}
