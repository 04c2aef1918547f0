import { useMemo, useState, type FormEvent } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { MapPin } from 'lucide-react';
import type { DeliveryEstimate } from '@bazaar/shared';
import { PINCODE_PATTERN, deliveryMessages } from '@bazaar/shared/deliveryRules';
import { useGetDeliveryEstimateQuery } from '../../api/catalogApi';
import { failureMessage } from '../../api/bazaarApi';
import { useHydrated } from '../../app/useHydrated';

/** Where the shopper's last checked pincode is kept, so every product page answers for it straight away. */
export const PINCODE_STORAGE_KEY = 'bazaar.pincode';

function savedPincode(): string {
  try {
    const pincode = localStorage.getItem(PINCODE_STORAGE_KEY) ?? '';
    return PINCODE_PATTERN.test(pincode) ? pincode : '';
  } catch {
    // Storage refused (private mode, a full quota): the shopper simply types it again.
    return '';
  }
}

function rememberPincode(pincode: string): void {
  try {
    localStorage.setItem(PINCODE_STORAGE_KEY, pincode);
  } catch {
    // Not remembered; the check itself still runs.
  }
}

function Estimate({ estimate }: { estimate: DeliveryEstimate }) {
  if (!estimate.deliverable || !estimate.standard || !estimate.express)
    return <p className="font-medium text-danger">{deliveryMessages.notDeliverable}</p>;
  return (
    <>
      <p className="font-semibold text-ink-900">{deliveryMessages.deliveryBy(estimate.standard.to)}</p>
      <p className="text-ink-700">{deliveryMessages.expressBy(estimate.express.to)}</p>
    </>
  );
}

/**
 * "Check delivery": a six-digit pincode and the seller's answer for this product (standard and express dates, or
 * not deliverable). The last pincode checked is remembered in this browser and checked again on the next product.
 */
export function PincodeCheck({ productId }: { productId: number }) {
  // The pincode is this browser's, and a page rendered on the server has no visitor: it is read once the app has
  // adopted that markup (read while adopting it, "Checking…" would differ from the rendered page, which React
  // reports and renders again from scratch).
  const hydrated = useHydrated();
  const saved = useMemo(() => (hydrated ? savedPincode() : ''), [hydrated]);
  const [typed, setPincode] = useState<string>();
  const [chosen, setChecked] = useState<string>();
  const pincode = typed ?? saved;
  const checked = chosen ?? (saved || undefined);
  const [invalid, setInvalid] = useState(false);
  const { currentData, error, isFetching } = useGetDeliveryEstimateQuery(
    checked ? { productId, pincode: checked } : skipToken,
  );

  function check(event: FormEvent) {
    event.preventDefault();
    if (!PINCODE_PATTERN.test(pincode)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setChecked(pincode);
    rememberPincode(pincode);
  }

  let result = null;
  if (invalid) result = <p className="text-danger">{deliveryMessages.invalidPincode}</p>;
  else if (isFetching) result = <p className="text-ink-500">Checking…</p>;
  else if (error) result = <p className="text-danger">{failureMessage(error)}</p>;
  else if (currentData) result = <Estimate estimate={currentData} />;

  return (
    <section aria-labelledby="pincode-check-title" className="rounded-card border border-line p-4">
      <h2 id="pincode-check-title" className="flex items-center gap-2 text-sm font-semibold text-ink-900">
        <MapPin size={16} className="text-ink-500" aria-hidden="true" /> Check delivery
      </h2>
      <form className="mt-3 flex gap-2" onSubmit={check} noValidate>
        <label htmlFor="pincode-check-input" className="sr-only">
          Pincode
        </label>
        <input
          id="pincode-check-input"
          className="input max-w-48"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="Enter pincode"
          maxLength={6}
          value={pincode}
          aria-invalid={invalid}
          aria-describedby="pincode-check-result"
          onChange={(event) => {
            setPincode(event.target.value.replace(/\D/g, '').slice(0, 6));
            setInvalid(false);
          }}
        />
        <button type="submit" className="btn-outline">
          Check
        </button>
      </form>
      <div id="pincode-check-result" role="status" aria-label="Delivery estimate" className="mt-2 text-sm">
        {result}
      </div>
    </section>
  );
}
