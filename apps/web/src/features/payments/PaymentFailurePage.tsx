import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetPaymentStatusQuery } from '../../api/paymentsApi';
import { useAppSelector } from '../../app/hooks';
import { FailureArt } from './Illustrations';
import { CorrectUtrLink, PaymentIssue } from './PaymentIssue';
import { MyOrdersAndHelp, ResultCard } from './PaymentParts';
import { PENDING_ORDER_KEY, usePaymentNavigationState } from './paymentFlow';

/**
 * /payment/failure. With the spec's text as written, unless the server says why this order's payment failed: then
 * the rejected UTR and the operator's reason, and a way to submit a corrected UTR while the order can still be paid,
 * or why it cannot be paid any more.
 */
export default function PaymentFailurePage() {
  const navigation = usePaymentNavigationState();
  const [orderId] = useState(
    () => navigation.orderId ?? localStorage.getItem(PENDING_ORDER_KEY) ?? undefined,
  );
  const payment = useAppSelector((s) => (orderId && s.payment.orderId === orderId ? s.payment : null));

  // Read once on arrival; the payment store area then holds why the payment failed.
  useGetPaymentStatusQuery(orderId ?? skipToken, { refetchOnMountOrArgChange: true });

  const explained = Boolean(payment?.rejection || payment?.closedReason);
  const canCorrect = Boolean(orderId && payment?.rejection && payment.canRetry);
  return (
    <ResultCard
      art={<FailureArt />}
      title="Payment Failed"
      actions={
        <>
          {canCorrect && <CorrectUtrLink state={{ orderId }} className="btn-primary w-full sm:w-auto" />}
          <MyOrdersAndHelp helpLabel="Need help ?" primary={!canCorrect} />
        </>
      }
    >
      {explained && payment ? (
        <PaymentIssue rejection={payment.rejection ?? undefined} closedReason={payment.closedReason} />
      ) : (
        <p>
          The payment was unsuccessful due to session Timemout. Please try again later or use another payment
          method.
        </p>
      )}
      {orderId && <p className="text-xs">Order {orderId}</p>}
    </ResultCard>
  );
}
