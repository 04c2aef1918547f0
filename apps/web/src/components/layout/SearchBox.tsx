import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Search } from 'lucide-react';
import { formatRupees } from '@bazaar/shared';
import { SEARCH_TEXT_MAX_LENGTH } from '@bazaar/shared/limits';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { catalogApi } from '../../api/catalogApi';
import { useDismiss } from './useDismiss';
import { ProductImage } from '../product/ProductImage';
import { buildSuggestions, cycleIndex, searchResultsPath, searchTerm } from './searchSuggestions';

/** Wait this long after the last keystroke before asking the server, so typing a word costs one request. */
export const SUGGESTION_DEBOUNCE_MS = 150;

interface SuggestionOption {
  key: string;
  href: string;
}

/**
 * The header's product search: a combobox whose listbox offers popular searches and matching products.
 * `inline` floats the suggestions under the field (desktop); `overlay` lists them in the flow (mobile full screen).
 */
export function SearchBox({
  variant,
  focusOnOpen = false,
  onDone,
  onEscape,
}: {
  variant: 'inline' | 'overlay';
  /** The search overlay was opened to type in: the field takes the focus when it appears. */
  focusOnOpen?: boolean;
  /** Called after the box sends the shopper somewhere (a search or a suggestion). */
  onDone?: () => void;
  /** Called when Escape is pressed with the suggestions already closed. */
  onEscape?: () => void;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const homeSearch = useAppSelector((state) => state.home.homeSearch);
  const searching = useAppSelector((state) => state.home.loading.search);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [requestedTerm, setRequestedTerm] = useState<string | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnOpen) inputRef.current?.focus();
  }, [focusOnOpen]);
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const term = searchTerm(text);

  // Only the newest request may fill the list; an older, slower answer is abandoned.
  const pendingRequest = useRef<{ abort: () => void; unsubscribe: () => void } | null>(null);
  const dropPendingRequest = () => {
    pendingRequest.current?.abort();
    pendingRequest.current?.unsubscribe();
  };
  useEffect(() => () => dropPendingRequest(), []);

  useEffect(() => {
    if (!term) return;
    const timer = window.setTimeout(() => {
      dropPendingRequest();
      setRequestedTerm(term);
      // Asked afresh even when cached: the answer fills the home store area's homeSearch.
      pendingRequest.current = dispatch(
        catalogApi.endpoints.getSearchSuggestions.initiate(term, { forceRefetch: true }),
      );
    }, SUGGESTION_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [term, dispatch]);

  const suggestions = useMemo(() => buildSuggestions(homeSearch, text), [homeSearch, text]);
  const options: SuggestionOption[] = useMemo(
    () => [
      ...suggestions.popular.map((p) => ({
        key: `popular-${p.subcategory}`,
        href: `/shops?category=${encodeURIComponent(p.subcategory)}`,
      })),
      ...suggestions.products.map((p) => ({
        key: `product-${p.slug}`,
        href: `/product/details/${encodeURIComponent(p.slug)}`,
      })),
    ],
    [suggestions],
  );
  const loading = term !== null && (searching || requestedTerm !== term);
  const showPopup = open && term !== null;
  const expanded = showPopup && !loading && options.length > 0;

  const close = () => {
    setOpen(false);
    setActiveIndex(-1);
  };
  useDismiss(containerRef, showPopup, close);

  const finish = (href: string) => {
    setText('');
    close();
    inputRef.current?.blur();
    navigate(href);
    onDone?.();
  };

  const submit = () => {
    if (!term) return;
    finish(searchResultsPath(term));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!options.length) return;
        setOpen(true);
        setActiveIndex((current) => cycleIndex(current, event.key === 'ArrowDown' ? 1 : -1, options.length));
        break;
      }
      case 'Enter': {
        event.preventDefault();
        const chosen = expanded ? options[activeIndex] : undefined;
        if (chosen) finish(chosen.href);
        else submit();
        break;
      }
      case 'Escape':
        if (showPopup) {
          event.preventDefault();
          event.stopPropagation();
          close();
        } else onEscape?.();
        break;
    }
  };

  // Keep the highlighted suggestion in view when moving through a long list with the keyboard.
  useEffect(() => {
    if (activeIndex >= 0)
      document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, id]);

  /** A suggestion is a real link (open in new tab works) that the combobox highlights via aria-activedescendant. */
  const renderOption = (index: number, content: ReactNode) => {
    const option = options[index]!;
    return (
      <Link
        key={option.key}
        id={optionId(index)}
        to={option.href}
        role="option"
        aria-selected={index === activeIndex}
        tabIndex={-1}
        onClick={(event) => {
          event.preventDefault();
          finish(option.href);
        }}
        className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm transition ${
          index === activeIndex ? 'bg-brand-50 text-brand-700' : 'text-ink-700 hover:bg-canvas'
        }`}
      >
        {content}
      </Link>
    );
  };

  const popup = showPopup && (
    <div
      className={
        variant === 'inline'
          ? 'absolute inset-x-0 top-full z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-card border border-line bg-white p-2 shadow-raised'
          : 'mt-3 flex-1 overflow-y-auto'
      }
    >
      {loading ? (
        <p className="px-3 py-4 text-sm text-ink-500" role="status">
          Loading...
        </p>
      ) : options.length === 0 ? (
        <p className="px-3 py-4 text-sm text-ink-500" role="status">
          No results found
        </p>
      ) : (
        <div id={listboxId} role="listbox" aria-label="Search suggestions">
          {suggestions.popular.length > 0 && (
            <div role="group" aria-labelledby={`${id}-popular`}>
              <p
                id={`${id}-popular`}
                className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-ink-500 uppercase"
              >
                Popular searches
              </p>
              {suggestions.popular.map((popular, index) =>
                renderOption(
                  index,
                  <>
                    <Search className="h-4 w-4 shrink-0 text-ink-300" aria-hidden="true" />
                    <span className="truncate">{popular.subcategoryName}</span>
                  </>,
                ),
              )}
            </div>
          )}
          {suggestions.products.length > 0 && (
            <div role="group" aria-labelledby={`${id}-products`}>
              <p
                id={`${id}-products`}
                className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-ink-500 uppercase"
              >
                Products
              </p>
              {suggestions.products.map((product, productIndex) =>
                renderOption(
                  suggestions.popular.length + productIndex,
                  <>
                    <ProductImage
                      src={product.image}
                      width={36}
                      height={44}
                      className="h-11 w-9 shrink-0 rounded-md bg-canvas object-cover"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-ink-900">{product.name}</span>
                      <span className="block text-xs font-semibold text-ink-700">
                        {formatRupees(product.price)}
                      </span>
                    </span>
                  </>,
                ),
              )}
            </div>
          )}
        </div>
      )}
    </div>
  );

  return (
    <div
      ref={containerRef}
      className={variant === 'inline' ? 'relative w-full' : 'flex min-h-0 min-w-0 flex-1 flex-col'}
    >
      <form
        role="search"
        aria-label="Products"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="flex items-center rounded-lg border border-line bg-canvas focus-within:border-brand-600 focus-within:bg-white focus-within:ring-2 focus-within:ring-brand-100"
      >
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-label="Search for products, brands and more"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          enterKeyHint="search"
          placeholder="Search for products, brands and more"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className="h-10 min-w-0 flex-1 bg-transparent px-3 text-sm text-ink-900 placeholder:text-ink-500 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        <button
          type="submit"
          aria-label="Search"
          className="flex h-10 w-11 items-center justify-center text-ink-700 hover:text-brand-600"
        >
          <Search className="h-5 w-5" aria-hidden="true" />
        </button>
      </form>
      {popup}
    </div>
  );
}
