import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageCount, pageItems } from './pagination';

/** Accessible page navigation; renders nothing when everything fits on one page. */
export function Pagination({
  page,
  totalItems,
  pageSize,
  onChange,
  label = 'Pagination',
}: {
  page: number;
  totalItems: number;
  pageSize: number;
  onChange: (page: number) => void;
  label?: string;
}) {
  const totalPages = pageCount(totalItems, pageSize);
  if (totalPages <= 1) return null;
  const cell =
    'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-semibold transition';
  const arrow = `${cell} gap-1 border border-line bg-white text-ink-900 hover:border-ink-900 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-line`;

  return (
    <nav aria-label={label} className="flex items-center justify-center gap-1.5 py-6">
      <button
        type="button"
        className={arrow}
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
      >
        <ChevronLeft size={16} aria-hidden="true" />
        <span className="hidden sm:inline">Prev</span>
      </button>
      <ul className="flex items-center gap-1">
        {pageItems(page, totalPages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="px-1 text-ink-500" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                onClick={() => onChange(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                className={`${cell} ${item === page ? 'bg-ink-900 text-white' : 'text-ink-700 hover:bg-canvas'}`}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className={arrow}
        onClick={() => onChange(page + 1)}
        disabled={page >= totalPages}
        aria-label="Next page"
      >
        <span className="hidden sm:inline">Next</span>
        <ChevronRight size={16} aria-hidden="true" />
      </button>
    </nav>
  );
}
