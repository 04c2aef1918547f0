import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { PackageSearch } from 'lucide-react';
import { ORDER_STATUS_FILTERS, type OrderStatusFilter } from '@bazaar/shared';
import { useAppSelector } from '../../app/hooks';
import { useGetOrdersQuery } from '../../api/ordersApi';
import { EmptyState } from '../../components/ui/EmptyState';
import { OrdersTable, OrdersTableSkeleton } from './OrdersTable';

/** Spec §2 My Orders: the status filter (starting at all) and the orders with view, Pay Now and Invoice. */
export default function MyOrdersPage() {
  // The order store area (myOrders), fed by the orders query for the chosen status.
  const { myOrders, loader } = useAppSelector((state) => state.order);
  const [status, setStatus] = useState<OrderStatusFilter>('all');
  const selectId = useId();
  useGetOrdersQuery(status, { refetchOnMountOrArgChange: true });

  return (
    <section className="card p-4 lg:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold text-ink-900 lg:text-2xl">My Orders</h1>
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm text-ink-500">
            Status
          </label>
          <select
            id={selectId}
            className="input w-auto py-2 capitalize"
            value={status}
            onChange={(event) => setStatus(event.target.value as OrderStatusFilter)}
          >
            {ORDER_STATUS_FILTERS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
      </div>
      {loader && myOrders.length === 0 ? (
        <OrdersTableSkeleton rows={4} />
      ) : myOrders.length === 0 ? (
        <EmptyState
          icon={PackageSearch}
          title={status === 'all' ? 'No orders yet' : `No ${status} orders`}
          action={
            <Link to="/shops" className="btn-primary">
              Shop now
            </Link>
          }
        />
      ) : (
        <OrdersTable orders={myOrders} showInvoice caption="My orders" />
      )}
    </section>
  );
}
