import { Link, useParams } from 'react-router-dom';
import { ArrowLeft, FileDown, FileText, PackageX } from 'lucide-react';
import {
  discountedPrice,
  fulfilmentLabels,
  formatRupees,
  variantLabel,
  type SellerOrderDetail,
} from '@bazaar/shared';
import { failureStatus } from '../../api/bazaarApi';
import { packingSlipUrl, taxInvoiceUrl, useGetSellerOrderQuery } from '../../api/sellerOrdersApi';
import { ProductImage } from '../../components/product/ProductImage';
import { EmptyState } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { formatDate, formatDateTime, FulfilmentBadge, PaymentBadge } from './fulfilmentDisplay';
import { StatusActions } from './StatusActions';
import { CashCollected } from './CashCollected';

const actorNames: Record<SellerOrderDetail['timeline'][number]['actor'], string> = {
  customer: 'the shopper',
  seller: 'you',
  operator: 'Bazaar',
  admin: 'Bazaar',
  system: 'Bazaar',
};

/** Every change of the part, oldest first: what, when, by whom, with the courier, AWB and note it came with. */
function Timeline({ order }: { order: SellerOrderDetail }) {
  return (
    <ol className="relative space-y-4 border-l border-line pl-5" data-testid="seller-timeline">
      <li>
        <span className="absolute -left-1.5 mt-1.5 h-3 w-3 rounded-full bg-line" aria-hidden="true" />
        <p className="text-sm font-semibold text-ink-900">Ordered</p>
        <p className="text-xs text-ink-500">{formatDateTime(order.date)}</p>
      </li>
      {order.timeline.map((event, index) => (
        <li key={index}>
          <span className="absolute -left-1.5 mt-1.5 h-3 w-3 rounded-full bg-brand-600" aria-hidden="true" />
          <p className="text-sm font-semibold text-ink-900">
            {/* The step into 'placed' is the payment, not the work it leaves ("To pack"). */}
            {event.status === 'placed' ? 'Paid' : fulfilmentLabels[event.status].status}
          </p>
          <p className="text-xs text-ink-500">
            {formatDateTime(event.at)} · by {actorNames[event.actor]}
          </p>
          {event.courier && (
            <p className="text-sm text-ink-700">
              {event.courier}, AWB <span className="font-mono">{event.trackingNumber}</span>
            </p>
          )}
          {event.note && <p className="text-sm text-ink-700">“{event.note}”</p>}
        </li>
      ))}
    </ol>
  );
}

/** One part of a shopper's order for its seller: lines, address, timeline and the next legal steps. */
export default function SellerOrderPage() {
  const id = Number(useParams().id);
  const { data, error, isLoading } = useGetSellerOrderQuery(id, { skip: !Number.isInteger(id) || id <= 0 });
  const back = (
    <Link
      to="/seller/orders"
      className="mb-3 inline-flex items-center gap-1 text-sm text-ink-500 hover:text-brand-600"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Orders
    </Link>
  );

  if (isLoading) {
    return (
      <section className="card space-y-3 p-4 lg:p-6" role="status">
        <span className="sr-only">Loading the order</span>
        <Skeleton className="h-7 w-64" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-32 w-full" />
      </section>
    );
  }
  if (!data) {
    return (
      <section className="card p-4">
        {back}
        <EmptyState
          icon={PackageX}
          title={error && failureStatus(error) !== 404 ? 'The order could not be loaded' : 'Order not found'}
          description="It is not one of your shop’s orders, or it no longer exists."
        />
      </section>
    );
  }

  const order = data.order;
  const address = order.shippingInfo;
  return (
    <section className="card p-4 lg:p-6" aria-labelledby="seller-order-title">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="seller-order-title" className="text-lg font-bold text-ink-900 lg:text-xl">
            Order {order.orderId}
          </h1>
          <p className="text-sm text-ink-500">Placed on {formatDate(order.date)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={packingSlipUrl(order._id)} download className="btn-outline px-3 py-1.5 text-xs">
            <FileDown className="h-3.5 w-3.5" aria-hidden="true" /> Packing slip
          </a>
          {/* The tax invoice is issued once the part is paid and placed (a part never placed has none). */}
          {order.status !== 'pending' && order.status !== 'cancelled' && (
            <a href={taxInvoiceUrl(order._id)} download className="btn-outline px-3 py-1.5 text-xs">
              <FileText className="h-3.5 w-3.5" aria-hidden="true" /> Tax invoice
            </a>
          )}
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-2" data-testid="seller-order-status">
        <FulfilmentBadge status={order.status} />
        <PaymentBadge status={order.paymentStatus} />
        {order.courier && (
          <span className="text-sm text-ink-700">
            {order.courier}, AWB <span className="font-mono">{order.trackingNumber}</span>
          </span>
        )}
      </div>

      <div className="mt-4">
        <StatusActions order={order} />
        <CashCollected order={order} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div>
          <h2 className="mb-2 font-semibold text-ink-900">Items</h2>
          <ul className="divide-y divide-line">
            {order.lines.map((line, index) => (
              <li key={`${line.productId}-${index}`} className="flex gap-3 py-3 text-sm">
                <ProductImage
                  src={line.image}
                  width={48}
                  height={60}
                  className="h-15 w-12 shrink-0 rounded-md object-cover"
                />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-ink-900">{line.name}</p>
                  <p className="text-ink-500">
                    {[line.brand, variantLabel(line)].filter(Boolean).join(' · ')}
                  </p>
                  <p className="text-ink-700">
                    {line.quantity} × {formatRupees(discountedPrice(line.price, line.discount))}
                  </p>
                </div>
                <p className="font-semibold text-ink-900">{formatRupees(line.amount)}</p>
              </li>
            ))}
          </ul>
          <p className="mt-2 flex justify-between border-t border-line pt-2 text-sm font-bold text-ink-900">
            <span>
              Total ({order.items} {order.items === 1 ? 'piece' : 'pieces'})
            </span>
            <span>{formatRupees(order.amount)}</span>
          </p>
          <p className="mt-1 text-xs text-ink-500">
            Marketplace commission on this order: {order.commissionPercent}%
          </p>
        </div>

        <div className="space-y-6">
          <div>
            <h2 className="mb-2 font-semibold text-ink-900">Ship to</h2>
            <address className="text-sm text-ink-700 not-italic">
              <span className="font-semibold text-ink-900">{address.name}</span>
              <br />
              {address.address}
              {address.area && (
                <>
                  <br />
                  {address.area}
                </>
              )}
              <br />
              {address.city}, {address.province} - {address.pincode}
              <br />
              Phone {address.phonenumber}
            </address>
          </div>
          <div>
            <h2 className="mb-3 font-semibold text-ink-900">Timeline</h2>
            <Timeline order={order} />
          </div>
        </div>
      </div>
    </section>
  );
}
