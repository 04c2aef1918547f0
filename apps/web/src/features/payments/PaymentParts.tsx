import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { QRCodeSVG } from 'qrcode.react';
import { ShieldCheck } from 'lucide-react';
import { formatRupees, PAYMENT_QR } from '@bazaar/shared';
import { Skeleton } from '../../components/ui/Skeleton';

/** The UPI QR code (256 px, highest error correction), or its placeholder while the link loads. */
export function UpiQr({ link, amount }: { link: string; amount: number }) {
  if (!link) {
    return (
      <div role="status" className="mx-auto w-fit">
        <span className="sr-only">Loading QR code</span>
        <Skeleton className="h-64 w-64 rounded-card" />
      </div>
    );
  }
  return (
    <figure className="mx-auto w-fit rounded-card border border-line bg-white p-3">
      <QRCodeSVG
        value={link}
        size={PAYMENT_QR.size}
        level={PAYMENT_QR.level}
        role="img"
        aria-label={`UPI QR code to pay ${formatRupees(amount)}`}
        className="h-auto max-w-full"
      />
      <figcaption className="mt-2 text-center text-xs text-ink-500">Scan with any UPI app</figcaption>
    </figure>
  );
}

/** Amount, order id and item count at the top of the payment pages. */
export function PaymentSummary({
  amount,
  orderId,
  items,
}: {
  amount: number;
  orderId?: string;
  items?: number;
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      <div>
        <dt className="text-ink-500">Amount to pay</dt>
        <dd className="text-2xl font-bold text-ink-900" data-testid="payment-amount">
          {amount ? formatRupees(amount) : <Skeleton className="mt-1 h-7 w-24" />}
        </dd>
      </div>
      <div className="text-right">
        <dt className="text-ink-500">Order</dt>
        <dd className="font-semibold text-ink-900 break-all">{orderId}</dd>
        {items ? <dd className="text-ink-500">{items === 1 ? '1 item' : `${items} items`}</dd> : null}
      </div>
    </dl>
  );
}

export function SecurePaymentNote() {
  return (
    <p className="flex items-center justify-center gap-1.5 text-xs text-ink-500">
      <ShieldCheck className="h-4 w-4 text-success" aria-hidden="true" /> Payments go straight to Bazaar's UPI
      account
    </p>
  );
}

/** A centred result card: illustration, title, text and actions. */
export function ResultCard({
  art,
  title,
  children,
  actions,
}: {
  art: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  // Results replace the payment page in history (no new entry), so the router's scroll reset does not run.
  // A block body: Chromium's scrollTo returns a Promise, which React would call as the effect's cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <section className="bg-canvas">
      <div className="container-page flex justify-center py-10 lg:py-16">
        <div className="card w-full max-w-lg p-6 text-center lg:p-10">
          <div className="mx-auto mb-4 flex justify-center">{art}</div>
          <h1 className="text-xl font-bold text-ink-900 lg:text-2xl">{title}</h1>
          {children && <div className="mt-2 space-y-2 text-sm text-ink-500 lg:text-base">{children}</div>}
          {actions && (
            <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">{actions}</div>
          )}
        </div>
      </div>
    </section>
  );
}

export function MyOrdersButton({
  label = 'My Orders',
  primary = true,
}: {
  label?: string;
  primary?: boolean;
}) {
  return (
    <Link to="/dashboard/my-orders" className={`${primary ? 'btn-primary' : 'btn-outline'} w-full sm:w-auto`}>
      {label}
    </Link>
  );
}

/**
 * My Orders plus a way to the help page: the actions of the pending and failed results. My Orders is the main
 * action unless the page offers a better one (`primary` false).
 */
export function MyOrdersAndHelp({ helpLabel, primary = true }: { helpLabel: string; primary?: boolean }) {
  return (
    <>
      <MyOrdersButton primary={primary} />
      <Link to="/help" className="btn-outline w-full sm:w-auto">
        {helpLabel}
      </Link>
    </>
  );
}

export function MissingOrder() {
  return (
    <ResultCard art={null} title="No payment in progress" actions={<MyOrdersButton />}>
      <p>Open your order from My Orders and choose Pay Now to pay for it.</p>
    </ResultCard>
  );
}
