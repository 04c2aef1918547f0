import { z } from 'zod';
import { idSchema } from './validation';
import { REVIEW_MAX_LENGTH, SEARCH_TEXT_MAX_LENGTH, SORT_PRICE_VALUES } from './limits';

/** Ratings are shown in half stars, so a product's rating is its review average rounded to the nearest 0.5. */
export function roundRating(average: number): number {
  return Math.round(average * 2) / 2;
}

/** Query strings carry `rating=` when a filter is cleared; a blank value means "not set". */
const blankAsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

function optionalNumber(field: string, options: { min: number; max: number; integer: boolean }) {
  let schema = z.coerce
    .number({ error: `${field} must be a number` })
    .min(options.min, `${field} must be at least ${options.min}`)
    .max(options.max, `${field} must be at most ${options.max}`);
  if (options.integer) schema = schema.int(`${field} must be a whole number`);
  return z.preprocess(blankAsMissing, schema.optional());
}

const optionalText = (field: string, max: number) =>
  z.preprocess(
    blankAsMissing,
    z
      .string({ error: `${field} must be text` })
      .trim()
      .max(max, `${field} must be at most ${max} characters`)
      .optional(),
  );

/**
 * GET /home/query-products. Prices filter and sort on the selling price, i.e. the discounted price
 * the shopper pays (`discountedPrice`), and `rating` is a minimum. Without `sortPrice` a search lists the
 * best matches first and a plain listing the newest products first.
 */
export const productQuerySchema = z
  .object({
    category: optionalText('category', 100),
    rating: optionalNumber('rating', { min: 0, max: 5, integer: false }),
    lowPrice: optionalNumber('lowPrice', { min: 0, max: 10_000_000, integer: true }),
    highPrice: optionalNumber('highPrice', { min: 0, max: 10_000_000, integer: true }),
    sortPrice: z.preprocess(
      blankAsMissing,
      z
        .enum(SORT_PRICE_VALUES, { error: `sortPrice must be one of ${SORT_PRICE_VALUES.join(', ')}` })
        .optional(),
    ),
    pageNumber: z.preprocess(
      blankAsMissing,
      z.coerce
        .number({ error: 'pageNumber must be a number' })
        .int('pageNumber must be a whole number')
        .min(1, 'pageNumber must be at least 1')
        .max(100_000, 'pageNumber must be at most 100000')
        .default(1),
    ),
    searchValue: optionalText('searchValue', SEARCH_TEXT_MAX_LENGTH),
  })
  .refine((q) => q.lowPrice === undefined || q.highPrice === undefined || q.lowPrice <= q.highPrice, {
    message: 'lowPrice must not be greater than highPrice',
    path: ['lowPrice'],
  });
export type ProductQueryInput = z.output<typeof productQuerySchema>;

/** GET /home/get_search_products?value=… — blank asks for popular items. */
export const searchSuggestionQuerySchema = z.object({
  value: z.preprocess(
    (value) => (value === undefined ? '' : value),
    z
      .string({ error: 'value must be text' })
      .trim()
      .max(SEARCH_TEXT_MAX_LENGTH, `value must be at most ${SEARCH_TEXT_MAX_LENGTH} characters`),
  ),
});

/** GET /home/get-product/{slug or id}. Slugs are lower case, so any spelling of one names the same product. */
export const productRefSchema = z.object({
  slugOrId: z
    .string()
    .trim()
    .min(1, 'Product slug or id is required')
    .max(200, 'Product slug is too long')
    .regex(/^[a-z0-9-]+$/i, 'Product slug may only contain letters, digits and hyphens')
    .toLowerCase(),
});

export const reviewsQuerySchema = z.object({
  pageNo: z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ error: 'pageNo must be a number' })
      .int('pageNo must be a whole number')
      .min(1, 'pageNo must be at least 1')
      .max(100_000, 'pageNo must be at most 100000')
      .default(1),
  ),
});

export const productIdParamSchema = z.object({ productId: idSchema });

/** POST /home/customer/submit-review. The reviewer's name comes from the session, never from the body. */
export const submitReviewSchema = z.object({
  productId: idSchema,
  rating: z.coerce
    .number({ error: 'rating must be a number' })
    .int('rating must be a whole number of stars')
    .min(1, 'rating must be between 1 and 5')
    .max(5, 'rating must be between 1 and 5'),
  review: z
    .string({ error: 'review is required' })
    .trim()
    .min(1, 'Please write a review')
    .max(REVIEW_MAX_LENGTH, `review must be at most ${REVIEW_MAX_LENGTH} characters`),
});
export type SubmitReviewInput = z.output<typeof submitReviewSchema>;

export const reviewMessages = {
  added: 'Review added',
  alreadyReviewed: 'You have already reviewed this product',
  notABuyer:
    'Only customers who bought this product can review it. You can write a review once your order with it is paid.',
  productNotFound: 'Product not found',
} as const;

/** GET /media/{key}: a stored picture's key (apps/server/src/storage says which keys exist). */
export const mediaParamsSchema = z.object({ '*': z.string() });

/* Response shapes of the catalogue calls (spec §3 and §7 field names). */

export interface CategoryDto {
  _id: number;
  name: string;
  slug: string;
  image: string;
}

export interface SubcategoryGroupDto {
  categoryName: string;
  data: CategoryDto[];
}

export interface ProductDto {
  _id: number;
  slug: string;
  name: string;
  brand: string;
  /** List price in whole rupees; the selling price is `discountedPrice(price, discount)`. */
  price: number;
  discount: number;
  stock: number;
  rating: number;
  images: string[];
  description: string;
  /** Subcategory name, e.g. "Kurtas". */
  category: string;
  categorySlug: string;
  shopName: string;
  sellerId: number;
  createdAt: string;
}

export interface ProductGroupDto {
  title: string;
  products: ProductDto[];
}

export interface SearchItemDto {
  name: string;
  slug: string;
  image: string;
  price: number;
  /** Subcategory slug, usable as /shops?category={subcategory}. */
  subcategory: string;
  subcategoryName: string;
}

export interface BannerDto {
  path: string;
  heading: string;
  description: string;
  buttonText: string;
}

export interface ReviewDto {
  _id: number;
  rating: number;
  date: string;
  name: string;
  review: string;
  /** Not in the spec: the reviewer had a paid order containing the product (shown as "Verified buyer"). */
  verifiedBuyer: boolean;
}

/** Whether the signed-in customer may review a product (GET /home/customer/review-eligibility/:productId). */
export interface ReviewEligibility {
  canReview: boolean;
  /** Why not, in words for the shopper; empty when they may. */
  message: string;
}

export interface RatingBucketDto {
  rating: number;
  sum: number;
}

export interface PriceRangeDto {
  low: number;
  high: number;
}
