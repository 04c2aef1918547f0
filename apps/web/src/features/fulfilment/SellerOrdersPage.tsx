import { useSearchParams } from 'react-router-dom';
import { PackageOpen } from 'lucide-react';
import {
  formatRupees,
  SELLER_ORDER_FILTERS,
  SELLER_ORDERS_PAGE_SIZE,
  type SellerOrder,
  type SellerOrderFilter,
} from '@bazaar/shared';
import { useGetSellerOrdersQuery } from '../../api/sellerOrdersApi';
import { Pagination } from '../../components/product/Pagination';
import { EmptyState } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { TableHead } from '../../components/console/TableHead';
import {
  formatDate,
  FulfilmentBadge,
  lineSummary,
  ORDER_TABS,
  PartLink,
  PaymentBadge,
} from './fulfilmentDisplay';

const isFilter = (value: string | null): value is SellerOrderFilter =>
  (SELLER_ORDER_FILTERS as readonly (string | null)[]).includes(value);

function Lines({ order }: { order: SellerOrder }) {
  return (
    <ul className="space-y-0.5">
      {order.lines.map((line, index) => (
        <li key={`${line.productId}-${line.size}-${index}`}>{lineSummary(line)}</li>
      ))}
    </ul>
  );
}

/**
 * The seller's orders (its parts of shoppers' orders), newest first, in tabs by state with their counts: a dense
 * table on a laptop, stacked cards on a phone. The tab and page live in the address, so a reload or a link keeps
 * them.
 */
export default function SellerOrdersPage() {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status: SellerOrderFilter = isFilter(rawStatus) ? rawStatus : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isFetching, isError, refetch } = useGetSellerOrdersQuery({ status, page });

  const show = (next: { status?: SellerOrderFilter; page?: number }) => {
    const search = new URLSearchParams();
    const nextStatus = next.status ?? status;
    if (nextStatus !== 'all') search.set('status', nextStatus);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  return (
    <section className="card p-4 lg:p-6" aria-labelledby="seller-orders-title">
      <h1 id="seller-orders-title" className="text-lg font-bold text-ink-900 lg:text-xl">
        Orders
      </h1>
      <nav aria-label="Orders by status" className="mt-3 -mx-1 overflow-x-auto">
        <ul className="flex gap-1 px-1 pb-1">
          {ORDER_TABS.map(({ filter, label }) => {
            const current = filter === status;
            return (
              <li key={filter}>
                <button
                  type="button"
                  aria-current={current ? 'true' : undefined}
                  onClick={() => show({ status: filter, page: 1 })}
                  className={`flex items-center gap-1.5 rounded-pill px-3 py-1.5 text-sm font-medium whitespace-nowrap ${
                    current ? 'bg-ink-900 text-white' : 'bg-canvas text-ink-700 hover:bg-line'
                  }`}
                >
                  {label}
                  <span
                    className={`text-xs ${current ? 'text-white/80' : 'text-ink-500'}`}
                    data-testid={`count-${filter}`}
                  >
                    {data ? data.counts[filter] : '·'}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </nav>

      {isError ? (
        <div role="alert" className="mt-6 text-center">
          <p className="font-semibold text-ink-900">Your orders could not be loaded.</p>
          <button type="button" className="btn-primary mt-3" onClick={() => refetch()}>
            Try again
          </button>
        </div>
      ) : !data ? (
        <div role="status" className="mt-4 space-y-2">
          <span className="sr-only">Loading orders</span>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : data.orders.length === 0 ? (
        <EmptyState
          icon={PackageOpen}
          title={status === 'all' ? 'No orders yet' : 'No orders here'}
          description={
            status === 'all'
              ? 'Orders for your products appear here as soon as shoppers place them.'
              : 'Orders in this state appear here.'
          }
        />
      ) : (
        <div aria-busy={isFetching}>
          <table className="mt-4 hidden w-full text-left text-sm lg:table">
            <TableHead
              columns={['Order', 'Date', 'Items', { label: 'Amount', numeric: true }, 'Payment', 'Status']}
            />
            <tbody>
              {data.orders.map((order) => (
                <tr
                  key={order._id}
                  className="border-b border-line align-top last:border-0"
                  data-testid="seller-order-row"
                >
                  <td className="py-3 pr-3">
                    <PartLink part={order} />
                  </td>
                  <td className="py-3 pr-3 whitespace-nowrap text-ink-700">{formatDate(order.date)}</td>
                  <td className="py-3 pr-3 text-ink-900">
                    <Lines order={order} />
                  </td>
                  <td className="py-3 pr-3 text-right font-semibold text-ink-900">
                    {formatRupees(order.amount)}
                  </td>
                  <td className="py-3 pr-3">
                    <PaymentBadge status={order.paymentStatus} />
                  </td>
                  <td className="py-3">
                    <FulfilmentBadge status={order.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="mt-4 space-y-3 lg:hidden">
            {data.orders.map((order) => (
              <li
                key={order._id}
                className="rounded-lg border border-line p-3 text-sm"
                data-testid="seller-order-card"
              >
                <div className="flex items-start justify-between gap-2">
                  <div>
                    <PartLink part={order} />
                    <p className="text-xs text-ink-500">{formatDate(order.date)}</p>
                  </div>
                  <p className="font-bold text-ink-900">{formatRupees(order.amount)}</p>
                </div>
                <div className="mt-2 text-ink-900">
                  <Lines order={order} />
                </div>
                <div className="mt-2 flex flex-wrap gap-2">
                  <FulfilmentBadge status={order.status} />
                  <PaymentBadge status={order.paymentStatus} />
                </div>
              </li>
            ))}
          </ul>
          <Pagination
            page={data.page}
            totalItems={data.total}
            pageSize={SELLER_ORDERS_PAGE_SIZE}
            onChange={(next) => show({ page: next })}
            label="Order pages"
          />
        </div>
      )}
    </section>
  );
}
