import { z } from 'zod';
import { MAX_UNITS_PER_PRODUCT } from './limits';
import { idSchema, MAX_DB_INTEGER } from './validation';
import { paymentStatusResponseSchema } from './payments';
import { PAYMENT_METHODS } from './cod';
import { DELIVERY_STATUSES } from './fulfilment';
import { orderLineReturnsSchema, orderPartSchema } from './returns';

/** `cod`: placed as cash on delivery, paid once the cash is collected (issue 19). */
export const PAYMENT_STATUS = { notPaid: 'not paid', paid: 'paid', cod: 'cod' } as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];

/** The My Orders filter (spec §4), starting at 'all'; `shipped` and `delivered` came with fulfilment (issue 16). */
export const ORDER_STATUS_FILTERS = [
  'all',
  'placed',
  'pending',
  'cancelled',
  'warehouse',
  'shipped',
  'delivered',
] as const;
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
  cartChanged: 'Your cart has changed since checkout. Please review it and place the order again.',
} as const;

/** An order (cart line or Buy Now) above MAX_UNITS_PER_PRODUCT of one product, or of one size of it. */
export function unitCapMessage(productName: string, size?: string | null): string {
  const item = size ? `${productName} in size ${size}` : productName;
  return `You can buy at most ${MAX_UNITS_PER_PRODUCT} units of ${item} per order`;
}

/** The customer already has `limit` unpaid orders holding stock. */
export function openUnpaidOrdersMessage(limit: number, reservationMinutes: number): string {
  return (
    `You already have ${limit} unpaid orders. Pay for one of them in My Orders, or wait for one to expire ` +
    `(unpaid orders are cancelled ${reservationMinutes} minutes after they are placed), then order again.`
  );
}

/** 'Only 2 left of Roadster Men Kurta', or that it has sold out. */
export function shortageMessage(productName: string, stock: number): string {
  return stock > 0 ? `Only ${stock} left of ${productName}` : `${productName} is out of stock`;
}

/** A client-made key (body field `idempotencyKey` or the `Idempotency-Key` header): a retried checkout finds its order. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'must be 8–100 letters, digits, - or _');

/** The `Idempotency-Key` request header, when sent (Fastify hands headers over in lower case). */
export const idempotencyKeyHeaderSchema = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

/**
 * Units on one line. The per-product cap (MAX_UNITS_PER_PRODUCT) is the service's, which names the product in its
 * refusal; here only sanity.
 */
const unitsSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(MAX_DB_INTEGER, 'is more than any stock');

/**
 * One line of the spec's `products` (grouped by shop). A line from the cart carries its cart line id `_id` and is
 * ordered with the cart's quantity; a Buy Now line has no `_id`, and is ordered as sent (product and quantity).
 */
const placeOrderLineSchema = z.object({
  _id: idSchema.optional(),
  quantity: unitsSchema,
  productInfo: z.object({ _id: idSchema }),
  /** Not in the spec (issue 15): the size of a Buy Now line (a cart line has its own). */
  variantId: idSchema.optional(),
});

/**
 * Body of palce-order: the spec's payload (price, products, shipping_fee, shippingInfo, userId, navigate, items)
 * is accepted as is. The server re-reads prices, stock and the customer itself, so it takes from it only the
 * address (`shippingInfo._id`, or `addressId`) and which lines to order (`products`; without any, the whole
 * in-stock cart). `buyNow` (one item) and `idempotencyKey` are optional extras of this app's own pages.
 */
export const placeOrderSchema = z
  .object({
    addressId: idSchema.optional(),
    shippingInfo: z.object({ _id: idSchema.optional(), addressId: idSchema.optional() }).nullish(),
    idempotencyKey: idempotencyKeySchema.optional(),
    /** `variantId` (issue 15): required for a product with sizes, as in add-to-card. */
    buyNow: z
      .object({ productId: idSchema, quantity: unitsSchema, variantId: idSchema.optional() })
      .nullish(),
    products: z
      .array(z.object({ products: z.array(placeOrderLineSchema).max(100, 'has too many lines') }))
      .max(100, 'has too many shops')
      .nullish(),
    /** Issue 19, not in the spec: 'cod' places the order as cash on delivery; without it the order is UPI. */
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'must be upi or cod' }).optional(),
  })
  .transform(({ addressId, shippingInfo, idempotencyKey, buyNow, products, paymentMethod }) => {
    const lines = products?.flatMap((group) => group.products) ?? [];
    return {
      addressId: addressId ?? shippingInfo?._id ?? shippingInfo?.addressId,
      idempotencyKey,
      paymentMethod: paymentMethod ?? 'upi',
      ...(buyNow
        ? { cartLineIds: [], directItems: [buyNow] }
        : lines.length
          ? {
              cartLineIds: lines.flatMap((line) => (line._id === undefined ? [] : [line._id])),
              directItems: lines
                .filter((line) => line._id === undefined)
                .map((line) => ({
                  productId: line.productInfo._id,
                  quantity: line.quantity,
                  ...(line.variantId === undefined ? {} : { variantId: line.variantId }),
                })),
            }
          : // Nothing listed: the whole in-stock cart.
            { cartLineIds: undefined, directItems: [] }),
    };
  })
  .refine((input) => input.addressId !== undefined, {
    message: orderMessages.addressRequired,
    path: ['addressId'],
  });
