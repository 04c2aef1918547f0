import { useId, useImperativeHandle, useRef, type Ref } from 'react';
import { Ruler } from 'lucide-react';
import type { VariantDto } from '@bazaar/shared';
import { fewLeftNote, inSizeOrder } from '../../components/product/variantRules';

export interface SizePickerHandle {
  /** Moves focus to the chips (the chosen size, else the first one in stock), as when a size is missing. */
  focus: () => void;
}

/**
 * The product page's size chips (issue 15), in size-run order. A sold-out size is greyed, crossed and cannot be
 * chosen; a nearly gone one says "Only N left" under its chip. When the shopper presses Add To Cart or Buy Now
 * without a size, the page sets `missing`: the chips are outlined and "Select a size" is announced, and the page
 * moves focus here (`ref.focus()`).
 *
 * The chips are radio buttons (one choice, arrow keys move between the sizes that can be chosen).
 */
export function SizePicker({
  variants,
  selectedId,
  onSelect,
  missing,
  onSizeChart,
  ref,
}: {
  variants: readonly Pick<VariantDto, '_id' | 'size' | 'stock'>[];
  selectedId: number | null;
  onSelect: (variantId: number) => void;
  missing: boolean;
  /** Opens the size chart; no link when the product has none. */
  onSizeChart?: () => void;
  ref?: Ref<SizePickerHandle>;
}) {
  const name = useId();
  const legendId = useId();
  const errorId = useId();
  const chips = useRef<HTMLDivElement>(null);
  useImperativeHandle(
    ref,
    () => ({
      focus: () =>
        chips.current
          ?.querySelector<HTMLInputElement>('input:checked, input:not(:disabled)')
          ?.focus({ preventScroll: false }),
    }),
    [],
  );
  const sized = inSizeOrder(variants.filter((variant) => variant.size !== null));

  return (
    <fieldset
      // The padding is there either way (pulled back into the margin), so marking the chips moves nothing.
      className={`-mx-3 rounded-card p-3 ring-1 transition ${missing ? 'bg-brand-50 ring-brand-600' : 'ring-transparent'}`}
      aria-labelledby={legendId}
      aria-describedby={missing ? errorId : undefined}
    >
      <div className="mb-3 flex items-center justify-between gap-3">
        {/* Named through aria-labelledby: a <legend> must be the fieldset's first child, this one sits in a row. */}
        <span id={legendId} className="text-sm font-bold uppercase tracking-wide text-ink-900">
          Select Size
        </span>
        {onSizeChart && (
          <button
            type="button"
            onClick={onSizeChart}
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-600 hover:text-brand-700"
          >
            <Ruler size={16} aria-hidden="true" /> Size chart
          </button>
        )}
      </div>
      <div ref={chips} className="flex flex-wrap gap-x-2.5 gap-y-2 sm:gap-x-3">
        {sized.map((variant) => {
          const soldOut = variant.stock <= 0;
          const chosen = variant._id === selectedId;
          const note = fewLeftNote(variant.stock);
          const noteId = `${name}-${variant._id}-note`;
          return (
            <label key={variant._id} className="flex min-w-12 flex-col items-center gap-1 sm:min-w-14">
              <input
                type="radio"
                name={name}
                value={variant._id}
                checked={chosen}
                disabled={soldOut}
                onChange={() => onSelect(variant._id)}
                aria-label={soldOut ? `${variant.size}, sold out` : (variant.size ?? '')}
                aria-describedby={note ? noteId : undefined}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className={`relative flex h-12 min-w-12 items-center justify-center overflow-hidden rounded-full border px-2 text-sm font-semibold transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${
                  soldOut
                    ? 'cursor-not-allowed border-dashed border-ink-300 bg-canvas text-ink-300'
                    : chosen
                      ? 'cursor-pointer border-brand-600 bg-white text-brand-600 ring-1 ring-brand-600'
                      : `cursor-pointer bg-white text-ink-900 hover:border-brand-600 ${missing ? 'border-brand-300' : 'border-ink-300'}`
                }`}
              >
                {variant.size}
                {soldOut && (
                  <span className="absolute left-1/2 top-1/2 h-px w-[140%] -translate-x-1/2 -translate-y-1/2 -rotate-45 bg-ink-300" />
                )}
              </span>
              {note && (
                <span id={noteId} className="whitespace-nowrap text-[11px] font-semibold text-warning">
                  {note}
                </span>
              )}
            </label>
          );
        })}
      </div>
      {missing && (
        <p id={errorId} role="alert" className="mt-2 text-sm font-semibold text-brand-600">
          Select a size
        </p>
      )}
    </fieldset>
  );
}
