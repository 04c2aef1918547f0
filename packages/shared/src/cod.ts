import { z } from 'zod';
import { formatRupees } from './pricing';

/**
 * Cash on delivery (issue 19): a payment method each seller opts into, offered for an order when every seller in it
 * accepts cash and the order's value is within the marketplace's limit; an optional fee is added to what the
 * shopper pays. UPI stays the default: the spec's palce-order payload places a UPI order unless it asks for COD.
 */

export const PAYMENT_METHODS = ['upi', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The marketplace's defaults, until an admin changes them on /admin/settings. */
export const DEFAULT_COD_LIMIT = 5000;
export const DEFAULT_COD_FEE = 0;
export const MAX_COD_LIMIT = 100_000;
export const MAX_COD_FEE = 500;

export const codMessages = {
  notOffered: 'Cash on delivery is not available for this order',
  sellerDoesNotAccept: (shops: readonly string[]) =>
    `${shops.join(', ')} ${shops.length === 1 ? 'does' : 'do'} not accept cash on delivery`,
  aboveLimit: (limit: number) => `Cash on delivery is available for orders up to ${formatRupees(limit)}`,
  notPayable: 'This order can no longer be paid by cash on delivery',
  placed: 'Order placed: pay in cash when it is delivered',
  notCod: 'This part is not paid by cash on delivery',
  alreadyCollected: 'The cash for this part was already collected',
  notDeliveredYet: 'Mark the part shipped before collecting its cash',
  collected: 'Cash collected: the part counts in your earnings',
  /** The timeline's note when collecting the cash delivers the part. */
  collectedNote: 'Delivered, cash collected',
  settingsSaved: 'Settings saved',
  sellerCodSaved: (accepts: boolean) =>
    accepts ? 'Cash on delivery is on for your shop' : 'Cash on delivery is off for your shop',
} as const;

/** Whether an order may still be paid in cash on delivery, and if not why; what the shopper would pay. */
export const codAvailabilitySchema = z.object({
  available: z.boolean(),
  /** Why it is not offered; null when it is. */
  reason: z.string().nullable(),
  fee: z.number(),
  limit: z.number(),
  /** Goods, shipping and the COD fee: what the shopper pays the courier. */
  total: z.number(),
});
export type CodAvailability = z.infer<typeof codAvailabilitySchema>;

export const codPlacedResponseSchema = z.object({
  message: z.string(),
  orderId: z.string(),
  total: z.number(),
});
export type CodPlacedResponse = z.infer<typeof codPlacedResponseSchema>;

const rupeesSchema = (max: number) =>
  z
    .number({ error: 'must be a number' })
    .int('must be whole rupees')
    .min(0, 'must be at least 0')
    .max(max, `must be at most ${max}`);

export const marketplaceSettingsSchema = z.object({
  /** The largest order value (goods and shipping) that may be paid by cash on delivery, rupees. */
  codLimit: rupeesSchema(MAX_COD_LIMIT),
  /** Added to a COD order, rupees. */
  codFee: rupeesSchema(MAX_COD_FEE),
});
export type MarketplaceSettings = z.infer<typeof marketplaceSettingsSchema>;

export const marketplaceSettingsResponseSchema = z.object({
  message: z.string().optional(),
  settings: marketplaceSettingsSchema,
});
export type MarketplaceSettingsResponse = z.infer<typeof marketplaceSettingsResponseSchema>;

export const sellerCodSchema = z.object({ acceptsCod: z.boolean({ error: 'must be true or false' }) });
export type SellerCodInput = z.infer<typeof sellerCodSchema>;
