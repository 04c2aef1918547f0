import { z } from 'zod';
import {
  DELIVERY_STATUSES,
  SELLER_SETTABLE_STATUSES,
  TRACKING_NUMBER_PATTERN,
  type SellerSettableStatus,
} from './fulfilment';
import { orderShippingInfoSchema, PAYMENT_STATUS } from './orders';

/**
 * The seller center's orders and earnings (issue 16): a seller sees and changes only its own part of each order
 * (`seller_orders`), never the rest of the shopper's order.
 */

export const sellerOrderMessages = {
  notFound: 'Order not found',
  statusChanged: 'This order was changed meanwhile. Reload it to see its current state, then try again.',
  cancelled: 'Order cancelled. The stock is back on sale.',
  cancelledRefund:
    'Order cancelled. The stock is back on sale and a refund to the shopper has been recorded.',
  updated: 'Order updated',
  paymentBeingVerified:
    'The shopper has sent a payment that Bazaar is verifying. Wait for the verification, then pack or cancel the order.',
} as const;

/** The seller center's order tabs: every part, or those in one state. */
export const SELLER_ORDER_FILTERS = ['all', ...DELIVERY_STATUSES] as const;
export type SellerOrderFilter = (typeof SELLER_ORDER_FILTERS)[number];

/** Parts per page of the seller's order list and of the earnings breakdown. */
export const SELLER_ORDERS_PAGE_SIZE = 20;

const pageSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(10_000, 'is too far')
  .default(1);

export const sellerOrderListQuerySchema = z.object({
  status: z
    .enum(SELLER_ORDER_FILTERS, { error: `must be one of ${SELLER_ORDER_FILTERS.join(', ')}` })
    .default('all'),
  page: pageSchema,
});
export type SellerOrderListQuery = z.infer<typeof sellerOrderListQuerySchema>;

export const sellerOrderParamsSchema = z.object({
  id: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('is not valid'),
});

/**
 * A status change: `shipped` needs the courier and its AWB / tracking number, `cancelled` a reason (the shopper
 * reads it on the order's timeline); `note` is otherwise optional.
 */
export const changeSellerOrderStatusSchema = z
  .object({
    status: z.enum(SELLER_SETTABLE_STATUSES, {
      error: `must be one of ${SELLER_SETTABLE_STATUSES.join(', ')}`,
    }),
    courier: z.string().trim().min(2, 'must be at least 2 characters').max(60).optional(),
    trackingNumber: z
      .string()
      .trim()
      .regex(TRACKING_NUMBER_PATTERN, 'Tracking number must be 6–30 letters, digits or dashes')
      .optional(),
    note: z.string().trim().max(500).optional(),
  })
  .superRefine((input, check) => {
    if (input.status === 'shipped') {
      if (!input.courier)
        check.addIssue({ code: 'custom', path: ['courier'], message: 'Courier is required to ship' });
      if (!input.trackingNumber)
        check.addIssue({
          code: 'custom',
          path: ['trackingNumber'],
          message: 'Tracking number (AWB) is required to ship',
        });
    }
    if (input.status === 'cancelled' && !input.note)
      check.addIssue({
        code: 'custom',
        path: ['note'],
        message: 'Please give a reason for the cancellation; the shopper sees it',
      });
  });
export type ChangeSellerOrderStatusInput = z.infer<typeof changeSellerOrderStatusSchema> & {
  status: SellerSettableStatus;
};

const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);
const paymentStatusSchema = z.enum([PAYMENT_STATUS.notPaid, PAYMENT_STATUS.paid, PAYMENT_STATUS.cod]);

export const sellerOrderLineSchema = z.object({
  productId: z.number(),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  slug: z.string(),
  size: z.string().nullable(),
  colour: z.string().nullable(),
  quantity: z.number(),
  /** MRP per piece when ordered, whole rupees. */
  price: z.number(),
  discount: z.number(),
  /** What the shopper pays for the line: the discounted price times the quantity. */
  amount: z.number(),
});
export type SellerOrderLine = z.infer<typeof sellerOrderLineSchema>;

