import { useEffect, useRef, useState } from 'react';
import { formatRupees } from '@bazaar/shared';
import { PRICE_STEP } from './shopFilters';
import './priceRange.css';

/** How long the thumbs must rest before the list is re-requested, so dragging does not fire a request per step. */
const COMMIT_DELAY_MS = 400;

/**
 * Two-thumb price slider. It mirrors the committed [low, high] pair (spec §4) and reports a new pair once the
 * shopper pauses.
 */
export function PriceRangeFilter({
  bounds,
  value,
  onCommit,
}: {
  bounds: { low: number; high: number };
  value: [number, number];
  onCommit: (low: number, high: number) => void;
}) {
  const [draft, setDraft] = useState<[number, number]>(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [committedLow, committedHigh] = value;
  // A new committed range (this slider's own commit, a cleared filter, back/forward) replaces the draft; adjusted
  // while rendering, as React advises, rather than in an effect that would paint the old draft first.
  const [draftBase, setDraftBase] = useState<[number, number]>(value);
  if (draftBase[0] !== committedLow || draftBase[1] !== committedHigh) {
    setDraftBase([committedLow, committedHigh]);
    setDraft([committedLow, committedHigh]);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const move = (next: [number, number]) => {
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onCommit(next[0], next[1]), COMMIT_DELAY_MS);
  };

  const span = bounds.high - bounds.low || 1;
  const percent = (amount: number) => ((amount - bounds.low) / span) * 100;
  const [low, high] = draft;
  // When both thumbs meet at the top end, the low thumb must sit above so it can still be dragged down.
  const lowOnTop = low >= bounds.high - PRICE_STEP;

  return (
    <div>
      <div className="price-range relative h-6">
        <div className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-pill bg-line" />
        <div
          className="absolute top-1/2 h-1 -translate-y-1/2 rounded-pill bg-brand-600"
          style={{ left: `${percent(low)}%`, right: `${100 - percent(high)}%` }}
        />
        <input
          type="range"
          aria-label="Minimum price"
          aria-valuetext={formatRupees(low)}
          min={bounds.low}
          max={bounds.high}
          step={PRICE_STEP}
          value={low}
          style={{ zIndex: lowOnTop ? 3 : 2 }}
          onChange={(event) => move([Math.min(Number(event.target.value), high), high])}
        />
        <input
          type="range"
          aria-label="Maximum price"
          aria-valuetext={formatRupees(high)}
          min={bounds.low}
          max={bounds.high}
          step={PRICE_STEP}
          value={high}
          style={{ zIndex: 2 }}
          onChange={(event) => move([low, Math.max(Number(event.target.value), low)])}
        />
      </div>
      <div
        className="mt-3 flex items-center justify-between text-sm font-semibold text-ink-900"
        aria-live="polite"
      >
        <span data-testid="price-low">{formatRupees(low)}</span>
        <span className="text-ink-300" aria-hidden="true">
          —
        </span>
        <span data-testid="price-high">{formatRupees(high)}</span>
      </div>
    </div>
  );
}
