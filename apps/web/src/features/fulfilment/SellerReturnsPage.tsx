import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  formatRupees,
  RETURN_TRANSITIONS,
  returnLabels,
  SELLER_RETURN_FILTERS,
  type ReturnDto,
  type ReturnState,
  type SellerReturnFilter,
} from '@bazaar/shared';
import {
  useChangeReturnStateMutation,
  useGetSellerReturnsQuery,
  useRestockReturnMutation,
} from '../../api/returnsApi';
import { OutcomeNote, useActionOutcome } from '../../components/forms/ActionOutcome';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { ConfirmDialog } from '../../components/forms/ConfirmDialog';
import { Pager } from '../../components/console/Pager';
import { ReasonField } from '../../components/console/ReasonField';
import { Skeleton } from '../../components/ui/Skeleton';
import { StateTabs } from '../../components/console/StateTabs';
import { ProductImage } from '../../components/product/ProductImage';
import { ReturnPhotoThumbnails } from '../../components/returns/ReturnPhotoThumbnails';

const tones: Record<ReturnState, BadgeTone> = {
  requested: 'warning',
  approved: 'brand',
  rejected: 'danger',
  picked_up: 'brand',
  received: 'success',
};
const filterLabels = Object.fromEntries(
  SELLER_RETURN_FILTERS.map((filter) => [filter, filter === 'all' ? 'All' : returnLabels[filter].status]),
) as Record<SellerReturnFilter, string>;
const isFilter = (value: string | null): value is SellerReturnFilter =>
  (SELLER_RETURN_FILTERS as readonly string[]).includes(value ?? '');

type Dialog = { ret: ReturnDto; action: ReturnState | 'restock' };

/**
 * The seller center's returns (issue 19): what shoppers sent back, by state. The seller approves or rejects (with a
 * reason the shopper reads), marks the parcel picked up and received (which owes the shopper the refund) and, when
 * the pieces can be sold again, puts them back on sale in their sizes.
 */
export default function SellerReturnsPage() {
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const state: SellerReturnFilter = isFilter(stateParam) ? stateParam : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isError, refetch } = useGetSellerReturnsQuery({ state, page });
  const [change, { isLoading: changing }] = useChangeReturnStateMutation();
  const [restock, { isLoading: restocking }] = useRestockReturnMutation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [reason, setReason] = useState('');
  const { outcome, report } = useActionOutcome();
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  async function confirm() {
    if (!dialog) return;
    const { ret, action } = dialog;
    await report(async () => {
      const answer =
        action === 'restock'
          ? await restock(ret._id).unwrap()
          : await change({
              id: ret._id,
              change: {
                state: action as 'approved' | 'rejected' | 'picked_up' | 'received',
                ...(action === 'rejected' ? { reason: reason.trim() } : {}),
              },
            }).unwrap();
      return answer.message;
    }, 'The return could not be updated. Please try again.');
    setDialog(null);
  }

  return (
    <div className="space-y-4">
      <h1 className="text-lg font-bold text-ink-900 lg:text-xl">Returns</h1>
      <StateTabs
        label="Return state"
        states={SELLER_RETURN_FILTERS}
        labels={filterLabels}
        current={state}
        onSelect={(filter) => setParams({ state: filter }, { replace: true })}
      />
      <OutcomeNote outcome={outcome} />
      {isError ? (
        <div role="alert" className="card p-6 text-center text-sm">
          The returns could not be loaded.{' '}
          <button type="button" className="font-semibold text-brand-600" onClick={() => refetch()}>
            Try again
          </button>
        </div>
      ) : !data ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : data.returns.length === 0 ? (
        <p className="card p-6 text-center text-sm text-ink-500">No returns here.</p>
      ) : (
        <ol className="space-y-3" data-testid="seller-returns">
          {data.returns.map((ret) => (
            <li key={ret._id} className="card p-4 text-sm" data-return={ret._id}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-semibold text-ink-900">
                    Return #{ret._id} · Order #{ret.orderId}
                  </p>
                  <p className="text-ink-500">
                    {ret.reason}
                    {ret.comment ? ` — “${ret.comment}”` : ''}
                  </p>
                  {ret.decisionReason && <p className="text-danger">Rejected: {ret.decisionReason}</p>}
                </div>
                <div className="flex items-center gap-2">
                  <Badge tone={tones[ret.state]}>{returnLabels[ret.state].status}</Badge>
                  {ret.restocked && <Badge tone="neutral">Back on sale</Badge>}
                </div>
              </div>
              <ul className="mt-3 flex flex-col gap-2">
                {ret.lines.map((line) => (
                  <li key={line.orderItemId} className="flex items-center gap-3">
                    <ProductImage
                      src={line.image}
                      width={40}
                      height={50}
                      className="h-12 w-10 shrink-0 rounded object-cover"
                    />
                    <span className="min-w-0 flex-1">
                      {line.name}
                      {line.size ? ` · Size ${line.size}` : ''} · Qty {line.quantity}
                    </span>
                    <span className="font-semibold">{formatRupees(line.amount)}</span>
                  </li>
                ))}
              </ul>
              <ReturnPhotoThumbnails photos={ret.photos} returnId={ret._id} />
              <div className="mt-3 flex flex-wrap gap-2">
                {RETURN_TRANSITIONS[ret.state].map((next) => (
                  <button
                    key={next}
                    type="button"
                    className={next === 'rejected' ? 'btn-outline text-danger' : 'btn-primary'}
                    onClick={() => {
                      setReason('');
                      setDialog({ ret, action: next });
                    }}
                  >
                    {returnLabels[next].action}
                  </button>
                ))}
                {ret.state === 'received' && !ret.restocked && (
                  <button
                    type="button"
                    className="btn-outline"
                    onClick={() => setDialog({ ret, action: 'restock' })}
                  >
                    Put back on sale
                  </button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {pages > 1 && (
        <Pager
          page={page}
          pages={pages}
          onPage={(next) => setParams({ state, page: String(next) }, { replace: true })}
        />
      )}

      {dialog && (
        <ConfirmDialog
          title={
            dialog.action === 'restock'
              ? 'Put these pieces back on sale?'
              : `${returnLabels[dialog.action].action}: return #${dialog.ret._id}?`
          }
          tone={dialog.action === 'rejected' ? 'danger' : 'primary'}
          confirmLabel={dialog.action === 'restock' ? 'Put back on sale' : returnLabels[dialog.action].action}
          busy={changing || restocking}
          confirmDisabled={dialog.action === 'rejected' && reason.trim().length < 3}
          onCancel={() => setDialog(null)}
          onConfirm={confirm}
        >
          {dialog.action === 'restock' ? (
            <p>
              Only if they can be sold as new: each piece goes back to the stock of its size. This is done
              once.
            </p>
          ) : dialog.action === 'received' ? (
            <p>
              The shopper is refunded {formatRupees(dialog.ret.amount)} for these pieces. Mark received only
              once the parcel is with you.
            </p>
          ) : dialog.action === 'rejected' ? (
            <ReasonField
              label="Why is the return rejected? The shopper reads this."
              value={reason}
              onChange={setReason}
            />
          ) : (
            <p>The shopper is told the return is now “{returnLabels[dialog.action].status}”.</p>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
