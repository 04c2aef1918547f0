import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { PAYMENT_POLL_MS } from '@bazaar/shared';
import { useAppSelector } from '../../app/hooks';
import { useConfirmOrderMutation, useRemovePaidOrderFromCartMutation } from '../../api/paymentsApi';
import { PENDING_ORDER_KEY, usePaymentNavigationState, usePaymentStatusPolling } from './paymentFlow';
import { MyOrdersAndHelp, MyOrdersButton, ResultCard } from './PaymentParts';
import { PendingArt, SuccessArt } from './Illustrations';

/**
 * /payment/confirm: 'Payment under verification' until an operator or the bank confirms it, then 'Payment verified
 * successfully!'. Polls every 5 s while the payment is neither paid nor failed, and stops when the page is left.
 */
export default function PaymentConfirmPage() {
  const { orderId } = usePaymentNavigationState();
  const navigate = useNavigate();
  const [removePaidOrderFromCart] = useRemovePaidOrderFromCartMutation();
  const [confirmOrder] = useConfirmOrderMutation();
  const status = useAppSelector((s) => (orderId && s.payment.orderId === orderId ? s.payment.status : null));
  const settled = status === 'paid' || status === 'failed' || status === 'expired';

  usePaymentStatusPolling(orderId, PAYMENT_POLL_MS.confirmPage, Boolean(orderId) && !settled);

  const confirmed = useRef(false);
  useEffect(() => {
    if (!orderId) return;
    if (status === 'paid' && !confirmed.current) {
      confirmed.current = true;
      localStorage.removeItem(PENDING_ORDER_KEY);
      void removePaidOrderFromCart(orderId);
      confirmOrder(orderId)
        .unwrap()
        .catch((error: unknown) => console.error('order confirmation failed', error));
    } else if (status === 'failed' || status === 'expired') {
      navigate('/payment/failure', { replace: true, state: { orderId } });
    }
  }, [removePaidOrderFromCart, confirmOrder, navigate, orderId, status]);

  if (status === 'paid') {
    return (
      <ResultCard
        art={<SuccessArt />}
        title="Payment verified successfully!"
        actions={<MyOrdersButton label="Go to My Orders" />}
      >
        <p>Thank you! Your payment is confirmed.</p>
        {orderId && <p className="text-xs">Order {orderId}</p>}
      </ResultCard>
    );
  }
  return (
    <ResultCard
      art={<PendingArt />}
      title="Payment under verification"
      actions={<MyOrdersAndHelp helpLabel="Need help?" />}
    >
      <p>We are confirming your payment with the bank. It may take up to 24 hours.</p>
      <p>This page updates by itself once it is verified; you can also follow it in My Orders.</p>
      {orderId && <p className="text-xs">Order {orderId}</p>}
    </ResultCard>
  );
}
