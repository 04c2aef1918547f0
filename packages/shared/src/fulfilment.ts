/**
 * Fulfilment (issue 16), zod-free so any page may import it: the delivery states of a seller's part of an order,
 * which changes a seller may make, how the shopper's order status follows from its parts, and the money rules of
 * refunds and earnings. The server enforces these; the web shows only the actions they allow.
 */

/**
 * Delivery states of an order and of each seller's part, in the order a part moves through them: `pending` (not
 * paid) → `placed` (paid) → `warehouse` (accepted and packed) → `shipped` (with a courier and AWB) → `delivered`;
 * `cancelled` by the seller before shipping, or when an unpaid order's reservation ends.
 */
export const DELIVERY_STATUSES = [
  'pending',
  'placed',
  'warehouse',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * The changes a seller may make to its part, by current state. `pending` → `placed` is the payment's (the operator
 * or the bank confirms it), never the seller's; `shipped` and `delivered` parts can no longer be cancelled.
 */
export const SELLER_TRANSITIONS: Readonly<Record<DeliveryStatus, readonly DeliveryStatus[]>> = {
  pending: ['cancelled'],
  placed: ['warehouse', 'cancelled'],
  warehouse: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** The states a seller may set (the body of a status change). */
export const SELLER_SETTABLE_STATUSES = ['warehouse', 'shipped', 'delivered', 'cancelled'] as const;
export type SellerSettableStatus = (typeof SELLER_SETTABLE_STATUSES)[number];

export function canSellerMove(from: DeliveryStatus, to: DeliveryStatus): boolean {
  return SELLER_TRANSITIONS[from].includes(to);
}

/**
 * How the seller center names each state (`status`, its tabs and badges), the action that moves a part into it
 * (`action`, its buttons) and the state in a sentence (`phrase`).
 */
export const fulfilmentLabels: Record<DeliveryStatus, { status: string; action: string; phrase: string }> = {
  pending: { status: 'To pay', action: 'Awaiting payment', phrase: 'awaiting payment' },
  placed: { status: 'To pack', action: 'Paid', phrase: 'paid and waiting to be packed' },
  warehouse: { status: 'Packed', action: 'Accept & pack', phrase: 'packed' },
  shipped: { status: 'Shipped', action: 'Ship', phrase: 'shipped' },
  delivered: { status: 'Delivered', action: 'Mark delivered', phrase: 'delivered' },
  cancelled: { status: 'Cancelled', action: 'Cancel', phrase: 'cancelled' },
};

/** Why a change the seller asked for is refused (409, ILLEGAL_TRANSITION), in words the seller can act on. */
export function illegalTransitionMessage(from: DeliveryStatus, to: DeliveryStatus): string {
  const allowed = SELLER_TRANSITIONS[from].map((next) => `"${fulfilmentLabels[next].action}"`);
  const refused = `This order is ${fulfilmentLabels[from].phrase}, so "${fulfilmentLabels[to].action}" is not possible.`;
  return allowed.length
    ? `${refused} Next you can: ${allowed.join(' or ')}.`
    : `${refused} No further changes can be made.`;
}

const RANK: Record<Exclude<DeliveryStatus, 'cancelled'>, number> = {
  pending: 0,
  placed: 1,
  warehouse: 2,
  shipped: 3,
  delivered: 4,
};

/**
 * The shopper's order status from its parts' (the one precedence rule): cancelled parts do not count unless every
 * part is cancelled; once any live part has left the seller (shipped or delivered) the order is `shipped` until all
 * of them are `delivered`; before that the order is where its least advanced live part is (pending < placed <
 * warehouse), so "packed" means every shop has packed.
 */
export function orderStatusOfParts(parts: readonly DeliveryStatus[]): DeliveryStatus {
  const live = parts.filter(
    (status): status is Exclude<DeliveryStatus, 'cancelled'> => status !== 'cancelled',
  );
  if (live.length === 0) return parts.length ? 'cancelled' : 'pending';
  if (live.every((status) => status === 'delivered')) return 'delivered';
  if (live.some((status) => status === 'shipped' || status === 'delivered')) return 'shipped';
  return live.reduce((least, status) => (RANK[status] < RANK[least] ? status : least));
}

/**
 * Days after delivery in which a shopper may still return a part; its earnings settle (are paid out to the seller)
 * only after that.
 */
export const RETURN_WINDOW_DAYS = 7;

/** The marketplace's commission on a part's goods, whole rupees, rounded half up (the one rounding rule). */
export function commissionOf(amount: number, percent: number): number {
  return Math.round((amount * percent) / 100);
}

/**
 * Each part's share of the order's shipping fee, whole rupees, in the order of `partAmounts` (the parts by id):
 * in proportion to the part's goods, rounded down, with what rounding leaves over going to the first part, so the
 * shares always add up to the fee. A refund of a cancelled part is its goods plus its share.
 */
export function shippingShares(shippingFee: number, partAmounts: readonly number[]): number[] {
  const goods = partAmounts.reduce((sum, amount) => sum + amount, 0);
  if (shippingFee <= 0 || partAmounts.length === 0) return partAmounts.map(() => 0);
  const shares = partAmounts.map((amount) =>
    goods > 0 ? Math.floor((shippingFee * amount) / goods) : Math.floor(shippingFee / partAmounts.length),
  );
  shares[0] += shippingFee - shares.reduce((sum, share) => sum + share, 0);
  return shares;
}

/** Tracking numbers (AWB): letters, digits and dashes, as couriers print them. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{5,29}$/;
