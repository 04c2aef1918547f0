import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { Clock, Smartphone } from 'lucide-react';
import { PAYMENT_POLL_MS } from '@bazaar/shared';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { messageClear } from './paymentSlice';
import {
  formatCountdown,
  usePaymentNavigationState,
  usePaymentStatusPolling,
  useSecondsLeft,
  useStartPayment,
} from './paymentFlow';
import { MissingOrder, PaymentSummary, SecurePaymentNote, UpiQr } from './PaymentParts';
import { CashOnDeliveryOption } from './CashOnDelivery';

const APPS = [
  { key: 'gpay', label: 'G-Pay', colour: 'bg-[#1a73e8]' },
  { key: 'phonepe', label: 'Phone Pe', colour: 'bg-[#5f259f]' },
  { key: 'paytm', label: 'Paytm', colour: 'bg-[#00baf2]' },
  { key: 'upi', label: 'Other UPI app', colour: 'bg-ink-700' },
] as const;

/**
 * /payment (Pay Now): UPI app buttons and a QR code with a five-minute countdown. Status is polled every second;
 * paid or a submitted UTR goes to /payment/confirm, a failed attempt, a failed status call or the end of the
 * countdown to /payment/failure.
 */
export default function PaymentPage() {
  const { price, items, orderId } = usePaymentNavigationState();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const payment = useAppSelector((s) => s.payment);
  // Until this page's own calls answer, the store may still describe another order.
  const mine = payment.orderId === orderId;
  const { paymentLink, amount, appLinks, errorMessage } = mine
    ? payment
    : { ...payment, paymentLink: '', amount: 0, appLinks: null };
  const status = mine ? payment.status : null;
  const secondsLeft = useSecondsLeft(mine ? payment.attemptEndsAt : null);

  const started = useStartPayment(orderId, price);

  useEffect(() => {
    if (!errorMessage) return;
    toast.error(errorMessage);
    dispatch(messageClear());
  }, [dispatch, errorMessage]);

  usePaymentStatusPolling(orderId, PAYMENT_POLL_MS.timerPage, started);

  useEffect(() => {
    if (!started) return;
    if (status === 'paid' || status === 'under verification') {
      navigate('/payment/confirm', { replace: true, state: { orderId } });
    } else if (status === 'failed' || status === 'expired' || secondsLeft === 0) {
      navigate('/payment/failure', { replace: true, state: { orderId } });
    }
  }, [navigate, orderId, secondsLeft, started, status]);

  if (!orderId) return <MissingOrder />;

  const urgent = secondsLeft !== null && secondsLeft <= 60;
  return (
    <section className="bg-canvas">
      <div className="container-page py-6 lg:py-10">
        <div className="mx-auto max-w-4xl space-y-4">
          <div className="card p-4 lg:p-6">
            <PaymentSummary amount={amount} orderId={orderId} items={items} />
            <div
              className={`mt-4 flex items-center justify-between rounded-lg px-3 py-2 text-sm ${urgent ? 'bg-brand-50 text-brand-700' : 'bg-canvas text-ink-700'}`}
            >
              <span className="flex items-center gap-2">
                <Clock className="h-4 w-4" aria-hidden="true" /> Complete the payment within
              </span>
              <span
                className="font-mono text-lg font-bold tabular-nums"
                role="timer"
                aria-live="off"
                aria-label="Time left"
              >
                {secondsLeft === null ? '--:--' : formatCountdown(secondsLeft)}
              </span>
            </div>
          </div>

          <div className="grid gap-4 lg:grid-cols-2">
            <section className="card p-4 lg:p-6" aria-labelledby="pay-apps">
              <h2 id="pay-apps" className="text-lg font-bold text-ink-900">
                Pay Using Apps
              </h2>
              <p className="mt-1 text-sm text-ink-500">
                Opens the app on this phone with the amount filled in.
              </p>
              <div className="mt-4 grid grid-cols-2 gap-3">
                {APPS.map((app) =>
                  appLinks ? (
                    <a
                      key={app.key}
                      href={appLinks[app.key]}
                      className="flex items-center gap-2 rounded-lg border border-line px-3 py-3 font-semibold text-ink-900 hover:border-brand-300 hover:bg-brand-50"
                    >
                      <span
                        className={`flex h-8 w-8 items-center justify-center rounded-full text-white ${app.colour}`}
                      >
                        <Smartphone className="h-4 w-4" aria-hidden="true" />
                      </span>
                      {app.label}
                    </a>
                  ) : (
                    <div key={app.key} className="skeleton h-14" aria-hidden="true" />
                  ),
                )}
              </div>
              <p className="mt-4 text-xs text-ink-500 lg:hidden">
                Paying from a computer? Scan the QR code with your phone.
              </p>
              <p className="mt-4 hidden text-xs text-ink-500 lg:block">
                App buttons open only on a phone. On a computer, scan the QR code with your phone's UPI app.
              </p>
            </section>

            <section className="card p-4 lg:p-6" aria-labelledby="pay-qr">
              <h2 id="pay-qr" className="text-lg font-bold text-ink-900">
                Pay using QR
              </h2>
              <div className="mt-4">
                <UpiQr link={paymentLink} amount={amount} />
              </div>
            </section>
          </div>

          <CashOnDeliveryOption orderId={orderId} />

          <div className="card flex flex-col items-center justify-between gap-3 p-4 text-sm sm:flex-row">
            <span className="text-ink-700">
              Paid already? Tell us the UTR from your UPI app to speed up verification.
            </span>
            <Link to="/my-payment" state={{ price, items, orderId }} className="btn-outline w-full sm:w-auto">
              Enter UTR
            </Link>
          </div>
          <SecurePaymentNote />
        </div>
      </div>
    </section>
  );
}
