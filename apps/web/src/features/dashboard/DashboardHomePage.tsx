import { Link } from 'react-router-dom';
import { Clock3, PackageCheck, ShoppingBag, XCircle, type LucideIcon } from 'lucide-react';
import { useAppSelector } from '../../app/hooks';
import { useGetDashboardQuery } from '../../api/accountApi';
import { EmptyState } from '../../components/ui/EmptyState';
import { OrdersTable, OrdersTableSkeleton } from '../orders';

function CountCard({
  icon: Icon,
  label,
  value,
  tone,
}: {
  icon: LucideIcon;
  label: string;
  value: number;
  tone: string;
}) {
  return (
    <div className="card flex items-center gap-4 p-4 lg:p-5">
      <span className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full ${tone}`}>
        <Icon className="h-6 w-6" aria-hidden="true" />
      </span>
      <div>
        <p className="text-2xl font-bold text-ink-900" data-testid={`count-${label}`}>
          {value}
        </p>
        <p className="text-sm text-ink-500">{label}</p>
      </div>
    </div>
  );
}

/** Spec §2 Dashboard home: order counts and the Recent Orders table. */
export default function DashboardHome() {
  // The dashboard store area, fed by the dashboard query.
  const { totalOrder, pendingOrder, cancelledOrder, recentOrders, loader } = useAppSelector(
    (state) => state.dashboard,
  );

  useGetDashboardQuery(undefined, { refetchOnMountOrArgChange: true });

  return (
    <div className="flex flex-col gap-4 lg:gap-6">
      <h1 className="sr-only">Dashboard</h1>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 lg:gap-4">
        <CountCard icon={ShoppingBag} label="Orders" value={totalOrder} tone="bg-brand-50 text-brand-600" />
        <CountCard
          icon={Clock3}
          label="Pending Orders"
          value={pendingOrder}
          tone="bg-orange-50 text-warning"
        />
        <CountCard
          icon={XCircle}
          label="Cancelled Orders"
          value={cancelledOrder}
          tone="bg-canvas text-ink-700"
        />
      </div>
      <section className="card p-4 lg:p-6" aria-labelledby="recent-orders">
        <div className="mb-3 flex items-center justify-between">
          <h2 id="recent-orders" className="text-lg font-bold text-ink-900">
            Recent Orders
          </h2>
          <Link to="/dashboard/my-orders" className="text-sm font-semibold text-brand-600 hover:underline">
            All orders
          </Link>
        </div>
        {loader && recentOrders.length === 0 ? (
          <OrdersTableSkeleton />
        ) : recentOrders.length === 0 ? (
          <EmptyState
            icon={PackageCheck}
            title="No orders yet"
            description="Your orders will show up here."
            action={
              <Link to="/shops" className="btn-primary">
                Start shopping
              </Link>
            }
          />
        ) : (
          <OrdersTable orders={recentOrders} caption="Recent orders" />
        )}
      </section>
    </div>
  );
}
