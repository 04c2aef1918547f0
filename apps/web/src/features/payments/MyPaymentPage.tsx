import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { CheckCircle2, Hourglass } from 'lucide-react';
import { PAYMENT_POLL_MS, paymentMessages, UTR_PATTERN } from '@bazaar/shared';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useRemovePaidOrderFromCartMutation, useSubmitTransactionIdMutation } from '../../api/paymentsApi';
import { messageClear } from './paymentSlice';
import { usePaymentNavigationState, usePaymentStatusPolling, useStartPayment } from './paymentFlow';
import { PaymentIssue } from './PaymentIssue';
import { MissingOrder, PaymentSummary, SecurePaymentNote, UpiQr } from './PaymentParts';
import { CashOnDeliveryOption } from './CashOnDelivery';

/**
 * /my-payment (right after placing an order): the UPI QR code, the amount, and a form for the UTR the UPI app shows
 * after paying. Status is polled every 5 s; once paid the order's products leave the cart and the shopper goes to
 * /payment/confirm.
 */
export default function MyPaymentPage() {
  const { price, items, orderId } = usePaymentNavigationState();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const payment = useAppSelector((s) => s.payment);
  const mine = payment.orderId === orderId;
  const status = mine ? payment.status : null;
  const started = useStartPayment(orderId, price);
  const [utr, setUtr] = useState('');
  const [utrError, setUtrError] = useState('');
  const [submitTransactionId, { isLoading: submitting }] = useSubmitTransactionIdMutation();
  const [removePaidOrderFromCart] = useRemovePaidOrderFromCartMutation();

  usePaymentStatusPolling(orderId, PAYMENT_POLL_MS.utrPage, started && status !== 'paid');

  useEffect(() => {
    if (!started || !orderId) return;
    if (status === 'paid') {
      void removePaidOrderFromCart(orderId).finally(() =>
        navigate('/payment/confirm', { replace: true, state: { orderId } }),
      );
    } else if (status === 'expired' || (status === 'failed' && !payment.canRetry)) {
      navigate('/payment/failure', { replace: true, state: { orderId } });
    }
  }, [removePaidOrderFromCart, navigate, orderId, payment.canRetry, started, status]);

  useEffect(() => {
    if (!payment.successMessage) return;
    toast.success(payment.successMessage);
    dispatch(messageClear());
  }, [dispatch, payment.successMessage]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const transactionId = utr.trim();
    if (!transactionId || !orderId) return;
    if (!UTR_PATTERN.test(transactionId)) {
      setUtrError(paymentMessages.utrFormat);
      return;
    }
    setUtrError('');
    const result = await submitTransactionId({ orderId, transactionId });
    if (result.error) {
      setUtrError(
        (result.error as { error?: string }).error ??
          'Could not submit the transaction ID. Please try again.',
      );
      dispatch(messageClear());
    }
  }

  if (!orderId) return <MissingOrder />;
  const underVerification = status === 'under verification';

  return (
    <section className="bg-canvas">
      <div className="container-page py-6 lg:py-10">
        <div className="mx-auto grid max-w-4xl gap-4 lg:grid-cols-[1fr_1fr]">
          <div className="card p-4 lg:p-6">
            <h1 className="text-lg font-bold text-ink-900 lg:text-xl">Pay with UPI</h1>
            <div className="mt-4">
              <PaymentSummary amount={mine ? payment.amount : 0} orderId={orderId} items={items} />
            </div>
            <div className="mt-6">
              <UpiQr link={mine ? payment.paymentLink : ''} amount={mine ? payment.amount : 0} />
            </div>
            <ol className="mt-6 list-decimal space-y-1 pl-5 text-sm text-ink-700">
              <li>Scan the code with G-Pay, PhonePe, Paytm or any UPI app.</li>
              <li>Pay the amount shown; it is already filled in.</li>
              <li>Copy the 12-digit UTR (UPI reference) from the app and submit it here.</li>
            </ol>
          </div>

          <div className="card p-4 lg:p-6">
            {underVerification ? (
              <div
                role="status"
                className="flex h-full flex-col items-center justify-center gap-3 py-6 text-center"
              >
                <Hourglass className="h-10 w-10 text-warning" aria-hidden="true" />
                <h2 className="text-lg font-bold text-ink-900">Payment under verification</h2>
                <p className="text-sm text-ink-500">
                  We have your transaction ID and are matching it with our bank account. This may take up to
                  24 hours; this page updates by itself.
                </p>
                <div className="mt-2 flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
                  <Link to="/dashboard/my-orders" className="btn-primary">
                    Go to My Orders
                  </Link>
                  <Link to="/payment/confirm" state={{ orderId }} className="btn-outline">
                    Check status
                  </Link>
                </div>
              </div>
            ) : (
              <form onSubmit={submit} noValidate aria-labelledby="utr-title">
                <h2 id="utr-title" className="text-lg font-bold text-ink-900">
                  Submit transaction ID
                </h2>
                <p className="mt-1 text-sm text-ink-500">
                  After paying, enter the UTR / transaction ID your UPI app shows.
                </p>
                {mine && payment.rejection && (
                  <div className="mt-3">
                    <PaymentIssue rejection={payment.rejection} />
                  </div>
                )}
                <label htmlFor="utr" className="mt-4 block text-sm font-medium text-ink-700">
                  UTR / Transaction ID
                </label>
                <input
                  id="utr"
                  name="transactionId"
                  className="input mt-1.5 font-mono tracking-wider"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={20}
                  placeholder="e.g. 412345678901"
                  value={utr}
                  aria-invalid={Boolean(utrError)}
                  aria-describedby={utrError ? 'utr-error' : 'utr-help'}
                  onChange={(e) => {
                    setUtr(e.target.value);
                    setUtrError('');
                  }}
                />
                {utrError ? (
                  <p id="utr-error" role="alert" className="mt-1.5 text-sm text-danger">
                    {utrError}
                  </p>
                ) : (
                  <p id="utr-help" className="mt-1.5 text-xs text-ink-500">
                    12 digits, found under "UPI transaction ID" or "UTR" in the payment details.
                  </p>
                )}
                <button type="submit" className="btn-primary mt-4 w-full" disabled={submitting}>
                  {submitting ? 'Submitting…' : 'Submit'}
                </button>
                <p className="mt-4 flex items-start gap-2 rounded-lg bg-canvas p-3 text-xs text-ink-500">
                  <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                  Your items stay reserved while we verify the payment.
                </p>
              </form>
            )}
          </div>
          {!underVerification && (
            <div className="lg:col-span-2">
              <CashOnDeliveryOption orderId={orderId} />
            </div>
          )}
          <div className="lg:col-span-2">
            <SecurePaymentNote />
          </div>
        </div>
      </div>
    </section>
  );
}
