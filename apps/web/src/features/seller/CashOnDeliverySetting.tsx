import toast from 'react-hot-toast';
import { Banknote } from 'lucide-react';
import type { SellerProfile } from '@bazaar/shared';
import { failureMessage } from '../../api/bazaarApi';
import { useSetSellerCodMutation } from '../../api/sellerApi';

/**
 * Whether the shop accepts cash on delivery (issue 19): shoppers are offered COD only for orders whose every shop
 * accepts it. A switch, saved as soon as it is flipped; the courier's cash is marked collected on each order.
 */
export function CashOnDeliverySetting({ seller }: { seller: SellerProfile }) {
  const [setSellerCod, { isLoading }] = useSetSellerCodMutation();

  async function toggle() {
    try {
      toast.success((await setSellerCod(!seller.acceptsCod).unwrap()).message);
    } catch (error) {
      toast.error(failureMessage(error));
    }
  }

  return (
    <section className="card flex items-start gap-3 p-4 sm:p-5" aria-labelledby="seller-cod">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Banknote className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="flex-1">
        <h2 id="seller-cod" className="font-semibold text-ink-900">
          Cash on delivery
        </h2>
        <p id="seller-cod-help" className="text-sm text-ink-500">
          Shoppers may pay the courier in cash, up to the marketplace’s limit. Mark the cash collected on each
          order when it is delivered.
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={seller.acceptsCod}
        aria-labelledby="seller-cod"
        aria-describedby="seller-cod-help"
        disabled={isLoading}
        onClick={toggle}
        className={`relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 ${seller.acceptsCod ? 'bg-brand-600' : 'bg-ink-300'}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${seller.acceptsCod ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
    </section>
  );
}
