import { useState } from 'react';
import { Banknote } from 'lucide-react';
import { formatRupees, type SellerOrderDetail } from '@bazaar/shared';
import { useCollectCashMutation } from '../../api/sellerOrdersApi';
import { OutcomeNote, useActionOutcome } from '../../components/forms/ActionOutcome';
import { ConfirmDialog } from '../../components/forms/ConfirmDialog';

/**
 * Cash on delivery (issue 19): once the part is shipped, the seller records the cash as collected (a shipped part is
 * delivered with it), after a confirmation; the part then counts in the earnings. Nothing for a UPI part. The page
 * refetches the part after the call, which is then paid and offers the button no more: what the call answered stays.
 */
export function CashCollected({ order }: { order: SellerOrderDetail }) {
  const [collect, { isLoading }] = useCollectCashMutation();
  const [asking, setAsking] = useState(false);
  const { outcome, report } = useActionOutcome();
  const collectable =
    order.paymentStatus === 'cod' && (order.status === 'shipped' || order.status === 'delivered');
  if (!collectable && !outcome) return null;

  async function confirm() {
    await report(
      async () => (await collect(order._id).unwrap()).message,
      'The cash could not be recorded. Please try again.',
    );
    setAsking(false);
  }

  return (
    <div className="space-y-2">
      {collectable && (
        <button type="button" className="btn-primary" disabled={isLoading} onClick={() => setAsking(true)}>
          <Banknote className="h-4 w-4" aria-hidden="true" /> Cash collected
        </button>
      )}
      <OutcomeNote outcome={outcome} />
      {asking && collectable && (
        <ConfirmDialog
          title="Cash collected?"
          confirmLabel="Cash collected"
          tone="primary"
          busy={isLoading}
          onCancel={() => setAsking(false)}
          onConfirm={confirm}
        >
          <p>
            The shopper paid this part ({formatRupees(order.amount)} of goods) in cash
            {order.status === 'shipped' ? ' and the parcel is delivered' : ''}. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
