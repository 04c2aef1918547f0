import { z } from 'zod';
import {
  addBusinessDays,
  DELIVERY_POLICY,
  deliveryMessages,
  indianDate,
  PINCODE_PATTERN,
  pincodeRegion,
} from './deliveryRules';

// The rule itself (regions, business days, the estimate, the messages) is zod-free in deliveryRules.ts
// (`@bazaar/shared/deliveryRules`), so the product page can use it without loading zod: building a zod object schema
// probes for eval, which the shop's CSP refuses. The request and answer schemas follow.
export * from './deliveryRules';

export const pincodeSchema = z
  .string({ error: deliveryMessages.invalidPincode })
  .trim()
  .regex(PINCODE_PATTERN, deliveryMessages.invalidPincode);

/** GET /home/delivery-estimate?productId=…&pincode=… */
export const deliveryEstimateQuerySchema = z.object({
  productId: z.coerce
    .number({ error: 'productId must be a number' })
    .int('productId must be a whole number')
    .min(1, 'productId must be at least 1'),
  pincode: pincodeSchema,
});
export type DeliveryEstimateQuery = z.infer<typeof deliveryEstimateQuerySchema>;

/** Earliest and latest delivery dates (YYYY-MM-DD, India) of one service. */
export const deliveryWindowSchema = z.object({ from: z.string(), to: z.string() });
export type DeliveryWindow = z.infer<typeof deliveryWindowSchema>;

export const deliveryEstimateSchema = z
  .object({
    productId: z.number(),
    pincode: z.string(),
    deliverable: z.boolean(),
    /** The pincode's postal region; null for a prefix no region uses. */
    region: z.string().nullable(),
    /** The seller ships from the same region (one day faster). */
    sameRegion: z.boolean(),
    /** Null when not deliverable. */
    standard: deliveryWindowSchema.nullable(),
    express: deliveryWindowSchema.nullable(),
    /** What to show: "Delivery by Fri, 28 Nov" or "Not deliverable to this pincode". */
    message: z.string(),
  })
  .meta({ id: 'DeliveryEstimate' });
export type DeliveryEstimate = z.infer<typeof deliveryEstimateSchema>;

/**
 * The estimate for a parcel from a seller's pickup pincode (null when the seller has none on file: no same-region
 * saving) to `pincode`, ordered at `now`.
 */
export function estimateDelivery(input: {
  productId: number;
  pincode: string;
  pickupPincode: string | null;
  now: Date;
}): DeliveryEstimate {
  const destination = pincodeRegion(input.pincode);
  const base = { productId: input.productId, pincode: input.pincode, region: destination?.name ?? null };
  if (!destination?.serviceable) {
    return {
      ...base,
      deliverable: false,
      sameRegion: false,
      standard: null,
      express: null,
      message: deliveryMessages.notDeliverable,
    };
  }
  const origin = input.pickupPincode ? pincodeRegion(input.pickupPincode) : undefined;
  const sameRegion = origin === destination;
  const saving = sameRegion ? DELIVERY_POLICY.sameRegionSaving : 0;
  const today = indianDate(input.now);
  const [firstDispatch, lastDispatch] = DELIVERY_POLICY.processingDays;
  const window = ([min, max]: readonly [number, number]): DeliveryWindow => ({
    from: addBusinessDays(today, firstDispatch + min - saving),
    to: addBusinessDays(today, lastDispatch + max - saving),
  });
  const standard = window(DELIVERY_POLICY.standardDays);
  return {
    ...base,
    deliverable: true,
    sameRegion,
    standard,
    express: window(DELIVERY_POLICY.expressDays),
    message: deliveryMessages.deliveryBy(standard.to),
  };
}
