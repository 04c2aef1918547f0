import { Fragment, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Search } from 'lucide-react';
import { Pager } from '../../components/console/Pager';
import { Skeleton } from '../../components/ui/Skeleton';

/**
 * A console page's list lives in the URL (a reload or a shared link shows the same list): its filters (`params`),
 * its page and its search text (`searched`, the `searchKey` parameter), with what the page's controls are wired with:
 * `refine` shows other filters from the first page, `search` is a ConsoleSearch's props (a new search starts from
 * the first page too) and `paging` a PagedList's. An empty value removes its parameter.
 */
export function useConsoleList(searchKey = 'q') {
  const [params, setParams] = useSearchParams();
  function show(next: Record<string, string>) {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged, { replace: true });
  }
  const page = Math.max(1, Number(params.get('page')) || 1);
  const searched = params.get(searchKey) ?? '';
  const refine = (next: Record<string, string>) => show({ ...next, page: '' });
  return {
    params,
    page,
    searched,
    refine,
    search: { initial: searched, onSearch: (text: string) => refine({ [searchKey]: text }) },
    paging: { page, onPage: (next: number) => show({ page: String(next) }) },
  };
}

/** "1 customer", "1,204 customers": how many a list holds, in Indian digit grouping. */
export const howMany = (total: number, one: string, many: string) =>
  `${total.toLocaleString('en-IN')} ${total === 1 ? one : many}`;

/** A search box that applies on Enter or the button; the text is the URL's `q`. */
export function ConsoleSearch({
  label,
  placeholder,
  initial,
  onSearch,
  className = '',
}: {
  label: string;
  placeholder: string;
  initial: string;
  onSearch: (q: string) => void;
  className?: string;
}) {
  const [text, setText] = useState(initial);
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }
  return (
    <form role="search" onSubmit={submit} className={`flex gap-2 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="input"
        placeholder={placeholder}
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn-outline px-3" aria-label="Search">
        <Search className="h-4 w-4" aria-hidden="true" />
      </button>
    </form>
  );
}

/** A record's details as term–value rows; `columns` sizes the terms' column (`grid-cols-[6rem_1fr]`). */
export function DetailRows({ rows, columns }: { rows: readonly [string, string][]; columns: string }) {
  return (
    <dl className={`grid ${columns} gap-x-3 gap-y-1`}>
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt className="text-ink-500">{term}</dt>
          <dd className="break-words text-ink-900">{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** A list that could not be loaded, with a retry. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => unknown }) {
  return (
    <div role="alert" className="card p-4 text-sm">
      <p className="text-danger">{what} could not be loaded.</p>
      <button type="button" className="btn-outline mt-2" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** Row-shaped placeholders while a list loads, announced to screen readers. */
export function ListSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <div role="status" className="card space-y-3 p-4">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

/**
 * A console page's paged list in its states: a retry when it could not be loaded, a skeleton while it loads, a line
 * when nothing matches, else how many there are (announced as it changes), the list (`children`) and the pager.
 */
export function PagedList<Data extends { total: number; pageSize: number }>({
  what,
  rows,
  query: { data, error, isFetching, refetch },
  count,
  empty,
  page,
  onPage,
  children,
}: {
  /** What the list holds, capitalised: "The customers". */
  what: string;
  /** The skeleton's rows while it loads. */
  rows: number;
  query: { data?: Data; error?: unknown; isFetching: boolean; refetch: () => unknown };
  /** The line above the list: "12 customers, newest first". */
  count: (total: number) => string;
  /** What an empty list says. */
  empty: string;
  page: number;
  onPage: (page: number) => void;
  children: (data: Data) => ReactNode;
}) {
  if (error) return <LoadFailed what={what} onRetry={refetch} />;
  if (!data) return <ListSkeleton label={`Loading ${what.toLowerCase()}`} rows={rows} />;
  if (data.total === 0) return <p className="card p-6 text-center text-sm text-ink-500">{empty}</p>;
  return (
    <div aria-busy={isFetching} className="space-y-3">
      <p className="text-sm text-ink-500" aria-live="polite">
        {count(data.total)}
      </p>
      {children(data)}
      <Pager page={page} pages={Math.max(1, Math.ceil(data.total / data.pageSize))} onPage={onPage} />
    </div>
  );
}
