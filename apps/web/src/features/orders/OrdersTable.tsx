import { Link, useNavigate } from 'react-router-dom';
import { Eye, FileText, Wallet } from 'lucide-react';
import { formatRupees, type Order } from '@bazaar/shared';
import {
  DeliveryBadge,
  formatOrderDate,
  isUnpaid,
  openInvoice,
  PaymentBadge,
  payNowState,
  unpayableReason,
} from './orderDisplay';

function OrderActions({ order, showInvoice }: { order: Order; showInvoice: boolean }) {
  const navigate = useNavigate();
  const cannotPay = unpayableReason(order);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Link
        to={`/dashboard/order/details/${order.orderId}`}
        className="inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-600 hover:bg-brand-50"
        aria-label={`View order ${order.orderId}`}
      >
        <Eye className="h-4 w-4" aria-hidden="true" /> view
      </Link>
      {isUnpaid(order) && cannotPay && (
        <span className="text-xs font-semibold text-ink-500" data-testid="cannot-pay">
          {cannotPay}
        </span>
      )}
      {isUnpaid(order) && !cannotPay && order.payment?.rejection && (
        <Link
          to={`/dashboard/order/details/${order.orderId}`}
          className="text-xs font-semibold text-danger underline-offset-2 hover:underline"
        >
          UTR not accepted: see why
        </Link>
      )}
      {isUnpaid(order) && !cannotPay && (
        <button
          type="button"
          className="btn-primary px-3 py-1.5 text-xs"
          onClick={() => navigate('/payment', { state: payNowState(order) })}
          aria-label={`Pay now for order ${order.orderId}`}
        >
          <Wallet className="h-3.5 w-3.5" aria-hidden="true" /> Pay Now
        </button>
      )}
      {showInvoice && (
        <button
          type="button"
          className="btn-outline px-3 py-1.5 text-xs"
          onClick={() => openInvoice(order.orderId)}
          aria-label={`Invoice for order ${order.orderId}`}
        >
          <FileText className="h-3.5 w-3.5" aria-hidden="true" /> Invoice
        </button>
      )}
    </div>
  );
}

/**
 * Orders as a table on desktop and as stacked cards on mobile (below 1024 px): order id, price, payment
 * status, order status and the actions (view, Pay Now while unpaid, and optionally the invoice).
 */
export function OrdersTable({
  orders,
  showInvoice = false,
  caption,
}: {
  orders: Order[];
  showInvoice?: boolean;
  caption: string;
}) {
  return (
    <>
      <table className="hidden w-full text-left text-sm lg:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line text-xs uppercase tracking-wide text-ink-500">
          <tr>
            <th scope="col" className="py-3 pr-4 font-semibold">
              Order Id
            </th>
            <th scope="col" className="py-3 pr-4 font-semibold">
              Price
            </th>
            <th scope="col" className="py-3 pr-4 font-semibold">
              Payment status
            </th>
            <th scope="col" className="py-3 pr-4 font-semibold">
              Order status
            </th>
            <th scope="col" className="py-3 font-semibold">
              Action
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderId} className="border-b border-line last:border-0" data-testid="order-row">
              <td className="py-3 pr-4">
                <span className="font-mono text-[13px] font-semibold text-ink-900">{order.orderId}</span>
                <span className="block text-xs text-ink-500">{formatOrderDate(order.date)}</span>
              </td>
              <td className="py-3 pr-4 font-semibold text-ink-900">{formatRupees(order.price)}</td>
              <td className="py-3 pr-4">
                <PaymentBadge status={order.payment_status} />
              </td>
              <td className="py-3 pr-4">
                <DeliveryBadge status={order.delivery_status} />
              </td>
              <td className="py-3">
                <OrderActions order={order} showInvoice={showInvoice} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="flex flex-col gap-3 lg:hidden" aria-label={caption}>
        {orders.map((order) => (
          <li
            key={order.orderId}
            className="rounded-card border border-line bg-white p-4"
            data-testid="order-card"
          >
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="font-mono text-[13px] font-semibold text-ink-900">{order.orderId}</p>
                <p className="text-xs text-ink-500">{formatOrderDate(order.date)}</p>
              </div>
              <p className="text-base font-bold text-ink-900">{formatRupees(order.price)}</p>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-xs">
              <div>
                <dt className="text-ink-500">Payment status</dt>
                <dd className="mt-0.5">
                  <PaymentBadge status={order.payment_status} />
                </dd>
              </div>
              <div>
                <dt className="text-ink-500">Order status</dt>
                <dd className="mt-0.5">
                  <DeliveryBadge status={order.delivery_status} />
                </dd>
              </div>
            </dl>
            <div className="mt-3 border-t border-line pt-3">
              <OrderActions order={order} showInvoice={showInvoice} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

export function OrdersTableSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading orders">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton h-14 w-full" />
      ))}
    </div>
  );
}
