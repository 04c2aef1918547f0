import { Link } from 'react-router-dom';
import { AlertTriangle } from 'lucide-react';
import type { PaymentStatusResponse } from '@bazaar/shared';
import type { PaymentNavigationState } from './paymentFlow';

/**
 * Why a payment did not go through: the UTR an operator or the bank rejected, with their reason, and why the order
 * can no longer be paid once it is closed. Nothing when there is neither.
 */
export function PaymentIssue({
  rejection,
  closedReason,
}: Pick<PaymentStatusResponse, 'rejection' | 'closedReason'>) {
  if (!rejection && !closedReason) return null;
  return (
    <div
      className="flex gap-2 rounded-lg border border-brand-100 bg-brand-50 p-3 text-left text-sm text-ink-700"
      data-testid="payment-issue"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-danger" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        {rejection && (
          <p>
            <span className="font-semibold text-ink-900">
              UTR <span className="font-mono break-all">{rejection.utr}</span> was not accepted
            </span>
            {rejection.reason ? `: ${rejection.reason}` : '.'}
          </p>
        )}
        {closedReason && <p className="font-semibold text-danger">{closedReason}</p>}
      </div>
    </div>
  );
}

/** To the UTR page, for a shopper whose UTR was rejected and who may still submit a corrected one. */
export function CorrectUtrLink({ state, className }: { state: PaymentNavigationState; className: string }) {
  return (
    <Link to="/my-payment" state={state} className={className}>
      Submit corrected UTR
    </Link>
  );
}
