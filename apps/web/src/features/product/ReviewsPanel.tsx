import { Link } from 'react-router-dom';
import { BadgeCheck, ShoppingBag, Star } from 'lucide-react';
import type { ReviewEligibility } from '@bazaar/shared';
import { useGetReviewEligibilityQuery } from '../../api/catalogApi';
import { Stars } from '../../components/ui/Stars';
import { Pagination } from '../../components/product/Pagination';
import type { RatingBucketDto, ReviewDto } from '@bazaar/shared';
import { REVIEWS_PER_PAGE } from '@bazaar/shared/limits';
import { formatReviewDate, ratingHistogram } from './reviewFormat';
import { ReviewForm } from './ReviewForm';

function RatingSummary({
  rating,
  totalReview,
  buckets,
}: {
  rating: number;
  totalReview: number;
  buckets: RatingBucketDto[];
}) {
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:gap-8">
      <div className="flex shrink-0 flex-col items-start gap-1 sm:items-center sm:border-r sm:border-line sm:pr-8">
        <p className="text-4xl font-bold text-ink-900">
          {rating.toFixed(1)}
          <span className="text-lg font-medium text-ink-500"> / 5</span>
        </p>
        <Stars rating={rating} />
        <p className="text-sm text-ink-500" data-testid="review-count">
          {totalReview} {totalReview === 1 ? 'review' : 'reviews'}
        </p>
      </div>
      <ul className="flex flex-1 flex-col gap-1.5" aria-label="Ratings by stars">
        {ratingHistogram(buckets, totalReview).map((bar) => (
          <li key={bar.rating} className="flex items-center gap-2 text-sm">
            <span className="inline-flex w-8 shrink-0 items-center gap-0.5 text-ink-700">
              {bar.rating} <Star size={12} className="fill-ink-500 text-ink-500" aria-hidden="true" />
            </span>
            <span
              className="h-2 flex-1 overflow-hidden rounded-pill bg-line"
              role="meter"
              aria-label={`${bar.rating} star reviews`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={bar.percent}
              aria-valuetext={`${bar.count} reviews`}
            >
              <span
                className={`block h-full rounded-pill ${bar.rating >= 3 ? 'bg-success' : bar.rating === 2 ? 'bg-warning' : 'bg-danger'}`}
                style={{ width: `${bar.percent}%` }}
              />
            </span>
            <span className="w-8 shrink-0 text-right text-ink-500">{bar.count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReviewItem({ review }: { review: ReviewDto }) {
  return (
    <li className="border-b border-line py-4 last:border-b-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} size="sm" />
        <span className="text-sm font-semibold text-ink-900">{review.name}</span>
        {review.verifiedBuyer && (
          <span className="inline-flex items-center gap-1 text-xs font-semibold text-success">
            <BadgeCheck size={14} aria-hidden="true" /> Verified buyer
          </span>
        )}
        <time className="text-xs text-ink-500" dateTime={review.date}>
          {formatReviewDate(review.date)}
        </time>
      </div>
      {/* Plain text on purpose: a review is shopper input and must never be rendered as markup. */}
      <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-ink-700">{review.review}</p>
    </li>
  );
}

/** A failed question shows the form: the server still decides when the review is sent. */
const ASSUME_ELIGIBLE: ReviewEligibility = { canReview: true, message: '' };

/**
 * Whether the signed-in customer may review this product (only verified buyers, once); an accepted review
 * invalidates it, so it is asked again. Null while unknown.
 */
function useReviewEligibility(productId: number, signedIn: boolean) {
  const { currentData, isError } = useGetReviewEligibilityQuery(productId, {
    skip: !signedIn,
    refetchOnMountOrArgChange: true,
  });
  return { eligibility: isError ? ASSUME_ELIGIBLE : (currentData ?? null) };
}

function ReviewAccess({
  productId,
  signedIn,
  onSubmit,
}: {
  productId: number;
  signedIn: boolean;
  onSubmit: (rating: number, review: string) => Promise<boolean>;
}) {
  const { eligibility } = useReviewEligibility(productId, signedIn);
  if (!signedIn)
    return (
      <div className="rounded-card border border-line p-4 text-sm text-ink-700">
        <p className="font-semibold text-ink-900">Bought this product?</p>
        <p className="mt-1">Share your thoughts with other shoppers.</p>
        <Link to="/login" className="btn-dark mt-3">
          Login to review
        </Link>
      </div>
    );
  if (!eligibility) return <div className="skeleton h-40 w-full rounded-card" aria-busy="true" />;
  if (!eligibility.canReview)
    return (
      <div className="rounded-card border border-line p-4 text-sm text-ink-700" data-testid="review-closed">
        <p className="flex items-center gap-2 font-semibold text-ink-900">
          <ShoppingBag size={16} className="text-brand-600" aria-hidden="true" /> Reviews are from verified
          buyers
        </p>
        <p className="mt-1">{eligibility.message}</p>
      </div>
    );
  return <ReviewForm onSubmit={onSubmit} />;
}

export function ReviewsPanel({
  productId,
  rating,
  totalReview,
  buckets,
  reviews,
  page,
  loading,
  onPage,
  signedIn,
  onSubmit,
}: {
  productId: number;
  rating: number;
  totalReview: number;
  buckets: RatingBucketDto[];
  reviews: ReviewDto[];
  page: number;
  loading: boolean;
  onPage: (page: number) => void;
  signedIn: boolean;
  onSubmit: (rating: number, review: string) => Promise<boolean>;
}) {
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_380px]">
      <div className="min-w-0">
        <RatingSummary rating={rating} totalReview={totalReview} buckets={buckets} />
        <div className="mt-6">
          {totalReview === 0 && !loading ? (
            <p className="rounded-card bg-canvas p-4 text-sm text-ink-500">
              No reviews yet. Be the first to review this product.
            </p>
          ) : (
            <ul
              aria-label="Customer reviews"
              aria-busy={loading}
              className={loading ? 'opacity-50' : ''}
              data-testid="review-list"
            >
              {reviews.map((review) => (
                <ReviewItem key={review._id} review={review} />
              ))}
            </ul>
          )}
          <Pagination
            page={page}
            totalItems={totalReview}
            pageSize={REVIEWS_PER_PAGE}
            onChange={onPage}
            label="Review pages"
          />
        </div>
      </div>
      <div>
        <ReviewAccess productId={productId} signedIn={signedIn} onSubmit={onSubmit} />
      </div>
    </div>
  );
}
