import { useEffect, useState } from 'react';
import type { PaymentState } from '@bazaar/shared';
import { useConfirmOrderMutation, useLazyGetPaymentStatusQuery } from '../../api/paymentsApi';
import { PENDING_ORDER_KEY } from './paymentFlow';
import { FailureArt, SuccessArt } from './Illustrations';
import { MyOrdersButton, ResultCard } from './PaymentParts';

type PaymentResult = 'failed' | 'processing' | 'succeeded' | 'loading';

function resultOf(status: PaymentState): PaymentResult {
  if (status === 'paid') return 'succeeded';
  if (status === 'under verification') return 'processing';
  if (status === 'failed' || status === 'expired') return 'failed';
  return 'loading';
}

const backToDashboard = <MyOrdersButton label="Back to Dashboard" />;

/**
 * /order/confirm, the payment-result variant: reads the order id kept in local storage when the payment started.
 * Succeeded: confirms the order with the server, forgets the id and shows success; failed or processing: the error
 * view; otherwise a loader.
 */
export default function OrderConfirmPage() {
  const [getPaymentStatus] = useLazyGetPaymentStatusQuery();
  const [confirmOrder] = useConfirmOrderMutation();
  const [orderId] = useState(() => localStorage.getItem(PENDING_ORDER_KEY));
  const [result, setResult] = useState<PaymentResult>(orderId ? 'loading' : 'failed');

  useEffect(() => {
    if (!orderId) return;
    let cancelled = false;
    getPaymentStatus(orderId)
      .unwrap()
      .then(async ({ payment_status }) => {
        const next = resultOf(payment_status);
        if (next === 'succeeded') {
          // A failed confirmation is only logged and the loader stays, as the spec says.
          await confirmOrder(orderId).unwrap();
          localStorage.removeItem(PENDING_ORDER_KEY);
        }
        if (!cancelled) setResult(next);
      })
      .catch((error: unknown) => console.error('payment result failed', error));
    return () => {
      cancelled = true;
    };
  }, [getPaymentStatus, confirmOrder, orderId]);

  if (result === 'loading') {
    return (
      <div role="status" className="flex min-h-[50vh] items-center justify-center">
        <span
          className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
          aria-hidden="true"
        />
        <span className="sr-only">Checking your payment</span>
      </div>
    );
  }
  if (result === 'succeeded') {
    return (
      <ResultCard art={<SuccessArt />} title="Order confirmed" actions={backToDashboard}>
        <p>Your payment for order {orderId} succeeded.</p>
      </ResultCard>
    );
  }
  return (
    <ResultCard
      art={<FailureArt />}
      title={result === 'processing' ? 'Payment still processing' : 'Payment not completed'}
      actions={backToDashboard}
    >
      <p>
        {result === 'processing'
          ? 'Your payment is still being verified. Follow it from your orders.'
          : 'We could not confirm a payment for this order.'}
      </p>
    </ResultCard>
  );
}
