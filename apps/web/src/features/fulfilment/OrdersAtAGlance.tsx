import { Link } from 'react-router-dom';
import { formatRupees } from '@bazaar/shared';
import { useGetEarningsQuery, useGetSellerOrdersQuery } from '../../api/sellerOrdersApi';
import { Skeleton } from '../../components/ui/Skeleton';

/** This month's first day in India, YYYY-MM-DD (en-CA writes dates that way). */
function monthStart(now = new Date()): string {
  const month = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
  }).format(now);
  return `${month}-01`;
}

/**
 * The seller dashboard's work at a glance: orders waiting to be packed, packed ones waiting for the courier, and
 * this month's sales. Two calls: the first page of orders (which carries the counts) and this month's earnings.
 */
export function OrdersAtAGlance() {
  const orders = useGetSellerOrdersQuery({ status: 'all', page: 1 });
  const earnings = useGetEarningsQuery({ from: monthStart(), page: 1 });
  const stats = [
    { label: 'To pack', value: orders.data?.counts.placed, to: '/seller/orders?status=placed' },
    { label: 'Packed, to ship', value: orders.data?.counts.warehouse, to: '/seller/orders?status=warehouse' },
    {
      label: 'Sales this month',
      // Sales the shop keeps: what returns refunded is no sale.
      value: earnings.data && formatRupees(earnings.data.gross - earnings.data.returns),
      to: '/seller/earnings',
    },
  ];
  return (
    <section aria-labelledby="seller-glance" className="card p-4 sm:p-5">
      <h2 id="seller-glance" className="font-semibold text-ink-900">
        Orders and sales
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {stats.map(({ label, value, to }) => (
          <div key={label} className="rounded-lg border border-line p-3">
            <dt className="text-sm text-ink-500">{label}</dt>
            <dd className="mt-1 text-xl font-bold text-ink-900">
              {value === undefined ? (
                <Skeleton className="h-6 w-16" />
              ) : (
                <Link to={to} className="hover:text-brand-600" data-testid={`glance-${label}`}>
                  {value}
                </Link>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
