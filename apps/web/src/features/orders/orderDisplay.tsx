import type { DeliveryStatus, Order, PaymentStatus } from '@bazaar/shared';
import { Badge, type BadgeTone } from '../../components/ui/Badge';

const orderDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

export function formatOrderDate(iso: string): string {
  return orderDate.format(new Date(iso));
}

/** Spec §4: only unpaid orders offer Pay Now (a cash-on-delivery order is paid to the courier, not online). */
export function isUnpaid(order: Pick<Order, 'payment_status'>): boolean {
  return order.payment_status === 'not paid';
}

/** Pieces in an order: the sum of its product quantities. */
export function itemCount(order: Pick<Order, 'products'>): number {
  return order.products.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * Why an unpaid order cannot be paid now, instead of a Pay Now that would be refused: its UTR is waiting for
 * verification, or the order was closed (the server's reason). Empty while it can be paid.
 */
export function unpayableReason(order: Pick<Order, 'payment'>): string {
  const payment = order.payment;
  if (!payment || payment.canRetry) return '';
  if (payment.payment_status === 'under verification') return 'Payment under verification';
  return payment.closedReason ?? 'This order can no longer be paid';
}

/** Spec: Pay Now goes to /payment with the price, the item count and the order id. */
export function payNowState(order: Order) {
  return { price: order.price, items: itemCount(order), orderId: order.orderId };
}

export function invoiceUrl(orderId: string): string {
  return `/api/home/customer/invoice/${encodeURIComponent(orderId)}`;
}

/** The GST credit note of a refund (issue 17): it reverses the refunded part of the tax invoice. */
export function creditNoteUrl(refundId: number): string {
  return `/api/home/customer/refunds/${refundId}/credit-note`;
}

/** Opens the PDF invoice in a new tab; the browser sends the session cookie with it. */
export function openInvoice(orderId: string): void {
  window.open(invoiceUrl(orderId), '_blank', 'noopener');
}

/**
 * Each status in a colour that says how it is going: placed and paid are good news (green), pending and not paid
 * wait on something (amber), warehouse and shipped are under way (dark), delivered is done (green), and only
 * cancelled is red.
 */
const statusTones: Record<PaymentStatus | DeliveryStatus, BadgeTone> = {
  paid: 'success',
  'not paid': 'warning',
  // Cash on delivery: nothing wrong, the shopper pays the courier.
  cod: 'neutral',
  pending: 'warning',
  placed: 'success',
  warehouse: 'dark',
  shipped: 'dark',
  delivered: 'success',
  cancelled: 'danger',
};

export function statusTone(status: string): BadgeTone {
  return statusTones[status as PaymentStatus | DeliveryStatus] ?? 'neutral';
}

export function PaymentBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{status === 'cod' ? 'cash on delivery' : status}</Badge>;
}

export function DeliveryBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{status}</Badge>;
}