/**
 * What to order: `cartLineIds` (undefined: every in-stock cart line) plus `directItems` bought without the cart.
 * `idempotencyKey` is set by the route from the header or the body.
 */
export type PlaceOrderInput = z.output<typeof placeOrderSchema>;

export const orderListParamsSchema = z.object({
  status: z.enum(ORDER_STATUS_FILTERS, { error: `must be one of ${ORDER_STATUS_FILTERS.join(', ')}` }),
});

export const orderIdParamsSchema = z.object({
  orderId: z.string().trim().min(1, 'is required').max(40, 'is too long'),
});

// ---- Response shapes (spec §3 names) -----------------------------------------------------------

export const orderProductInfoSchema = z.object({
  _id: z.number(),
  name: z.string(),
  brand: z.string(),
  images: z.array(z.string()),
  /** MRP at the time of ordering, whole rupees. */
  price: z.number(),
  /** Percent at the time of ordering. */
  discount: z.number(),
  slug: z.string(),
  category: z.string(),
  shopName: z.string(),
});
export type OrderProductInfo = z.infer<typeof orderProductInfoSchema>;

/** What an order line says about its variant (issue 15), as it was when ordered. */
export const orderLineVariantSchema = z.object({
  /** Null only when the variant has been deleted since. */
  _id: z.number().nullable(),
  /** Null for a product without sizes. */
  size: z.string().nullable(),
  colour: z.string().nullable(),
});
export type OrderLineVariant = z.infer<typeof orderLineVariantSchema>;

export const orderLineSchema = z.object({
  quantity: z.number(),
  productInfo: orderProductInfoSchema,
  /** Not in the spec (issue 15): the size and colour ordered. */
  variant: orderLineVariantSchema.optional(),
  /** Not in the spec (issue 19): the line's own id and its shop's part, which cancel and return name. */
  orderItemId: z.number().optional(),
  partId: z.number().optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderShippingInfoSchema = z.object({
  name: z.string(),
  address: z.string(),
  /** The state. */
  province: z.string(),
  city: z.string(),
  /** Locality and landmark. */
  area: z.string(),
  phonenumber: z.string(),
  pincode: z.string(),
});
export type OrderShippingInfo = z.infer<typeof orderShippingInfoSchema>;

export const orderSchema = z
  .object({
    _id: z.number(),
    orderId: z.string(),
    price: z.number().describe('What the customer pays: goods plus shipping (and the COD fee)'),
    shipping_fee: z.number(),
    payment_method: z.enum(PAYMENT_METHODS).optional().describe('Not in the spec: upi (the default) or cod'),
    cod_fee: z.number().optional().describe('Not in the spec: the cash-on-delivery fee included in price'),
    items: z.number().describe('Pieces in the order (sum of quantities)'),
    products: z.array(orderLineSchema),
    payment_status: z.enum([PAYMENT_STATUS.notPaid, PAYMENT_STATUS.paid, PAYMENT_STATUS.cod]),
    delivery_status: z.enum(DELIVERY_STATUSES),
    date: z.string(),
    shippingInfo: orderShippingInfoSchema,
    payment: paymentStatusResponseSchema
      .optional()
      .describe(
        'Not in the spec: whether an unpaid order can still be paid and, if not, why (absent for paid orders)',
      ),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;
/** An order as the API returns it. */
export type OrderDto = Order;

export const placeOrderResponseSchema = z.object({
  orderId: z.string(),
  message: z.string(),
  /** Goods plus shipping. */
  price: z.number(),
  items: z.number(),
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

export const orderListResponseSchema = z.object({ orders: z.array(orderSchema) });
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

/** One step of the shopper's timeline (issue 16): a change of one seller's part of the order. */
export const orderTimelineEntrySchema = z.object({
  sellerId: z.number(),
  /** Not in the shape: the shop, so the page can say whose part moved. */
  shopName: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  at: z.string(),
  courier: z.string().optional(),
  trackingNumber: z.string().optional(),
  note: z.string().optional(),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

/** gat-order: the order and (issue 16) its timeline, oldest change first. */
export const orderResponseSchema = z.object({
  order: orderSchema.extend({
    timeline: z.array(orderTimelineEntrySchema),
    /** Issue 19: each shop's part with what the shopper may still do with it, and each line's returns. */
    parts: z.array(orderPartSchema).optional(),
    lineReturns: z.array(orderLineReturnsSchema).optional(),
  }),
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;
/** An order as Order Details shows it: with its timeline. */
export type OrderDetails = OrderResponse['order'];

export const dashboardDataSchema = z.object({
  totalOrder: z.number(),
  pendingOrder: z.number(),
  cancelledOrder: z.number(),
  recentOrders: z.array(orderSchema),
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;
