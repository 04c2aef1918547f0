import { discountedPrice, formatRupees } from '@bazaar/shared';

const sizes = {
  sm: { now: 'text-sm', was: 'text-xs', off: 'text-xs' },
  md: { now: 'text-base', was: 'text-sm', off: 'text-sm' },
  lg: { now: 'text-2xl', was: 'text-base', off: 'text-base' },
} as const;

/**
 * The selling price after discount; when there is a discount also the struck-through MRP and "NN% OFF".
 * Screen readers hear "Price ₹1,199, was ₹1,999, 40% off" instead of three loose numbers.
 */
export function Price({
  price,
  discount = 0,
  size = 'md',
  className = '',
}: {
  price: number;
  discount?: number;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const style = sizes[size];
  const now = discountedPrice(price, discount);
  const label =
    discount > 0
      ? `Price ${formatRupees(now)}, was ${formatRupees(price)}, ${discount}% off`
      : `Price ${formatRupees(now)}`;
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className="sr-only">{label}</span>
      <span className={`font-bold text-ink-900 ${style.now}`} aria-hidden="true">
        {formatRupees(now)}
      </span>
      {discount > 0 && (
        <>
          <s className={`text-ink-500 ${style.was}`} aria-hidden="true">
            {formatRupees(price)}
          </s>
          <span className={`font-semibold text-warning ${style.off}`} aria-hidden="true">
            {discount}% OFF
          </span>
        </>
      )}
    </span>
  );
}
