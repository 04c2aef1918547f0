import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { Banknote } from 'lucide-react';
import { formatRupees } from '@bazaar/shared';
import { failureMessage } from '../../api/bazaarApi';
import { useChooseCodMutation, useGetCodAvailabilityQuery } from '../../api/paymentsApi';
import { ConfirmDialog } from '../../components/forms/ConfirmDialog';

/**
 * Cash on delivery (issue 19) beside the UPI options of an unpaid order: offered when every shop in the order accepts
 * cash and the order is within the marketplace's limit, otherwise said why not. Choosing it places the order at once
 * (the shopper pays the courier, the COD fee included) and opens its details.
 */
export function CashOnDeliveryOption({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  const { data: cod, isLoading } = useGetCodAvailabilityQuery(orderId);
  const [chooseCod, { isLoading: placing }] = useChooseCodMutation();
  const [asking, setAsking] = useState(false);

  if (isLoading) return <div className="skeleton h-20" aria-hidden="true" />;
  if (!cod) return null;

  async function place() {
    try {
      const placed = await chooseCod(orderId).unwrap();
      toast.success(placed.message);
      navigate(`/dashboard/order/details/${encodeURIComponent(orderId)}`, { replace: true });
    } catch (error) {
      toast.error(failureMessage(error));
      setAsking(false);
    }
  }

  return (
    <section className="card p-4 lg:p-6" aria-labelledby="pay-cod">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Banknote className="h-5 w-5" aria-hidden="true" />
          </span>
          <div>
            <h2 id="pay-cod" className="text-lg font-bold text-ink-900">
              Cash on delivery
            </h2>
            {cod.available ? (
              <p className="text-sm text-ink-700">
                Pay {formatRupees(cod.total)} in cash when the order arrives
                {cod.fee > 0 && <> (includes a {formatRupees(cod.fee)} cash-on-delivery fee)</>}.
              </p>
            ) : (
              <p className="text-sm text-ink-500">{cod.reason}</p>
            )}
          </div>
        </div>
        {cod.available && (
          <button type="button" className="btn-outline w-full sm:w-auto" onClick={() => setAsking(true)}>
            Pay on delivery
          </button>
        )}
      </div>
      {asking && (
        <ConfirmDialog
          title="Pay in cash on delivery?"
          tone="primary"
          confirmLabel="Place order"
          busy={placing}
          onCancel={() => setAsking(false)}
          onConfirm={place}
        >
          <p>
            Your order is placed now and you pay {formatRupees(cod.total)} to the courier when it is
            delivered. Any UPI payment you started for this order is cancelled.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
