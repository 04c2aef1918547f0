import {
  REVIEWS_PER_PAGE,
  roundRating,
  type RatingBucketDto,
  type ReviewDto,
  type SubmitReviewInput,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import type { SessionUser } from '../auth/session';
import { nowIso } from '../db/database';
import { conflict, notFound } from '../http/errors';
import * as repo from './repository';

type Ctx = Pick<AppContext, 'db'>;

export const ALREADY_REVIEWED = 'You have already reviewed this product';

/** Stars from 5 down to 1, each with how many reviews gave it (zero included). */
export function ratingHistogram(counts: Array<{ rating: number; count: number }>): RatingBucketDto[] {
  return [5, 4, 3, 2, 1].map((rating) => ({
    rating,
    sum: counts.find((c) => c.rating === rating)?.count ?? 0,
  }));
}

export async function productReviews(ctx: Ctx, productId: number, pageNo: number) {
  if (!(await repo.productExists(ctx, productId))) throw notFound('Product not found');
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
  }));
  const rating_review = ratingHistogram(counts);
  return { reviews, totalReview: rating_review.reduce((sum, b) => sum + b.sum, 0), rating_review };
}

/** Adds the customer's one review of a product and, in the same transaction, recomputes its rating. */
export async function submitReview(ctx: Ctx, customer: SessionUser, input: SubmitReviewInput): Promise<void> {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.productExists({ db: trx }, input.productId))) throw notFound('Product not found');
      if (await repo.hasReviewed(trx, input.productId, customer.id)) throw conflict(ALREADY_REVIEWED);
      await repo.insertReview(trx, {
        productId: input.productId,
        customerId: customer.id,
        name: customer.name,
        rating: input.rating,
        review: input.review,
        createdAt: nowIso(),
      });
      const stats = await repo.reviewStats(trx, input.productId);
      await repo.updateProductRating(trx, input.productId, roundRating(stats.average), stats.count);
    });
  } catch (error) {
    // Two simultaneous submissions both pass the check; the unique index stops the second one.
    if (isUniqueViolation(error)) throw conflict(ALREADY_REVIEWED);
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
