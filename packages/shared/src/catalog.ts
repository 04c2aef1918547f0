import { z } from 'zod';
import { idSchema } from './validation';
import {
  LISTING_SORTS,
  MAX_FACET_FILTER_VALUES,
  REVIEW_MAX_LENGTH,
  SEARCH_TEXT_MAX_LENGTH,
  SORT_PRICE_VALUES,
} from './limits';
import { productOptionSchema, siblingDtoSchema, sizeChartSchema, variantDtoSchema } from './variants';

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
 * A facet filter's values: the parameter repeated (`brand=a&brand=b`), comma-separated (`brand=a,b`) or both.
 * Blanks and repeats are dropped and the rest sorted, so every spelling of one filter is one value (the response
 * cache keys on the parsed query). A value cannot itself contain a comma.
 */
function facetValues(field: string) {
  return z.preprocess(
    (value) => {
      if (value === undefined) return undefined;
      const raw: unknown[] = Array.isArray(value) ? value : [value];
      if (!raw.every((item) => typeof item === 'string')) return value;
      const values = [
        ...new Set(
          (raw as string[])
            .flatMap((item) => item.split(','))
            .map((item) => item.trim())
            .filter(Boolean),
        ),
      ].sort();
      return values.length ? values : undefined;
    },
    z
      .array(
        z
          .string({ error: `${field} must be text` })
          .max(100, `${field} values must be at most 100 characters`),
        {
          error: `${field} must be text`,
        },
      )
      .max(MAX_FACET_FILTER_VALUES, `${field} may name at most ${MAX_FACET_FILTER_VALUES} values`)
      .optional(),
  );
}

/**
 * GET /home/query-products. Prices filter and sort on the selling price, i.e. the discounted price
 * the shopper pays (`discountedPrice`), and `rating` is a minimum. Without `sortPrice` a search lists the
 * best matches first and a plain listing the newest products first.
 *
 * Issue 15 adds facet filters and sorts (all optional): `brand`, `size`, `colour` (each a list: values within one
 * facet are OR, facets AND), `discount` (a minimum percent) and `sort` (LISTING_SORTS; it wins over `sortPrice`
 * when both are sent). A product matches a size when it has a variant of that size with stock. The answer
 * carries `facets` when asked (`facets=1`) or when a facet filter is sent, so a spec call (none of these
 * parameters) answers exactly as before and pays nothing for counts it does not show.
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
    brand: facetValues('brand'),
    size: facetValues('size'),
    colour: facetValues('colour'),
    discount: optionalNumber('discount', { min: 1, max: 90, integer: true }),
    sort: z.preprocess(
      blankAsMissing,
      z.enum(LISTING_SORTS, { error: `sort must be one of ${LISTING_SORTS.join(', ')}` }).optional(),
    ),
    facets: z.preprocess(
      blankAsMissing,
      z
        .enum(['1', 'true', '0', 'false'], { error: 'facets must be 1 or 0' })
        .transform((value) => value === '1' || value === 'true')
        .optional(),
    ),
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

export const categoryDtoSchema = z.object({
  _id: z.number(),
  name: z.string(),
  slug: z.string(),
  image: z.string(),
});
export type CategoryDto = z.infer<typeof categoryDtoSchema>;

export const subcategoryGroupDtoSchema = z.object({
  categoryName: z.string(),
  data: z.array(categoryDtoSchema),
});
export type SubcategoryGroupDto = z.infer<typeof subcategoryGroupDtoSchema>;

export const productDtoSchema = z
  .object({
    _id: z.number(),
    slug: z.string(),
    name: z.string(),
    brand: z.string(),
    price: z
      .number()
      .describe('List price in whole rupees; the selling price is discountedPrice(price, discount)'),
    discount: z.number(),
    stock: z.number(),
    rating: z.number(),
    images: z.array(z.string()),
    description: z.string(),
    category: z.string().describe('Subcategory name, e.g. "Kurtas"'),
    categorySlug: z.string(),
    shopName: z.string(),
    sellerId: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: 'Product' });
export type ProductDto = z.infer<typeof productDtoSchema>;

export const productGroupDtoSchema = z.object({
  title: z.string(),
  products: z.array(productDtoSchema),
});
export type ProductGroupDto = z.infer<typeof productGroupDtoSchema>;

export const searchItemDtoSchema = z.object({
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  price: z.number(),
  subcategory: z.string().describe('Subcategory slug, usable as /shops?category={subcategory}'),
  subcategoryName: z.string(),
});
export type SearchItemDto = z.infer<typeof searchItemDtoSchema>;

export const bannerDtoSchema = z.object({
  path: z.string(),
  heading: z.string(),
  description: z.string(),
  buttonText: z.string(),
});
export type BannerDto = z.infer<typeof bannerDtoSchema>;

export const reviewDtoSchema = z.object({
  _id: z.number(),
  rating: z.number(),
  date: z.string(),
  name: z.string(),
  review: z.string(),
  /** Not in the spec: the reviewer had a paid order containing the product (shown as "Verified buyer"). */
  verifiedBuyer: z.boolean(),
});
export type ReviewDto = z.infer<typeof reviewDtoSchema>;

