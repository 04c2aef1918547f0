import { useState, type FormEvent } from 'react';
import { Download, IndianRupee } from 'lucide-react';
import {
  formatRupees,
  RETURN_WINDOW_DAYS,
  SELLER_ORDERS_PAGE_SIZE,
  type EarningsResponse,
} from '@bazaar/shared';
import { earningsCsvUrl, useGetEarningsQuery, type EarningsRange } from '../../api/sellerOrdersApi';
import { failureMessage } from '../../api/bazaarApi';
import { Pagination } from '../../components/product/Pagination';
import { EmptyState } from '../../components/ui/EmptyState';
import { Field } from '../../components/ui/Field';
import { Skeleton } from '../../components/ui/Skeleton';
import { formatDate, FulfilmentBadge, PartLink } from './fulfilmentDisplay';
import { TableHead } from '../../components/console/TableHead';

const TOTALS: readonly {
  key: keyof Pick<EarningsResponse, 'gross' | 'returns' | 'commission' | 'net' | 'settled' | 'unsettled'>;
  label: string;
  hint: string;
  /** Taken off the gross: shown with a minus. */
  deduction?: boolean;
}[] = [
  { key: 'gross', label: 'Gross sales', hint: 'Paid orders, not cancelled' },
  { key: 'returns', label: 'Returns', hint: 'Refunded for items sent back', deduction: true },
  { key: 'commission', label: 'Commission', hint: 'On the goods you keep', deduction: true },
  { key: 'net', label: 'Net payable', hint: 'Gross less returns and commission' },
  { key: 'settled', label: 'Settled', hint: `Delivered over ${RETURN_WINDOW_DAYS} days ago` },
  { key: 'unsettled', label: 'Unsettled', hint: 'Still within the return window' },
];

function Totals({ data }: { data: EarningsResponse }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {TOTALS.map(({ key, label, hint, deduction }) => (
        <div key={key} className="rounded-lg border border-line p-3">
          <dt className="text-xs font-medium text-ink-500">{label}</dt>
          <dd className="mt-1 text-lg font-bold text-ink-900" data-testid={`earnings-${key}`}>
            {deduction && data[key] > 0 ? '−' : ''}
            {formatRupees(data[key])}
          </dd>
          <dd className="text-[11px] text-ink-500">{hint}</dd>
        </div>
      ))}
    </dl>
  );
}

function Breakdown({ data }: { data: EarningsResponse }) {
  const settled = (value: boolean) => (value ? 'Settled' : 'Unsettled');
  return (
    <>
      <table className="mt-4 hidden w-full text-left text-sm md:table">
        <TableHead
          columns={[
            'Order',
            'Date',
            'Status',
            { label: 'Gross', numeric: true },
            { label: 'Returns', numeric: true },
            { label: 'Commission', numeric: true },
            { label: 'Net', numeric: true },
            'Payout',
          ]}
        />
        <tbody>
          {data.orders.map((order) => (
            <tr key={order._id} className="border-b border-line last:border-0" data-testid="earnings-row">
              <td className="py-2.5 pr-3">
                <PartLink part={order} />
              </td>
              <td className="py-2.5 pr-3 text-ink-700">{formatDate(order.date)}</td>
              <td className="py-2.5 pr-3">
                <FulfilmentBadge status={order.status} />
              </td>
              <td className="py-2.5 pr-3 text-right">{formatRupees(order.gross)}</td>
              <td className="py-2.5 pr-3 text-right text-ink-700">
                {order.returns > 0 ? `−${formatRupees(order.returns)}` : '—'}
              </td>
              <td className="py-2.5 pr-3 text-right text-ink-700">
                {/* A whole part returned owes no commission: ₹0, not "−₹0". */}
                {order.commission > 0 ? '−' : ''}
                {formatRupees(order.commission)}{' '}
                <span className="text-xs text-ink-500">({order.commissionPercent}%)</span>
              </td>
              <td className="py-2.5 pr-3 text-right font-semibold text-ink-900">{formatRupees(order.net)}</td>
              <td className="py-2.5 text-ink-700">{settled(order.settled)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-4 space-y-3 md:hidden">
        {data.orders.map((order) => (
          <li
            key={order._id}
            className="rounded-lg border border-line p-3 text-sm"
            data-testid="earnings-card"
          >
            <div className="flex items-start justify-between gap-2">
              <div>
                <PartLink part={order} />
                <p className="text-xs text-ink-500">
                  {formatDate(order.date)} · {settled(order.settled)}
                </p>
              </div>
              <FulfilmentBadge status={order.status} />
            </div>
            <p className="mt-2 text-ink-700">
              {formatRupees(order.gross)}
              {order.returns > 0 ? ` − ${formatRupees(order.returns)} returned` : ''} −{' '}
              {formatRupees(order.commission)} ({order.commissionPercent}%) ={' '}
              <span className="font-bold text-ink-900">{formatRupees(order.net)}</span>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * What the seller has earned: gross sales of paid orders that were not cancelled, less what returns refunded and
 * the marketplace's commission on the goods kept, and what is payable, split into settled (past the return window) and unsettled; per order, optionally for a range
 * of order dates, and as CSV.
 */
export default function EarningsPage() {
  const [range, setRange] = useState<EarningsRange>({});
  const [draft, setDraft] = useState<EarningsRange>({});
  const [page, setPage] = useState(1);
  const { data, error, isFetching } = useGetEarningsQuery({ ...range, page });

  function apply(event: FormEvent) {
    event.preventDefault();
    setRange({ from: draft.from || undefined, to: draft.to || undefined });
    setPage(1);
  }

  return (
    <section className="card space-y-4 p-4 lg:p-6" aria-labelledby="earnings-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id="earnings-title" className="text-lg font-bold text-ink-900 lg:text-xl">
          Earnings
        </h1>
        <a href={earningsCsvUrl(range)} download className="btn-outline px-3 py-1.5 text-xs">
          <Download className="h-3.5 w-3.5" aria-hidden="true" /> Export CSV
        </a>
      </div>

      <form onSubmit={apply} className="flex flex-wrap items-end gap-3" aria-label="Order dates">
        <Field id="earnings-from" label="From">
          <input
            id="earnings-from"
            type="date"
            className="input"
            value={draft.from ?? ''}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </Field>
        <Field id="earnings-to" label="To">
          <input
            id="earnings-to"
            type="date"
            className="input"
            value={draft.to ?? ''}
            min={draft.from}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </Field>
        <button type="submit" className="btn-dark">
          Show
        </button>
      </form>

      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {failureMessage(error, 'Your earnings could not be loaded. Please try again.')}
        </p>
      ) : !data ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">Loading earnings</span>
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : (
        <div aria-busy={isFetching} className="space-y-2">
          <Totals data={data} />
          {data.orders.length === 0 ? (
            <EmptyState
              icon={IndianRupee}
              title="No earnings yet"
              description="Paid orders appear here; they settle once delivered and past the return window."
            />
          ) : (
            <>
              <Breakdown data={data} />
              <Pagination
                page={data.page}
                totalItems={data.total}
                pageSize={SELLER_ORDERS_PAGE_SIZE}
                onChange={setPage}
                label="Earnings pages"
              />
            </>
          )}
        </div>
      )}
    </section>
  );
}
