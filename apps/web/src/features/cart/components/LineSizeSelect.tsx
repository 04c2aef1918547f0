import { useId } from 'react';
import { ChevronDown } from 'lucide-react';
import { useGetProductVariantsQuery } from '../../../api/catalogApi';
import { fewLeftNote, inSizeOrder } from '../../../components/product/variantRules';

/**
 * A cart line's size (issue 15), changeable to another size in stock: the product's sizes are read from its
 * product page answer (the catalogue cache's). Until they arrive, and if they cannot be read, the line's own size
 * is the only choice. A sold-out size is not offered; the server merges the line into one of the new size if the
 * shopper already has it.
 */
export function LineSizeSelect({
  slug,
  productName,
  variantId,
  size,
  busy,
  onChange,
}: {
  slug: string;
  productName: string;
  variantId: number;
  size: string;
  busy: boolean;
  onChange: (variantId: number) => void;
}) {
  const id = useId();
  const { data: variants } = useGetProductVariantsQuery(slug, { refetchOnMountOrArgChange: true });
  const choices = inSizeOrder(
    (variants ?? []).filter(
      (variant) => variant.size !== null && (variant.stock > 0 || variant._id === variantId),
    ),
  );
  const options = choices.some((variant) => variant._id === variantId)
    ? choices
    : [{ _id: variantId, size, stock: 0 }, ...choices];

  return (
    <span className="relative inline-flex items-center rounded-md bg-canvas text-xs hover:bg-line">
      <label htmlFor={id} className="pl-2 font-semibold text-ink-500">
        Size:
      </label>
      <select
        id={id}
        aria-label={`Size of ${productName}`}
        value={variantId}
        disabled={busy}
        onChange={(event) => onChange(Number(event.target.value))}
        className="cursor-pointer appearance-none bg-transparent py-1 pl-1 pr-6 text-xs font-bold text-ink-900 disabled:opacity-50"
      >
        {options.map((variant) => {
          const note = variant._id === variantId ? null : fewLeftNote(variant.stock);
          return (
            <option key={variant._id} value={variant._id}>
              {variant.size}
              {note ? ` (${note})` : ''}
            </option>
          );
        })}
      </select>
      <ChevronDown
        size={14}
        aria-hidden="true"
        className="pointer-events-none absolute right-1.5 text-ink-700"
      />
    </span>
  );
}