/** Whether the signed-in customer may review a product (GET /home/customer/review-eligibility/:productId). */
export const reviewEligibilitySchema = z.object({
  canReview: z.boolean(),
  /** Why not, in words for the shopper; empty when they may. */
  message: z.string(),
});
export type ReviewEligibility = z.infer<typeof reviewEligibilitySchema>;

export const ratingBucketDtoSchema = z.object({ rating: z.number(), sum: z.number() });
export type RatingBucketDto = z.infer<typeof ratingBucketDtoSchema>;

export const priceRangeDtoSchema = z.object({ low: z.number(), high: z.number() });
export type PriceRangeDto = z.infer<typeof priceRangeDtoSchema>;

/** Carousels come in slides of a few products each. */
const slidesSchema = z.array(z.array(productDtoSchema));

export const categoriesResponseSchema = z.object({ categorys: z.array(categoryDtoSchema) });
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

export const subcategoryGroupsResponseSchema = z.object({
  gkSubcategory: z.array(subcategoryGroupDtoSchema),
});
export type SubcategoryGroupsResponse = z.infer<typeof subcategoryGroupsResponseSchema>;

export const homeProductGroupsResponseSchema = z.object({ gkProducts: z.array(productGroupDtoSchema) });
export type HomeProductGroupsResponse = z.infer<typeof homeProductGroupsResponseSchema>;

export const homeProductsResponseSchema = z.object({
  products: z.array(productDtoSchema),
  latest_product: slidesSchema,
  topRated_product: slidesSchema,
  discount_product: slidesSchema,
});
export type HomeProductsResponse = z.infer<typeof homeProductsResponseSchema>;

/**
 * The product of the product page: every listing field, plus its sizes (issue 15). `variants` are in size-run order
 * (one default variant, size null, for a product without sizes); `sizeChart` is null without sizes; `siblings` are
 * the same style in every colour, this product included (`current`).
 */
export const productDetailsDtoSchema = productDtoSchema
  .extend({
    options: z.array(productOptionSchema),
    variants: z.array(variantDtoSchema),
    sizeChart: sizeChartSchema.nullable(),
    siblings: z.array(siblingDtoSchema),
    shopSlug: z.string().optional().describe('Issue 16: the shop\'s page is /shop/{shopSlug} ("Sold by")'),
  })
  .meta({ id: 'ProductDetails' });
export type ProductDetailsDto = z.infer<typeof productDetailsDtoSchema>;

export const productDetailsResponseSchema = z.object({
  product: productDetailsDtoSchema,
  relatedProducts: z.array(productDtoSchema),
  similarProducts: z.array(productDtoSchema),
  moreProducts: z.array(productDtoSchema),
});
export type ProductDetailsResponse = z.infer<typeof productDetailsResponseSchema>;

export const priceRangeResponseSchema = z.object({
  latest_product: slidesSchema,
  priceRange: priceRangeDtoSchema,
});
export type PriceRangeResponse = z.infer<typeof priceRangeResponseSchema>;

/** One value of a facet and how many products have it among those matching every other active filter. */
export const facetCountSchema = z.object({ value: z.string(), count: z.number() });
export type FacetCount = z.infer<typeof facetCountSchema>;

/**
 * The listing's facets (issue 15). Each facet's counts are over the products matching all the OTHER active
 * filters (category, search, price, rating and the other facets), so a shopper sees what adding a value would give.
 * Values a filter names are always listed, with 0 if nothing has them. Brands and colours come most common first,
 * sizes in size-run order (`sizeRank`): a product counts for a size when it has that size in stock. Discount counts
 * products with at least that percent off, for each of DISCOUNT_STEPS.
 */
export const listingFacetsSchema = z
  .object({
    brand: z.array(facetCountSchema),
    size: z.array(facetCountSchema),
    colour: z.array(
      facetCountSchema.extend({ hex: z.string().describe('"#rrggbb" for the dot (colourHex)') }),
    ),
    discount: z.array(z.object({ value: z.number().describe('Minimum percent off'), count: z.number() })),
  })
  .meta({ id: 'ListingFacets' });
export type ListingFacets = z.infer<typeof listingFacetsSchema>;
export type ColourFacetCount = ListingFacets['colour'][number];
export type DiscountFacetCount = ListingFacets['discount'][number];

export const productQueryResponseSchema = z.object({
  products: z.array(productDtoSchema),
  totalProduct: z.number(),
  parPage: z.number(),
  facets: listingFacetsSchema
    .optional()
    .describe('Issue 15: counts per filter value (see ListingFacets), when asked or a facet filter is sent'),
  totalProductCapped: z
    .boolean()
    .optional()
    .describe('Searches only: true when there are more than totalProduct matches ("1,200+ results")'),
});
export type ProductQueryResponse = z.infer<typeof productQueryResponseSchema>;

export const searchSuggestionsResponseSchema = z.object({ homeSearch: z.array(searchItemDtoSchema) });
export type SearchSuggestionsResponse = z.infer<typeof searchSuggestionsResponseSchema>;

export const bannersResponseSchema = z.object({ data: z.object({ banners: z.array(bannerDtoSchema) }) });
export type BannersResponse = z.infer<typeof bannersResponseSchema>;

export const productReviewsResponseSchema = z.object({
  reviews: z.array(reviewDtoSchema),
  totalReview: z.number(),
  rating_review: z.array(ratingBucketDtoSchema),
});
export type ProductReviewsResponse = z.infer<typeof productReviewsResponseSchema>;