/** One seller's part of an order as its seller sees it. `_id` is the part's id (the path of its other calls). */
export const sellerOrderSchema = z.object({
  _id: z.number(),
  /** The shopper's order code. */
  orderId: z.string(),
  date: z.string(),
  status: deliveryStatusSchema,
  paymentStatus: paymentStatusSchema,
  /** The part's goods total, whole rupees (shipping is the marketplace's). */
  amount: z.number(),
  items: z.number(),
  lines: z.array(sellerOrderLineSchema),
  shippingInfo: orderShippingInfoSchema,
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** Issue 19: when the seller collected a cash-on-delivery part's cash; null before (or for UPI). */
  cashCollectedAt: z.string().nullable().optional(),
});
export type SellerOrder = z.infer<typeof sellerOrderSchema>;

export const orderActorKindSchema = z.enum(['customer', 'seller', 'operator', 'admin', 'system']);

export const sellerOrderEventSchema = z.object({
  status: deliveryStatusSchema,
  at: z.string(),
  actor: orderActorKindSchema,
  courier: z.string().optional(),
  trackingNumber: z.string().optional(),
  note: z.string().optional(),
});
export type SellerOrderEvent = z.infer<typeof sellerOrderEventSchema>;

export const sellerOrderDetailSchema = sellerOrderSchema.extend({
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** The marketplace's commission on this part, fixed when it was placed. */
  commissionPercent: z.number(),
  timeline: z.array(sellerOrderEventSchema),
});
export type SellerOrderDetail = z.infer<typeof sellerOrderDetailSchema>;

export const sellerOrderCountsSchema = z.object(
  Object.fromEntries(SELLER_ORDER_FILTERS.map((filter) => [filter, z.number()])) as Record<
    SellerOrderFilter,
    z.ZodNumber
  >,
);
export type SellerOrderCounts = z.infer<typeof sellerOrderCountsSchema>;

export const sellerOrderListResponseSchema = z.object({
  orders: z.array(sellerOrderSchema),
  /** Parts per state for the tabs (all of the seller's, whatever the filter). */
  counts: sellerOrderCountsSchema,
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
export type SellerOrderListResponse = z.infer<typeof sellerOrderListResponseSchema>;

export const sellerOrderResponseSchema = z.object({ order: sellerOrderDetailSchema });
export type SellerOrderResponse = z.infer<typeof sellerOrderResponseSchema>;

export const changeSellerOrderStatusResponseSchema = z.object({
  message: z.string(),
  order: sellerOrderDetailSchema,
});
export type ChangeSellerOrderStatusResponse = z.infer<typeof changeSellerOrderStatusResponseSchema>;

// ---- Earnings ----------------------------------------------------------------------------------

const dayParam = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

/** Optional range of order dates (India time, both days included) and the breakdown's page. */
export const earningsQuerySchema = z
  .object({ from: dayParam.optional(), to: dayParam.optional(), page: pageSchema })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    path: ['to'],
    message: 'The end date must not be before the start date',
  });
export type EarningsQuery = z.infer<typeof earningsQuerySchema>;

export const earningsOrderSchema = z.object({
  /** The seller part's id. */
  _id: z.number(),
  orderId: z.string(),
  date: z.string(),
  status: deliveryStatusSchema,
  deliveredAt: z.string().nullable(),
  gross: z.number(),
  /** Goods refunded for returned lines (owed or paid back): the seller does not keep them. */
  returns: z.number(),
  commissionPercent: z.number(),
  /** On the goods kept (gross less returns): a return reverses the commission on what came back. */
  commission: z.number(),
  /** Gross less returns less commission. */
  net: z.number(),
  /** Delivered more than RETURN_WINDOW_DAYS ago: the net is due to the seller. */
  settled: z.boolean(),
});
export type EarningsOrder = z.infer<typeof earningsOrderSchema>;

/** Paid, not cancelled parts: goods, returns, commission and what is payable, whole rupees. */
export const earningsResponseSchema = z.object({
  gross: z.number(),
  returns: z.number(),
  commission: z.number(),
  net: z.number(),
  settled: z.number(),
  unsettled: z.number(),
  orders: z.array(earningsOrderSchema),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
export type EarningsResponse = z.infer<typeof earningsResponseSchema>;
