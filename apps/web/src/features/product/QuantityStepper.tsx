import { Minus, Plus } from 'lucide-react';
import toast from 'react-hot-toast';
import { nextQuantity, quantityLimitMessage } from '../../components/product/quantity';

export function QuantityStepper({
  quantity,
  stock,
  size,
  onChange,
}: {
  quantity: number;
  stock: number;
  /** The chosen size, which the cap on units is per. */
  size?: string | null;
  onChange: (quantity: number) => void;
}) {
  const step = (delta: 1 | -1) => {
    const result = nextQuantity(quantity, delta, stock);
    if (result.refusedBy) toast.error(quantityLimitMessage(result.refusedBy, size), { id: 'quantity-stock' });
    onChange(result.quantity);
  };
  const button =
    'inline-flex h-10 w-10 items-center justify-center text-ink-900 transition hover:bg-canvas disabled:cursor-not-allowed disabled:text-ink-300';
  return (
    <div
      className="inline-flex items-center overflow-hidden rounded-lg border border-line"
      role="group"
      aria-label="Quantity"
    >
      <button
        type="button"
        className={button}
        onClick={() => step(-1)}
        disabled={quantity <= 1}
        aria-label="Decrease quantity"
      >
        <Minus size={16} aria-hidden="true" />
      </button>
      <output className="w-10 text-center text-sm font-semibold" aria-live="polite" aria-label="Quantity">
        {quantity}
      </output>
      <button type="button" className={button} onClick={() => step(1)} aria-label="Increase quantity">
        <Plus size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
