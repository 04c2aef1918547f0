import {
  fulfilmentLabels,
  PAYMENT_STATUS,
  type DeliveryStatus,
  type PaymentStatus,
  type SellerOrderFilter,
} from '@bazaar/shared';
import { Link } from 'react-router-dom';
import { Badge, type BadgeTone } from '../../components/ui/Badge';

/** The seller center's order tabs, in the order a part moves through them. */
export const ORDER_TABS: readonly { filter: SellerOrderFilter; label: string }[] = [
  { filter: 'all', label: 'All' },
  ...(['pending', 'placed', 'warehouse', 'shipped', 'delivered', 'cancelled'] as const).map((status) => ({
    filter: status,
    label: fulfilmentLabels[status].status,
  })),
];

/** Waiting on the shopper or on the seller is amber, on its way dark, done green, cancelled red. */
const tones: Record<DeliveryStatus, BadgeTone> = {
  pending: 'neutral',
  placed: 'warning',
  warehouse: 'dark',
  shipped: 'dark',
  delivered: 'success',
  cancelled: 'danger',
};

export function FulfilmentBadge({ status }: { status: DeliveryStatus }) {
  return <Badge tone={tones[status]}>{fulfilmentLabels[status].status}</Badge>;
}

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge tone={status === PAYMENT_STATUS.paid ? 'success' : 'neutral'}>
      {status === PAYMENT_STATUS.paid ? 'Paid' : 'Not paid'}
    </Badge>
  );
}

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const dateOnly = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

/** "2 × Oxford Shirt (Size M · Navy Blue)" for a compact list of a part's lines. */
export function lineSummary(line: { quantity: number; name: string; size: string | null }): string {
  return `${line.quantity} × ${line.name}${line.size ? ` (${line.size})` : ''}`;
}

/** A seller part's order code, linking to the part's page. */
export function PartLink({ part }: { part: { _id: number; orderId: string } }) {
  return (
    <Link to={`/seller/orders/${part._id}`} className="font-semibold text-brand-600 hover:underline">
      {part.orderId}
    </Link>
  );
}
