import { useId } from 'react';
import { ArrowRight, TicketPercent } from 'lucide-react';
import { FREE_SHIPPING_ABOVE, formatRupees } from '@bazaar/shared';

export interface SummaryNumbers {
  price: number;
  shipping_fee: number;
  items: number;
}

/** What is left to add for free shipping, or 0 once the goods total is above the threshold. */
function shortOfFreeShipping({ price }: SummaryNumbers): number {
  return price > FREE_SHIPPING_ABOVE ? 0 : FREE_SHIPPING_ABOVE + 1 - price;
}

/** Order Summary: items and price, shipping fee, coupon box, total, and Proceed to checkout (desktop). */
export function OrderSummary({
  numbers,
  canCheckout,
  blockedReason,
  onCheckout,
}: {
  numbers: SummaryNumbers;
  canCheckout: boolean;
  blockedReason?: string;
  onCheckout: () => void;
}) {
  const couponId = useId();
  const { price, shipping_fee, items } = numbers;
  const missing = shortOfFreeShipping(numbers);
  return (
    <aside aria-labelledby="order-summary-heading" className="card p-5 lg:sticky lg:top-32">
      <h2 id="order-summary-heading" className="text-lg font-semibold text-ink-900">
        Order Summary
      </h2>
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-ink-700">{items} Items</dt>
          <dd className="font-semibold text-ink-900" data-testid="summary-price">
            {formatRupees(price)}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-ink-700">Shipping Fee</dt>
          <dd
            className={`font-semibold ${shipping_fee === 0 && price > 0 ? 'text-success' : 'text-ink-900'}`}
            data-testid="summary-shipping"
          >
            {shipping_fee === 0 && price > 0 ? 'FREE' : formatRupees(shipping_fee)}
          </dd>
        </div>
      </dl>
      {price > 0 && missing > 0 && (
        <p className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-xs text-brand-800">
          Add {formatRupees(missing)} more to get free shipping.
        </p>
      )}

      <div className="mt-5">
        <label htmlFor={couponId} className="flex items-center gap-1.5 text-sm font-medium text-ink-700">
          <TicketPercent size={16} aria-hidden="true" />
          Coupon code
        </label>
        <div className="mt-2 flex gap-2">
          <input
            id={couponId}
            className="input"
            placeholder="Enter coupon"
            disabled
            aria-describedby={`${couponId}-note`}
          />
          <button type="button" className="btn-outline" disabled>
            Apply
          </button>
        </div>
        <p id={`${couponId}-note`} className="mt-1.5 text-xs text-ink-500">
          Coupons are not available yet.
        </p>
      </div>

      <div className="mt-5 flex items-baseline justify-between border-t border-line pt-4">
        <span className="font-semibold text-ink-900">Total</span>
        <span className="text-xl font-bold text-ink-900" data-testid="summary-total">
          {formatRupees(price + shipping_fee)}
        </span>
      </div>
      {blockedReason && <p className="mt-3 text-xs font-semibold text-warning">{blockedReason}</p>}
      <button
        type="button"
        className="btn-primary mt-4 hidden w-full py-3 lg:flex"
        disabled={!canCheckout}
        onClick={onCheckout}
      >
        Proceed to checkout
        <ArrowRight size={18} aria-hidden="true" />
      </button>
    </aside>
  );
}
