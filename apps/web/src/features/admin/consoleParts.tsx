import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ChevronDown, Search } from 'lucide-react';
import { Skeleton } from '../../components/ui/Skeleton';

/**
 * The console pages' filters live in the URL (a reload or a shared link shows the same list): the current values,
 * and `show` to change some of them (an empty value removes it).
 */
export function useUrlFilters() {
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
  return { params, page, q: params.get('q') ?? '', show };
}

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

/** A list that could not be loaded, with a retry. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
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

/** Shows or hides one row's details in place; a table row and a phone card share it. */
export function DetailsToggle({
  name,
  open,
  controls,
  onToggle,
}: {
  /** Whose details, for screen readers ("Details of …"). */
  name: string;
  open: boolean;
  controls: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className="btn-outline px-2.5 py-1.5 text-sm"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <ChevronDown
        className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
        aria-hidden="true"
      />
      Details<span className="sr-only"> of {name}</span>
    </button>
  );
}
