import { z } from 'zod';
import { MAX_UNITS_PER_PRODUCT } from './limits';
import { idSchema } from './validation';
import { indianDate } from './deliveryRules';
import { MAX_PHOTO_BYTES, PHOTO_FORMATS } from './photos';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Cancellations, returns and refunds (issue 19): what a shopper may ask for, the states a return moves through,
 * and the refunds owed to shoppers, with the policy's 7–10 business-day promise. The server enforces these; the
 * pages show only what they allow.
 */

// ---- Cancellation -----------------------------------------------------------------------------

/** Why a shopper cancels, chosen from a list (the seller and the timeline read it). */
export const CANCEL_REASONS = [
  'Ordered by mistake',
  'Found a better price elsewhere',
  'Delivery is taking too long',
  'Want to change the size or colour',
  'Want to change the delivery address',
  'Other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Body of cancel-order: optional `sellerId` to cancel only that shop's part, optional reason. */
export const cancelOrderSchema = z
  .object({
    sellerId: idSchema.optional(),
    reason: z.enum(CANCEL_REASONS, { error: 'is not one of the listed reasons' }).optional(),
  })
  .default({});
export type CancelOrderInput = z.output<typeof cancelOrderSchema>;

export const cancelOrderResponseSchema = z.object({
  message: z.string(),
  /** Whole rupees now owed back to the shopper (0 for an unpaid order). */
  refundAmount: z.number(),
});
export type CancelOrderResponse = z.infer<typeof cancelOrderResponseSchema>;

// ---- Returns ----------------------------------------------------------------------------------

/** Why a shopper returns a line. */
export const RETURN_REASONS = [
  'Size too small',
  'Size too large',
  'Damaged or defective',
  'Different from the photos',
  'Wrong item received',
  'Quality not as expected',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/**
 * A return's states: `requested` by the shopper → `approved` or `rejected` (with a reason) by the seller → the
 * courier `picked_up` the parcel → the seller `received` it, which owes the shopper the refund of those lines.
 */
export const RETURN_STATES = ['requested', 'approved', 'rejected', 'picked_up', 'received'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** The moves a seller makes, by current state. */
export const RETURN_TRANSITIONS: Readonly<Record<ReturnState, readonly ReturnState[]>> = {
  requested: ['approved', 'rejected'],
  approved: ['picked_up'],
  picked_up: ['received'],
  received: [],
  rejected: [],
};

export const returnLabels: Record<ReturnState, { status: string; action: string }> = {
  requested: { status: 'Return requested', action: 'Request return' },
  approved: { status: 'Return approved', action: 'Approve' },
  rejected: { status: 'Return rejected', action: 'Reject' },
  picked_up: { status: 'Picked up', action: 'Mark picked up' },
  received: { status: 'Return received', action: 'Mark received' },
};

export const returnMessages = {
  notFound: 'Return not found',
  partNotDelivered: 'Items can be returned only after they are delivered',
  windowOver: (days: number) => `The ${days}-day return window for these items has closed`,
  tooMany: (name: string, left: number) =>
    left > 0 ? `You can return at most ${left} of ${name}` : `${name} has already been returned`,
  unknownLine: 'One of the items is not part of this order',
  requested: 'Return requested. The shop will review it shortly.',
  illegal: (from: ReturnState, to: ReturnState) =>
    `This return is "${returnLabels[from].status}", so "${returnLabels[to].action}" is not possible.`,
  changed: 'This return was changed by someone else. Refresh to see its state.',
  updated: 'Return updated',
  notReceived: 'Items can be put back on sale only after the return is received',
  alreadyRestocked: 'These items are already back on sale',
  restocked: 'The returned items are back on sale in their sizes',
  photoNotFound: 'Photo not found',
  photosNotYours:
    'One of the photos was not uploaded by you or is already part of another return. Upload it again.',
  photosOnePart: 'Photos can go with the items of one shop at a time. Send one return per shop.',
  tooManyPendingPhotos: (limit: number) =>
    `You have ${limit} photos waiting to be sent with a return. Send that return or remove some before adding more.`,
  photoAttached: 'This photo is part of a sent return and can no longer be removed',
  photoRemoved: 'Photo removed',
} as const;

// ---- Return photos ----------------------------------------------------------------------------

/** Photos a shopper may send with one return (issue 19: "an optional photo"). */
export const MAX_RETURN_PHOTOS = 3;
/**
 * Photos a shopper may have uploaded but not yet sent with a return: enough for a few forms open at once, not
 * enough to use the shop as free storage. Unsent photos are removed after RETURN_PHOTO_UNSENT_HOURS.
 */
export const MAX_UNSENT_RETURN_PHOTOS = 3 * MAX_RETURN_PHOTOS;
export const RETURN_PHOTO_UNSENT_HOURS = 24;
/** The largest return photo file: the same as a seller's product photo. */
export const MAX_RETURN_PHOTO_BYTES = MAX_PHOTO_BYTES;

/**
 * A return photo as the pages show it. Its URLs are of the viewer's own authorised route (the shopper's, the
 * seller's or staff's): a return photo is never public.
 */
export const returnPhotoSchema = z
  .object({
    _id: z.number(),
    /** The largest WebP rendition (at most 1280 px wide). */
    url: z.string(),
    /** The narrowest WebP rendition, for thumbnails. */
    thumbnailUrl: z.string(),
    width: z.number(),
    height: z.number(),
  })
  .meta({ id: 'ReturnPhoto' });
export type ReturnPhotoDto = z.infer<typeof returnPhotoSchema>;

export const returnPhotoResponseSchema = z.object({ photo: returnPhotoSchema });
export type ReturnPhotoResponse = z.infer<typeof returnPhotoResponseSchema>;
export const returnPhotoIdParamsSchema = z.object({ photoId: idSchema });

/** One rendition of a return photo: `<width>.<format>`, e.g. `320.webp`. */
export const returnPhotoFileSchema = z
  .string()
  .regex(
    new RegExp(`^[1-9][0-9]{0,4}\\.(?:${PHOTO_FORMATS.join('|')})$`),
    'must be a rendition such as 320.webp',
  );
export const returnPhotoFileParamsSchema = z.object({ photoId: idSchema, file: returnPhotoFileSchema });
export const sellerReturnPhotoFileParamsSchema = returnPhotoFileParamsSchema.extend({ id: idSchema });

export const returnRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        orderItemId: idSchema,
        quantity: z.coerce
          .number({ error: 'must be a number' })
          .int('must be a whole number')
          .min(1, 'must be at least 1')
          .max(MAX_UNITS_PER_PRODUCT, 'is more than was ordered'),
      }),
    )
    .min(1, 'Choose at least one item to return')
    .max(100, 'has too many items'),
  reason: z.enum(RETURN_REASONS, { error: 'is not one of the listed reasons' }),
  comment: z.string().trim().max(500, 'must be at most 500 characters').optional(),
  /** Photos the shopper uploaded for this return (POST /home/customer/return-photos); optional. */
  photoIds: z
    .array(idSchema)
    .max(MAX_RETURN_PHOTOS, `may name at most ${MAX_RETURN_PHOTOS} photos`)
    .refine((ids) => new Set(ids).size === ids.length, 'names a photo twice')
    .optional(),
});
export type ReturnRequestInput = z.output<typeof returnRequestSchema>;

