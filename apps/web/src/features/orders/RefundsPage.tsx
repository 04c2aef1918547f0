import { Link } from 'react-router-dom';
import { Wallet } from 'lucide-react';
import { REFUND_BUSINESS_DAYS } from '@bazaar/shared';
import { useGetRefundsQuery } from '../../api/returnsApi';
import { EmptyState } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { RefundRow } from './OrderReturns';

/** The dashboard's Refunds (issue 19): every refund owed or paid to the shopper, newest first. */
export default function RefundsPage() {
  const { data, isLoading, isError } = useGetRefundsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section className="card p-4 lg:p-6">
      <h1 className="text-xl font-bold text-ink-900 lg:text-2xl">Refunds</h1>
      <p className="mt-1 text-sm text-ink-500">
        Refunds reach your bank account or UPI app in {REFUND_BUSINESS_DAYS.min}–{REFUND_BUSINESS_DAYS.max}{' '}
        business days.
      </p>
      {isLoading ? (
        <div className="mt-4 flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : isError ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          Your refunds could not be loaded. Please try again.
        </p>
      ) : data && data.refunds.length > 0 ? (
        <ul className="mt-2 flex flex-col divide-y divide-line">
          {data.refunds.map((refund) => (
            <RefundRow key={refund._id} refund={refund} showOrder />
          ))}
        </ul>
      ) : (
        <EmptyState
          icon={Wallet}
          title="No refunds"
          action={
            <Link to="/dashboard/my-orders" className="btn-primary">
              My Orders
            </Link>
          }
        />
      )}
    </section>
  );
}
