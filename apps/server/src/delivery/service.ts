import {
  deliveryMessages,
  estimateDelivery,
  type DeliveryEstimate,
  type DeliveryEstimateQuery,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import * as repo from './repository';

/** Whether the product's seller delivers to the pincode and by when (the rule: @bazaar/shared delivery.ts). */
export async function deliveryEstimate(
  ctx: AppContext,
  query: DeliveryEstimateQuery,
): Promise<DeliveryEstimate> {
  const product = await repo.productPickup(ctx.db, query.productId);
  if (!product) throw notFound(deliveryMessages.productNotFound);
  return estimateDelivery({ ...query, pickupPincode: product.pickup_pincode, now: ctx.clock() });
}