export const returnLineSchema = z.object({
  orderItemId: z.number(),
  name: z.string(),
  image: z.string(),
  size: z.string().nullable(),
  quantity: z.number(),
  /** What the shopper paid for these units, whole rupees. */
  amount: z.number(),
});

export const returnSchema = z
  .object({
    _id: z.number(),
    orderId: z.string(),
    partId: z.number(),
    shopName: z.string(),
    state: z.enum(RETURN_STATES),
    reason: z.string(),
    comment: z.string().nullable(),
    /** The seller's reason when rejected. */
    decisionReason: z.string().nullable(),
    restocked: z.boolean(),
    /** Goods of the returned lines (shipping is not refunded on a return: the delivery was made). */
    amount: z.number(),
    lines: z.array(returnLineSchema),
    /** What the shopper photographed (at most MAX_RETURN_PHOTOS). */
    photos: z.array(returnPhotoSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Return' });
export type ReturnDto = z.infer<typeof returnSchema>;

export const returnRequestResponseSchema = z.object({
  message: z.string(),
  returns: z.array(returnSchema),
});
export type ReturnRequestResponse = z.infer<typeof returnRequestResponseSchema>;

/** The seller's list: filter by state, page by page. */
export const SELLER_RETURN_FILTERS = ['all', ...RETURN_STATES] as const;
export const sellerReturnListQuerySchema = z.object({
  state: z
    .enum(SELLER_RETURN_FILTERS, { error: `must be one of ${SELLER_RETURN_FILTERS.join(', ')}` })
    .default('all'),
  page: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .max(10_000)
    .default(1),
});
export type SellerReturnListQuery = z.output<typeof sellerReturnListQuerySchema>;
export const RETURNS_PAGE_SIZE = 20;

export const sellerReturnListResponseSchema = z.object({
  returns: z.array(returnSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type SellerReturnListResponse = z.infer<typeof sellerReturnListResponseSchema>;
export type SellerReturnFilter = (typeof SELLER_RETURN_FILTERS)[number];

export const returnIdParamsSchema = z.object({ id: idSchema });

/** The seller's move: approve, reject (with a reason the shopper reads), picked up, received. */
export const changeReturnStateSchema = z
  .object({
    state: z.enum(['approved', 'rejected', 'picked_up', 'received'], {
      error: 'must be approved, rejected, picked_up or received',
    }),
    reason: z.string().trim().max(300, 'must be at most 300 characters').optional(),
  })
  .refine((input) => input.state !== 'rejected' || (input.reason?.length ?? 0) >= 3, {
    path: ['reason'],
    message: 'Tell the shopper why the return is rejected',
  });
export type ChangeReturnStateInput = z.output<typeof changeReturnStateSchema>;

/** Putting a received return's units back on sale takes nothing but the return's id: an empty body. */
export const restockReturnSchema = z.object({});

export const returnResponseSchema = z.object({ message: z.string(), return: returnSchema });
export type ReturnResponse = z.infer<typeof returnResponseSchema>;

// ---- Refunds ----------------------------------------------------------------------------------

export const REFUND_REASONS = ['cancellation', 'return', 'late_payment'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_STATES = ['pending', 'refunded'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** The policy's promise: refunds reach the shopper in 7–10 business days. */
export const REFUND_BUSINESS_DAYS = { min: 7, max: 10 } as const;

export const refundReasonLabels: Record<RefundReason, string> = {
  cancellation: 'Cancelled items',
  return: 'Returned items',
  late_payment: 'Payment received after cancellation',
};

/**
 * The date `days` banking days (Monday to Friday: banks settle no refunds at weekends) after the India date of
 * `from`, as YYYY-MM-DD: the day a refund owed at `from` is promised by. Bank holidays are not counted out.
 */
export function addBankingDays(from: string | Date, days: number): string {
  let at = Date.parse(`${indianDate(new Date(from))}T00:00:00Z`);
  for (let left = days; left > 0;) {
    at += DAY_MS;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(at).toISOString().slice(0, 10);
}

export const refundSchema = z
  .object({
    _id: z.number(),
    orderId: z.string(),
    shopName: z.string().nullable(),
    amount: z.number(),
    reason: z.enum(REFUND_REASONS),
    state: z.enum(REFUND_STATES),
    /** The bank or UPI reference, once refunded. */
    reference: z.string().nullable(),
    createdAt: z.string(),
    refundedAt: z.string().nullable(),
    /** YYYY-MM-DD: REFUND_BUSINESS_DAYS.max banking days after it was owed. */
    expectedBy: z.string(),
  })
  .meta({ id: 'Refund' });
export type RefundDto = z.infer<typeof refundSchema>;

export const customerRefundsQuerySchema = z.object({
  /** Only the refunds of this order (Order Details). */
  orderId: z.string().trim().min(1).max(40).optional(),
});
export const customerRefundsResponseSchema = z.object({ refunds: z.array(refundSchema) });
export type CustomerRefundsResponse = z.infer<typeof customerRefundsResponseSchema>;

export const adminRefundListQuerySchema = z.object({
  state: z.enum(['all', ...REFUND_STATES], { error: 'must be all, pending or refunded' }).default('pending'),
  page: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .max(100_000)
    .default(1),
});
export type AdminRefundListQuery = z.output<typeof adminRefundListQuerySchema>;
export const REFUNDS_PAGE_SIZE = 25;

/**
 * The return a refund pays back, as operators see it before paying: why the shopper sent it, which lines and the
 * shopper's photos (URLs of the staff route).
 */
export const refundReturnSchema = returnSchema
  .pick({ _id: true, state: true, reason: true, comment: true, lines: true, photos: true, createdAt: true })
  .meta({ id: 'RefundReturn' });
export type RefundReturnDto = z.infer<typeof refundReturnSchema>;

export const adminRefundSchema = refundSchema.extend({
  customer: z.object({ _id: z.number(), name: z.string(), email: z.string().nullable() }),
  /** The return this refund pays back; null for a cancellation's or a late payment's refund. */
  return: refundReturnSchema.nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;
export const adminRefundListResponseSchema = z.object({
  refunds: z.array(adminRefundSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminRefundListResponse = z.infer<typeof adminRefundListResponseSchema>;

/** A bank or UPI reference: a UTR, an NEFT/IMPS reference, letters and digits. */
export const recordRefundSchema = z.object({
  reference: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9/-]{5,39}$/,
      'must be the 6–40 letters and digits of the bank or UPI reference',
    ),
});
export type RecordRefundInput = z.output<typeof recordRefundSchema>;

export const refundMessages = {
  notFound: 'Refund not found',
  latePayment: 'The order was already cancelled: the payment is recorded as a refund owed to the shopper',
  recorded: 'Refund recorded',
  otherReference: (reference: string) => `This refund was already recorded with reference ${reference}`,
} as const;

export const recordRefundResponseSchema = z.object({ message: z.string(), refund: adminRefundSchema });
export type RecordRefundResponse = z.infer<typeof recordRefundResponseSchema>;

/** Order Details: what the shopper may still do with each shop's part of an order. */
export const orderPartSchema = z.object({
  _id: z.number(),
  sellerId: z.number(),
  shopName: z.string(),
  status: z.string(),
  /** Until this part is shipped the shopper may cancel it. */
  cancellable: z.boolean(),
  deliveredAt: z.string().nullable(),
  /** The last moment a return may be asked for (delivery + RETURN_WINDOW_DAYS), when delivered. */
  returnableUntil: z.string().nullable(),
});
export type OrderPart = z.infer<typeof orderPartSchema>;

/** Order Details: a line's id, its part, and how much of it is under return in which state. */
export const orderLineReturnsSchema = z.object({
  orderItemId: z.number(),
  partId: z.number(),
  /** Units not yet in a return (rejected returns give them back). */
  returnable: z.number(),
  returns: z.array(
    z.object({
      returnId: z.number(),
      state: z.enum(RETURN_STATES),
      quantity: z.number(),
      /** The photos the shopper sent with that return (URLs of the shopper's own route). */
      photos: z.array(returnPhotoSchema),
    }),
  ),
});
export type OrderLineReturns = z.infer<typeof orderLineReturnsSchema>;
