import { useId, useState } from 'react';
import {
  formatRupees,
  refundReasonLabels,
  returnLabels,
  type AdminRefund,
  type RefundReturnDto,
  type RefundState,
} from '@bazaar/shared';
import { useGetAdminRefundsQuery, useRecordRefundMutation } from '../../api/returnsApi';
import { OutcomeNote, useActionOutcome } from '../../components/forms/ActionOutcome';
import { ReturnPhotoThumbnails } from '../../components/returns/ReturnPhotoThumbnails';
import { Badge } from '../../components/ui/Badge';
import { ConfirmDialog } from '../../components/forms/ConfirmDialog';
import { StateTabs } from '../../components/console/StateTabs';
import { howMany, PagedList, useConsoleList } from './consoleParts';
import { formatWhen } from './formatWhen';

const FILTERS = ['pending', 'refunded', 'all'] as const;
type Filter = (typeof FILTERS)[number];
const isFilter = (value: string | null): value is Filter =>
  (FILTERS as readonly string[]).includes(value ?? '');
const filterLabels: Record<Filter, string> = { pending: 'To refund', refunded: 'Refunded', all: 'All' };

/**
 * The return a refund pays back, under the refund: why the shopper sent it, what came back and the shopper's photos,
 * so the operator paying it sees what the money is for.
 */
function RefundReturn({ ret }: { ret: RefundReturnDto }) {
  return (
    <div
      className="rounded border border-line bg-canvas p-2 text-xs text-ink-700 md:order-last md:col-span-4"
      data-testid="refund-return"
    >
      <p>
        <span className="font-semibold text-ink-900">Return #{ret._id}</span> · {ret.reason} ·{' '}
        {returnLabels[ret.state].status}
      </p>
      {ret.comment && <p className="mt-0.5 break-words italic">“{ret.comment}”</p>}
      <ul aria-label={`Items of return #${ret._id}`} className="mt-1 space-y-0.5">
        {ret.lines.map((line) => (
          <li key={line.orderItemId}>
            {line.quantity} × {line.name}
            {line.size ? ` (size ${line.size})` : ''} · {formatRupees(line.amount)}
          </li>
        ))}
      </ul>
      <ReturnPhotoThumbnails photos={ret.photos} returnId={ret._id} />
    </div>
  );
}

/**
 * Refunds owed to shoppers (issue 19), oldest pending first: an operator pays each back from the bank or UPI and
 * records its reference here, which tells the shopper. Operators and admins.
 */
export default function AdminRefundsPage() {
  const { params, page, refine, paging } = useConsoleList();
  const stateParam = params.get('state');
  const state: Filter = isFilter(stateParam) ? stateParam : 'pending';
  const query = useGetAdminRefundsQuery({ state: state as RefundState | 'all', page });
  const [recording, setRecording] = useState<AdminRefund | null>(null);
  const [reference, setReference] = useState('');
  const { outcome, report } = useActionOutcome();
  const [record, { isLoading }] = useRecordRefundMutation();
  const referenceId = useId();

  async function confirm() {
    if (!recording) return;
    await report(async () => {
      const answer = await record({ refundId: recording._id, reference: reference.trim() }).unwrap();
      return `${answer.message}: ${formatRupees(answer.refund.amount)} to ${answer.refund.customer.name}`;
    }, 'The refund could not be recorded. Please try again.');
    setRecording(null);
  }

  return (
    <div className="space-y-4">
      <h1 className="text-lg font-bold text-ink-900 lg:text-xl">Refunds</h1>
      <StateTabs
        label="Refund state"
        states={FILTERS}
        labels={filterLabels}
        current={state}
        onSelect={(filter) => refine({ state: filter })}
      />
      <OutcomeNote outcome={outcome} />

      <PagedList
        what="The refunds"
        rows={5}
        query={query}
        count={(total) => howMany(total, 'refund', 'refunds')}
        empty="No refunds here."
        {...paging}
      >
        {(data) => (
          <ol className="card divide-y divide-line text-sm" data-testid="refund-queue">
            {data.refunds.map((refund) => (
              <li
                key={refund._id}
                className="grid gap-2 p-3 md:grid-cols-[8rem_1fr_1fr_auto] md:items-center md:gap-3"
                data-refund={refund._id}
              >
                <div>
                  <p className="text-base font-bold text-ink-900">{formatRupees(refund.amount)}</p>
                  <p className="text-xs text-ink-500">{refundReasonLabels[refund.reason]}</p>
                </div>
                <div className="min-w-0">
                  <p className="font-semibold text-ink-900">{refund.customer.name}</p>
                  <p className="truncate text-xs text-ink-500">{refund.customer.email ?? 'No e-mail'}</p>
                </div>
                <div className="text-xs text-ink-700">
                  <p>
                    Order #{refund.orderId}
                    {refund.shopName ? ` · ${refund.shopName}` : ''}
                  </p>
                  <p className="text-ink-500">
                    Owed since {formatWhen(refund.createdAt)} · due by {refund.expectedBy}
                  </p>
                </div>
                {/* Read (and on a phone seen) before the action; below the row from md up. */}
                {refund.return && <RefundReturn ret={refund.return} />}
                <div className="flex items-center gap-2 md:justify-end">
                  {refund.state === 'refunded' ? (
                    <>
                      <Badge tone="success">Refunded</Badge>
                      <span className="font-mono text-xs">{refund.reference}</span>
                    </>
                  ) : (
                    <button
                      type="button"
                      className="btn-primary px-3 py-1.5 text-xs"
                      onClick={() => {
                        setReference('');
                        setRecording(refund);
                      }}
                    >
                      Record refund
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
      </PagedList>

      {recording && (
        <ConfirmDialog
          title={`Record the refund of ${formatRupees(recording.amount)}?`}
          tone="primary"
          confirmLabel="Mark refunded"
          busy={isLoading}
          confirmDisabled={reference.trim().length < 6}
          onCancel={() => setRecording(null)}
          onConfirm={confirm}
        >
          <p>
            Pay {recording.customer.name} back from the bank or UPI first, then enter the transfer’s
            reference. The shopper is told at once.
          </p>
          <label htmlFor={referenceId} className="mt-3 block font-medium">
            Bank or UPI reference
          </label>
          <input
            id={referenceId}
            className="input mt-1.5 font-mono"
            value={reference}
            maxLength={40}
            required
            autoComplete="off"
            onChange={(e) => setReference(e.target.value)}
          />
        </ConfirmDialog>
      )}
    </div>
  );
}
