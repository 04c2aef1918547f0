import { Link, useParams } from 'react-router-dom';
import { ArrowLeft, FileText, PackageX } from 'lucide-react';
import { discountedPrice, formatRupees, variantLabel } from '@bazaar/shared';
import { useAppSelector } from '../../app/hooks';
import { useGetOrderQuery } from '../../api/ordersApi';
import { EmptyState } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { DeliveryBadge, formatOrderDate, openInvoice, PaymentBadge, payNowState } from './orderDisplay';
import { CorrectUtrLink, PaymentIssue } from '../payments';
import { ProductImage } from '../../components/product/ProductImage';
import { OrderTimeline } from './OrderTimeline';
import { useGetRefundsQuery } from '../../api/returnsApi';
import { CancelActions, LineReturns, RefundRow } from './OrderReturns';

/** Spec §2 Order Details: id and date, delivery address, the buyer's email, price with shipping, statuses, products. */
export default function OrderDetailsPage() {
  const { orderId = '' } = useParams();
  // The order store area (myOrder), fed by the order query; each visit reads the order afresh.
  const { myOrder, errorMessage } = useAppSelector((state) => state.order);
  const email = useAppSelector((state) => state.auth.userInfo?.email);
  useGetOrderQuery(orderId, { refetchOnMountOrArgChange: true });
  const { data: refunds } = useGetRefundsQuery(orderId, { skip: !orderId });

  const notFound = Boolean(errorMessage) && myOrder === null;
  if (!notFound && myOrder?.orderId !== orderId) {
    return (
      <section className="card flex flex-col gap-3 p-4 lg:p-6" aria-busy="true">
        <Skeleton className="h-7 w-64" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-24 w-full" />
      </section>
    );
  }
  if (!myOrder) {
    return (
      <section className="card p-4">
        <EmptyState
          icon={PackageX}
          title="Order not found"
          action={
            <Link to="/dashboard/my-orders" className="btn-primary">
              My Orders
            </Link>
          }
        />
      </section>
    );
  }

  const { shippingInfo } = myOrder;
  return (
    <section className="card p-4 lg:p-6">
      <Link
        to="/dashboard/my-orders"
        className="mb-3 inline-flex items-center gap-1 text-sm text-ink-500 hover:text-brand-600"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> My Orders
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-lg font-bold text-ink-900 lg:text-xl">
          #{myOrder.orderId}{' '}
          <span className="font-normal text-ink-500">, {formatOrderDate(myOrder.date)}</span>
        </h1>
        <button
          type="button"
          className="btn-outline px-3 py-1.5 text-xs"
          onClick={() => openInvoice(myOrder.orderId)}
        >
          <FileText className="h-3.5 w-3.5" aria-hidden="true" /> Invoice
        </button>
      </div>

      <div className="mt-4 grid gap-4 rounded-card bg-canvas p-4 text-sm md:grid-cols-2">
        <div>
          <h2 className="font-semibold text-ink-900">Deliver to: {shippingInfo.name}</h2>
          <p className="mt-1 text-ink-700">
            {[shippingInfo.address, shippingInfo.province, shippingInfo.city, shippingInfo.area]
              .filter(Boolean)
              .join(', ')}
          </p>
          {shippingInfo.pincode && <p className="text-ink-700">Pincode {shippingInfo.pincode}</p>}
          {email && <p className="mt-1 text-ink-500">Email to {email}</p>}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="text-ink-500">Price</dt>
          <dd className="font-semibold text-ink-900" data-testid="order-price">
            {formatRupees(myOrder.price)}{' '}
            <span className="text-xs font-normal text-ink-500">incl. shipping</span>
          </dd>
          <dt className="text-ink-500">Payment status</dt>
          <dd>
            <PaymentBadge status={myOrder.payment_status} />
          </dd>
          <dt className="text-ink-500">Order status</dt>
          <dd>
            <DeliveryBadge status={myOrder.delivery_status} />
          </dd>
        </dl>
      </div>

      {myOrder.payment && (myOrder.payment.rejection || myOrder.payment.closedReason) && (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <PaymentIssue rejection={myOrder.payment.rejection} closedReason={myOrder.payment.closedReason} />
          {myOrder.payment.canRetry && myOrder.payment.rejection && (
            <CorrectUtrLink state={payNowState(myOrder)} className="btn-primary shrink-0" />
          )}
        </div>
      )}

      {myOrder.parts && (
        <CancelActions
          orderId={myOrder.orderId}
          parts={myOrder.parts}
          paid={myOrder.payment_status === 'paid'}
        />
      )}

      <OrderTimeline order={myOrder} />

      {refunds && refunds.refunds.length > 0 && (
        <>
          <h2 className="mt-6 mb-1 font-semibold text-ink-900">Refunds</h2>
          <ul className="flex flex-col divide-y divide-line" aria-label="Refunds of this order">
            {refunds.refunds.map((refund) => (
              <RefundRow key={refund._id} refund={refund} />
            ))}
          </ul>
        </>
      )}

      <h2 className="mt-6 mb-3 font-semibold text-ink-900">Products</h2>
      <ul className="flex flex-col divide-y divide-line">
        {myOrder.products.map(({ quantity, productInfo, variant, orderItemId, partId }, index) => (
          // Two sizes of one product are two lines; a line names no id of its own.
          <li
            key={`${productInfo._id}-${variant?._id ?? index}`}
            className="flex gap-3 py-3"
            data-testid="order-line"
          >
            <ProductImage
              src={productInfo.images[0]}
              width={64}
              height={80}
              className="h-20 w-16 shrink-0 rounded-md object-cover"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
              <Link
                to={`/product/details/${productInfo.slug}`}
                className="font-semibold text-ink-900 hover:text-brand-600"
              >
                {productInfo.name}
              </Link>
              <p className="text-ink-500">Brand: {productInfo.brand}</p>
              {variant && variantLabel(variant) && <p className="text-ink-700">{variantLabel(variant)}</p>}
              <p className="text-ink-500">Quantity: {quantity}</p>
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold text-ink-900">
                  {formatRupees(discountedPrice(productInfo.price, productInfo.discount))}
                </span>
                {productInfo.discount > 0 && (
                  <>
                    <s className="text-xs text-ink-500">{formatRupees(productInfo.price)}</s>
                    <span className="text-xs font-semibold text-warning">-{productInfo.discount}%</span>
                  </>
                )}
                {quantity > 1 && <span className="text-xs text-ink-500">each</span>}
              </p>
              <p className="text-ink-700" data-testid="line-total">
                Total{' '}
                <span className="font-bold text-ink-900">
                  {formatRupees(discountedPrice(productInfo.price, productInfo.discount) * quantity)}
                </span>
              </p>
              <LineReturns
                orderId={myOrder.orderId}
                name={productInfo.name}
                line={myOrder.lineReturns?.find((line) => line.orderItemId === orderItemId)}
                part={myOrder.parts?.find((part) => part._id === partId)}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
