import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { AlertTriangle, Check, Clock, LogOut, RefreshCw, X } from 'lucide-react';
import { formatRupees, type OpsPaymentRow } from '@bazaar/shared';
import { failureMessage } from '../../api/bazaarApi';
import {
  useDecidePaymentMutation,
  useGetOperatorQuery,
  useGetOpsPaymentsQuery,
  useOpsLogoutMutation,
} from '../../api/opsApi';
import { useFreshFailure } from '../../api/useFreshFailure';
import { ConfirmDialog } from '../../components/forms/ConfirmDialog';
import { ReasonField } from '../../components/console/ReasonField';
import { Skeleton } from '../../components/ui/Skeleton';
import { TableHead } from '../../components/console/TableHead';

const REFRESH_MS = 5000;

const timeFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const formatTime = (iso: string | null) => (iso ? timeFormat.format(new Date(iso)) : '—');

/**
 * Asks before rejecting: a modal dialog (focus moves in, Escape cancels) with the reason the shopper will read. The
 * reason is required, since it is all the shopper learns about why their UTR was not accepted.
 */
function RejectDialog({
  payment,
  initialReason,
  busy,
  onCancel,
  onConfirm,
}: {
  payment: OpsPaymentRow;
  initialReason: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState(initialReason);

  return (
    <ConfirmDialog
      title={
        <>
          <AlertTriangle className="h-5 w-5 text-danger" aria-hidden="true" /> Reject payment for{' '}
          {payment.orderId}?
        </>
      }
      confirmLabel={
        <>
          <X className="h-4 w-4" aria-hidden="true" /> Reject payment
        </>
      }
      busy={busy}
      confirmDisabled={!reason.trim()}
      onCancel={onCancel}
      onConfirm={() => onConfirm(reason.trim())}
    >
      <p>
        UTR <span className="font-mono font-semibold">{payment.utr}</span> ({formatRupees(payment.amount)}) is
        released and the shopper may submit a corrected one while the order is still reserved.
      </p>
      <ReasonField label="Reason (shown to the shopper)" value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}

/** Verify or Reject one payment; either way the queue is read again (the decision invalidates it). */
function PaymentActions({ payment }: { payment: OpsPaymentRow }) {
  const [note, setNote] = useState('');
  const [decidePayment, { isLoading: busy }] = useDecidePaymentMutation();
  const [confirmingReject, setConfirmingReject] = useState(false);

  async function decide(action: 'verify' | 'reject', text: string) {
    try {
      const { paymentId, orderId } = payment;
      const result = await decidePayment({ paymentId, orderId, action, note: text }).unwrap();
      toast.success(`${result.message}: ${payment.orderId}`);
    } catch (e) {
      toast.error(failureMessage(e, 'Could not record the decision'));
    } finally {
      setConfirmingReject(false);
    }
  }

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <label className="sr-only" htmlFor={`note-${payment.paymentId}`}>
        Note for order {payment.orderId}
      </label>
      <input
        id={`note-${payment.paymentId}`}
        className="input h-9 py-1 text-sm sm:w-40"
        placeholder="Note (optional)"
        value={note}
        maxLength={500}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="flex gap-2">
        <button
          type="button"
          className="inline-flex flex-1 items-center justify-center gap-1 rounded-lg bg-success px-3 py-2 text-sm font-semibold text-white hover:opacity-90 disabled:opacity-50"
          disabled={busy}
          onClick={() => decide('verify', note)}
          aria-label={`Verify payment for order ${payment.orderId}`}
        >
          <Check className="h-4 w-4" aria-hidden="true" /> Verify
        </button>
        <button
          type="button"
          className="inline-flex flex-1 items-center justify-center gap-1 rounded-lg border border-danger px-3 py-2 text-sm font-semibold text-danger hover:bg-brand-50 disabled:opacity-50"
          disabled={busy}
          onClick={() => setConfirmingReject(true)}
          aria-haspopup="dialog"
          aria-label={`Reject payment for order ${payment.orderId}`}
        >
          <X className="h-4 w-4" aria-hidden="true" /> Reject
        </button>
      </div>
      {confirmingReject && (
        <RejectDialog
          payment={payment}
          initialReason={note}
          busy={busy}
          onCancel={() => setConfirmingReject(false)}
          onConfirm={(reason) => decide('reject', reason)}
        />
      )}
    </div>
  );
}

/** Until when the claim holds the order's stock, and the other orders claiming the same UTR. */
function ClaimDetails({ payment }: { payment: OpsPaymentRow }) {
  return (
    <>
      {payment.holdExpiresAt && (
        <span className="mt-1 flex items-center gap-1 text-xs text-ink-500">
          <Clock className="h-3.5 w-3.5" aria-hidden="true" /> Holds stock until{' '}
          {formatTime(payment.holdExpiresAt)}
        </span>
      )}
      {payment.conflicts.length > 0 && (
        <span className="mt-1 block rounded-md bg-brand-50 px-2 py-1 text-xs text-danger" role="note">
          <strong>UTR conflict:</strong> also claimed by{' '}
          {payment.conflicts
            .map((claim) => `${claim.orderId} (${claim.customerName}, ${claim.status})`)
            .join('; ')}
          . Verify the order whose payment is on the statement; the others are released.
        </span>
      )}
    </>
  );
}

/** /ops/payments: the payments waiting for a person to match their UTR with the bank statement. */
export default function OpsPaymentsPage() {
  const navigate = useNavigate();
  const toLogin = useCallback(() => navigate('/ops/login', { replace: true }), [navigate]);
  const session = useGetOperatorQuery(undefined, { refetchOnMountOrArgChange: true });
  const operator = session.data?.operator;
  // The queue, polled while an operator is signed in.
  const queue = useGetOpsPaymentsQuery('under verification', {
    skip: !operator,
    pollingInterval: REFRESH_MS,
    refetchOnMountOrArgChange: true,
  });
  const data = queue.data;
  const updatedAt = queue.fulfilledTimeStamp ? new Date(queue.fulfilledTimeStamp) : null;
  const [logout] = useOpsLogoutMutation();

  const sessionFailure = useFreshFailure(session);
  const queueFailure = useFreshFailure(queue);
  const signedOut =
    sessionFailure !== undefined || queueFailure?.status === 401 || queueFailure?.status === 403;
  useEffect(() => {
    if (signedOut) toLogin();
  }, [signedOut, toLogin]);

  async function signOut() {
    await logout();
    toLogin();
  }

  return (
    <div className="min-h-screen bg-canvas">
      <header className="border-b border-line bg-white">
        <div className="container-page flex items-center justify-between gap-3 py-3">
          <p className="flex items-center gap-2">
            <span className="text-xl font-bold text-brand-600">Bazaar</span>
            <span className="rounded-full bg-ink-900 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-white uppercase">
              Ops
            </span>
          </p>
          <div className="flex items-center gap-3 text-sm">
            {operator && <span className="hidden text-ink-700 sm:inline">{operator.name}</span>}
            <button type="button" className="btn-outline px-3 py-1.5" onClick={signOut}>
              <LogOut className="h-4 w-4" aria-hidden="true" /> Sign out
            </button>
          </div>
        </div>
      </header>

      <main className="container-page space-y-6 py-6">
        <section className="card p-4 lg:p-6" aria-labelledby="queue-title">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <div>
              <h1 id="queue-title" className="text-xl font-bold text-ink-900">
                Payments under verification
              </h1>
              <p className="text-sm text-ink-500">
                Match each UTR and amount with the bank statement, then verify or reject. Oldest first.
              </p>
            </div>
            <p className="flex items-center gap-1 text-xs text-ink-500" aria-live="polite">
              <RefreshCw className="h-3.5 w-3.5" aria-hidden="true" />
              {updatedAt ? `Updated ${updatedAt.toLocaleTimeString('en-IN')}` : 'Loading…'}
            </p>
          </div>

          {!data ? (
            <div className="mt-4 space-y-2" role="status">
              <span className="sr-only">Loading payments</span>
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          ) : data.payments.length === 0 ? (
            <p className="mt-6 rounded-lg bg-canvas p-6 text-center text-sm text-ink-500">
              Nothing to verify right now. New submissions appear here automatically.
            </p>
          ) : (
            <>
              <table className="mt-4 hidden w-full text-left text-sm lg:table">
                <TableHead columns={['Order', 'Customer', 'Amount', 'UTR', 'Submitted', 'Decision']} />
                <tbody>
                  {data.payments.map((payment) => (
                    <tr
                      key={payment.paymentId}
                      className="border-b border-line last:border-0"
                      data-order={payment.orderId}
                    >
                      <td className="py-3 pr-3 font-semibold text-ink-900">{payment.orderId}</td>
                      <td className="py-3 pr-3">
                        <span className="block text-ink-900">{payment.customer.name}</span>
                        <span className="text-xs text-ink-500">{payment.customer.email}</span>
                      </td>
                      <td className="py-3 pr-3 font-semibold">{formatRupees(payment.amount)}</td>
                      <td className="py-3 pr-3">
                        <span className="font-mono">{payment.utr}</span>
                        <ClaimDetails payment={payment} />
                      </td>
                      <td className="py-3 pr-3 text-ink-700">{formatTime(payment.submittedAt)}</td>
                      <td className="py-3">
                        <PaymentActions payment={payment} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <ul className="mt-4 space-y-3 lg:hidden">
                {data.payments.map((payment) => (
                  <li
                    key={payment.paymentId}
                    className="rounded-lg border border-line p-3"
                    data-order={payment.orderId}
                  >
                    <div className="flex items-start justify-between gap-2">
                      <div>
                        <p className="font-semibold text-ink-900">{payment.orderId}</p>
                        <p className="text-xs text-ink-500">
                          {payment.customer.name} · {formatTime(payment.submittedAt)}
                        </p>
                      </div>
                      <p className="font-bold text-ink-900">{formatRupees(payment.amount)}</p>
                    </div>
                    <p className="mt-2 text-sm">
                      UTR <span className="font-mono font-semibold">{payment.utr}</span>
                    </p>
                    <ClaimDetails payment={payment} />
                    <div className="mt-3">
                      <PaymentActions payment={payment} />
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>

        <section className="card p-4 lg:p-6" aria-labelledby="decisions-title">
          <h2 id="decisions-title" className="text-lg font-bold text-ink-900">
            Recent decisions
          </h2>
          {!data ? (
            <Skeleton className="mt-4 h-10 w-full" />
          ) : data.recentDecisions.length === 0 ? (
            <p className="mt-3 text-sm text-ink-500">No decisions yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-line text-sm">
              {data.recentDecisions.map((decision) => (
                <li key={decision.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                  <span className="flex items-center gap-2">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${decision.decision === 'verified' ? 'bg-[#e6f7f3] text-success' : 'bg-brand-50 text-danger'}`}
                    >
                      {decision.decision === 'verified' ? 'Verified' : 'Rejected'}
                    </span>
                    <span className="font-semibold text-ink-900">{decision.orderId}</span>
                    {decision.note && <span className="text-ink-500">“{decision.note}”</span>}
                  </span>
                  <span className="text-xs text-ink-500">
                    {decision.source === 'bank' ? 'Bank' : decision.operatorName} ·{' '}
                    {formatTime(decision.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
    </div>
  );
}
