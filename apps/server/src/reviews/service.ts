import {
  PAYMENT_STATUS,
  REVIEWS_PER_PAGE,
  reviewMessages,
  roundRating,
  type RatingBucketDto,
  type ReviewDto,
  type ReviewEligibility,
  type SubmitReviewInput,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import type { SessionUser } from '../auth/session';
import { nowIso } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { conflict, forbidden, notFound } from '../http/errors';
import * as repo from './repository';

type Ctx = Pick<AppContext, 'db'>;

/** Stars from 5 down to 1, each with how many reviews gave it (zero included). */
export function ratingHistogram(counts: Array<{ rating: number; count: number }>): RatingBucketDto[] {
  return [5, 4, 3, 2, 1].map((rating) => ({
    rating,
    sum: counts.find((c) => c.rating === rating)?.count ?? 0,
  }));
}

export async function productReviews(ctx: Ctx, productId: number, pageNo: number) {
  if (!(await repo.productExists(ctx, productId))) throw notFound(reviewMessages.productNotFound);
  const [rows, counts] = await Promise.all([
    repo.reviewsPage(ctx, productId, REVIEWS_PER_PAGE, (pageNo - 1) * REVIEWS_PER_PAGE),
    repo.starCounts(ctx, productId),
  ]);
  const reviews: ReviewDto[] = rows.map((r) => ({
    _id: r.id,
    rating: r.rating,
    date: r.created_at,
    name: r.name,
    review: r.review,
    verifiedBuyer: r.verified_purchase === 1,
  }));
  const rating_review = ratingHistogram(counts);
  return { reviews, totalReview: rating_review.reduce((sum, b) => sum + b.sum, 0), rating_review };
}

/**
 * Why the customer may not review the product (a message for them), or null when they may: only verified buyers
 * (a paid order containing it), once each. A paid order stays paid, so the answer cannot turn while a review is saved.
 */
async function refusalToReview(ctx: Ctx, customerId: number, productId: number): Promise<string | null> {
  if (!(await repo.productExists(ctx, productId))) throw notFound(reviewMessages.productNotFound);
  if (!(await repo.hasPaidOrderWith(ctx, customerId, productId, PAYMENT_STATUS.paid)))
    return reviewMessages.notABuyer;
  if (await repo.hasReviewed(ctx.db, productId, customerId)) return reviewMessages.alreadyReviewed;
  return null;
}

/** What the product page shows a signed-in customer: the review form, or why there is none. */
export async function reviewEligibility(
  ctx: Ctx,
  customerId: number,
  productId: number,
): Promise<ReviewEligibility> {
  const refusal = await refusalToReview(ctx, customerId, productId);
  return { canReview: refusal === null, message: refusal ?? '' };
}

/** Adds a verified buyer's one review of a product and, in the same transaction, recomputes its rating. */
export async function submitReview(ctx: Ctx, customer: SessionUser, input: SubmitReviewInput): Promise<void> {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const refusal = await refusalToReview({ db: trx }, customer.id, input.productId);
      if (refusal === reviewMessages.notABuyer) throw forbidden(refusal, 'NOT_A_BUYER');
      if (refusal !== null) throw conflict(refusal, 'ALREADY_REVIEWED');
      await repo.insertReview(trx, {
        productId: input.productId,
        customerId: customer.id,
        name: customer.name,
        rating: input.rating,
        review: input.review,
        verifiedPurchase: true,
        createdAt: nowIso(),
      });
      const stats = await repo.reviewStats(trx, input.productId);
      await repo.updateProductRating(trx, input.productId, roundRating(stats.average), stats.count);
    });
  } catch (error) {
    // Two simultaneous submissions both pass the check; the unique index stops the second one.
    if (isUniqueViolation(error)) throw conflict(reviewMessages.alreadyReviewed, 'ALREADY_REVIEWED');
    throw error;
  }
}
