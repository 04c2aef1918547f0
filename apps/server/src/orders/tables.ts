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
}
