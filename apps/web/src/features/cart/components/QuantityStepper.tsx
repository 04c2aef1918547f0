import { Minus, Plus } from 'lucide-react';

/**
 * The cart's − n + control. The parent decides what a press does (spec §4: + only up to stock and the per-order cap,
 * − never below 1); − is disabled at 1, + stays pressable so that going over a limit can say which one.
 */
export function QuantityStepper({
  quantity,
  label,
  busy,
  onDecrease,
  onIncrease,
}: {
  quantity: number;
  label: string;
  busy: boolean;
  onDecrease: () => void;
  onIncrease: () => void;
}) {
  const button =
    'flex h-9 w-9 items-center justify-center text-ink-900 transition hover:bg-canvas disabled:cursor-not-allowed disabled:text-ink-300 disabled:hover:bg-transparent';
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex items-center overflow-hidden rounded-lg border border-line bg-white"
    >
      <button
        type="button"
        className={button}
        onClick={onDecrease}
        disabled={busy || quantity <= 1}
        aria-label="Decrease quantity"
      >
        <Minus size={16} aria-hidden="true" />
      </button>
      <output
        aria-live="polite"
        aria-label="Quantity"
        className="min-w-9 px-1 text-center text-sm font-semibold tabular-nums"
      >
        {quantity}
      </output>
      <button
        type="button"
        className={button}
        onClick={onIncrease}
        disabled={busy}
        aria-label="Increase quantity"
      >
        <Plus size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
