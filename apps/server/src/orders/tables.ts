import type { Generated } from 'kysely';

/**
 * What the customer ordered and pays for. Money is whole rupees: `price` is the goods total after discounts,
 * `shipping_fee` comes on top. The delivery address is copied in, so editing the address book later does not
 * rewrite where a past order went.
 */
export interface CustomerOrderTable {
  id: Generated<number>;
  /** The public order id, e.g. BZ-2611-8F3K2Q. */
  order_code: string;
  customer_id: number;
  price: number;
  shipping_fee: number;
  /** Pieces in the order (sum of quantities). */
  items: number;
  payment_status: string;
  delivery_status: string;
  shipping_name: string;
  shipping_phone: string;
  shipping_alternate_phone: string | null;
  shipping_address: string;
  shipping_landmark: string | null;
  shipping_locality: string | null;
  shipping_city: string;
  shipping_state: string;
  shipping_pincode: string;
  /**
   * From the client, unique per customer: a retried checkout finds the order it already made. Orders placed without
   * one get `order:` and their order code (a colon no client key may contain).
   */
  idempotency_key: string;
  /**
   * Set only on orders placed without an idempotency key: a digest of the address and lines asked for, so the same
   * submission repeated within seconds finds this order instead of making another.
   */
  request_fingerprint: string | null;
  created_at: string;
  updated_at: string;
  /** 'upi' or 'cod' (migration 022). */
  payment_method: Generated<string>;
  /** Whole rupees charged for cash on delivery, on top of price and shipping; 0 for UPI. */
  cod_fee: Generated<number>;
}

/** The part of an order one seller fulfils (the spec groups an order's products by shop). */
export interface SellerOrderTable {
  id: Generated<number>;
  customer_order_id: number;
  seller_id: number;
  shop_name: string;
  /** Goods total of this seller's lines. */
  price: number;
  payment_status: string;
  delivery_status: string;
  created_at: string;
  /** Set when the part is shipped (migration 017). */
  courier: string | null;
  tracking_number: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  /** The seller's commission rate when the part was placed, whole percent. */
  commission_percent: Generated<number>;
  updated_at: string | null;
  /** When the seller collected a cash-on-delivery part's cash (migration 022). */
  cash_collected_at: Generated<string | null>;
}

/** One change of a seller part's state, for the shopper's timeline and the seller's history. */
export interface OrderEventTable {
  id: Generated<number>;
  customer_order_id: number;
  seller_order_id: number;
  /** The part's delivery status after the change. */
  status: string;
  /** 'customer' | 'seller' | 'operator' | 'admin' | 'system'. */
  actor_kind: string;
  actor_id: number | null;
  courier: string | null;
  tracking_number: string | null;
  note: string | null;
  created_at: string;
}

/** A refund owed to a shopper: `pending` until an operator records the bank or UPI reference. */
export interface RefundTable {
  id: Generated<number>;
  customer_order_id: number;
  /** The seller part refunded, or null for a whole-order refund. */
  seller_order_id: number | null;
  customer_id: number;
  /** Whole rupees, more than 0. */
  amount: number;
  /** 'cancellation' | 'return' | 'late_payment'. */
  reason: string;
  state: Generated<string>;
  reference: string | null;
  created_at: string;
  refunded_at: string | null;
}

/** One ordered product, with name, brand, image, price and discount as they were when the order was placed. */
export interface OrderItemTable {
  id: Generated<number>;
  customer_order_id: number;
  seller_order_id: number;
  product_id: number;
  name: string;
  brand: string;
  slug: string;
  image: string;
  /** MRP per piece at ordering time. */
  price: number;
  discount: number;
  quantity: number;
  category: string;
  /** HSN-style goods classification printed on the invoice. */
  hsn_code: string;
  /** The variant ordered (its stock is what a cancellation gives back); null only if it was deleted since. */
  variant_id: number | null;
  /** Size and colour as they were when ordered; size null for a product without sizes. */
  size: string | null;
  colour: string | null;
}

/** Tables of the orders feature. */
export interface OrderTables {
  customer_orders: CustomerOrderTable;
  seller_orders: SellerOrderTable;
  order_items: OrderItemTable;
  order_events: OrderEventTable;
  refunds: RefundTable;
}
