import { z } from 'zod';
import { idSchema } from './validation';
import type { PaymentStatusResponse } from './payments';

export const PAYMENT_STATUS = { notPaid: 'not paid', paid: 'paid' } as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];

/** Delivery states an order can be in; a new order is `pending`, an expired unpaid one `cancelled`. */
export const DELIVERY_STATUSES = ['pending', 'placed', 'warehouse', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The My Orders filter (spec §4), starting at 'all'. */
export const ORDER_STATUS_FILTERS = ['all', 'placed', 'pending', 'cancelled', 'warehouse'] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

/** How many orders the dashboard's Recent Orders table shows. */
export const RECENT_ORDERS_LIMIT = 5;

/** Characters of an order code: no 0/O or 1/I, so a code read out over the phone cannot be misheard. */
export const ORDER_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const ORDER_CODE_PATTERN = /^BZ-\d{4}-[2-9A-HJ-NP-Z]{6}$/;

export const orderMessages = {
  placed: 'Order placed successfully',
  emptyCart: 'Your cart is empty',
  addressRequired: 'Please select a delivery address',
  addressNotFound: 'Delivery address not found',
  notFound: 'Order not found',
  productNotFound: 'Product not found',
} as const;

/** 'Only 2 left of Roadster Men Kurta', or that it has sold out. */
export function shortageMessage(productName: string, stock: number): string {
  return stock > 0 ? `Only ${stock} left of ${productName}` : `${productName} is out of stock`;
}

/**
 * Body of palce-order. The spec's page also sends price, products, shipping_fee, userId, navigate and items;
 * the server ignores them and re-reads prices, stock and the customer itself. It needs only which address
 * (`addressId`, or the chosen `shippingInfo` object), a client-made idempotency key, and — for Buy Now — the item.
 */
export const placeOrderSchema = z
  .object({
    addressId: idSchema.optional(),
    shippingInfo: z.object({ _id: idSchema.optional(), addressId: idSchema.optional() }).nullish(),
    idempotencyKey: z
      .string({ error: 'is required' })
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,100}$/, 'must be 8–100 letters, digits, - or _'),
    buyNow: z
      .object({
        productId: idSchema,
        quantity: z.coerce
          .number({ error: 'must be a number' })
          .int('must be a whole number')
          .min(1, 'must be at least 1')
          .max(100, 'must be at most 100'),
      })
      .nullish(),
  })
  .transform(({ addressId, shippingInfo, idempotencyKey, buyNow }) => ({
    addressId: addressId ?? shippingInfo?._id ?? shippingInfo?.addressId,
    idempotencyKey,
    buyNow: buyNow ?? null,
  }))
  .refine((input) => input.addressId !== undefined, {
    message: orderMessages.addressRequired,
    path: ['addressId'],
  });
export type PlaceOrderInput = z.output<typeof placeOrderSchema>;

export const orderListParamsSchema = z.object({
  status: z.enum(ORDER_STATUS_FILTERS, { error: `must be one of ${ORDER_STATUS_FILTERS.join(', ')}` }),
});

export const orderIdParamsSchema = z.object({
  orderId: z.string().trim().min(1, 'is required').max(40, 'is too long'),
});

// ---- Response shapes (spec §3 names) -----------------------------------------------------------

export interface OrderProductInfo {
  _id: number;
  name: string;
  brand: string;
  images: string[];
  /** MRP at the time of ordering, whole rupees. */
  price: number;
  /** Percent at the time of ordering. */
  discount: number;
  slug: string;
  category: string;
  shopName: string;
}

export interface OrderLine {
  quantity: number;
  productInfo: OrderProductInfo;
}

export interface OrderShippingInfo {
  name: string;
  address: string;
  /** The state. */
  province: string;
  city: string;
  /** Locality and landmark. */
  area: string;
  phonenumber: string;
  pincode: string;
}

export interface Order {
  _id: number;
  orderId: string;
  /** What the customer pays: goods plus shipping. */
  price: number;
  shipping_fee: number;
  /** Pieces in the order (sum of quantities). */
  items: number;
  products: OrderLine[];
  payment_status: PaymentStatus;
  delivery_status: DeliveryStatus;
  date: string;
  shippingInfo: OrderShippingInfo;
  /** Not in the spec: whether an unpaid order can still be paid and, if not, why (absent for paid orders). */
  payment?: PaymentStatusResponse;
}

export interface PlaceOrderResponse {
  orderId: string;
  message: string;
  /** Goods plus shipping. */
  price: number;
  items: number;
}

export interface DashboardData {
  totalOrder: number;
  pendingOrder: number;
  cancelledOrder: number;
  recentOrders: Order[];
}
