import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';

type Ctx = Pick<AppContext, 'db'>;

export async function productExists(ctx: Ctx, productId: number): Promise<boolean> {
  const row = await ctx.db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
  return row !== undefined;
}

export async function reviewsPage(ctx: Ctx, productId: number, limit: number, offset: number) {
  return ctx.db
    .selectFrom('reviews')
    .select(['id', 'rating', 'created_at', 'name', 'review', 'verified_purchase'])
    .where('product_id', '=', productId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many reviews gave each star count, e.g. [{ rating: 5, count: 12 }, …] (absent stars are missing). */
export async function starCounts(
  ctx: Ctx,
  productId: number,
): Promise<Array<{ rating: number; count: number }>> {
  const rows = await ctx.db
    .selectFrom('reviews')
    .select((eb) => ['rating', eb.fn.countAll<number>().as('count')])
    .where('product_id', '=', productId)
    .groupBy('rating')
    .execute();
  return rows.map((r) => ({ rating: Number(r.rating), count: Number(r.count) }));
}

/** Whether the customer has a paid order containing the product. */
export async function hasPaidOrderWith(
  ctx: Ctx,
  customerId: number,
  productId: number,
  paid: string,
): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('order_items')
    .innerJoin('customer_orders', 'customer_orders.id', 'order_items.customer_order_id')
    .select('order_items.id')
    .where('customer_orders.customer_id', '=', customerId)
    .where('customer_orders.payment_status', '=', paid)
    .where('order_items.product_id', '=', productId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasReviewed(
  trx: Kysely<Database>,
  productId: number,
  customerId: number,
): Promise<boolean> {
  const row = await trx
    .selectFrom('reviews')
    .select('id')
    .where('product_id', '=', productId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertReview(
  trx: Transaction<Database>,
  review: {
    productId: number;
    customerId: number;
    name: string;
    rating: number;
    review: string;
    verifiedPurchase: boolean;
    createdAt: string;
  },
): Promise<void> {
  await trx
    .insertInto('reviews')
    .values({
      product_id: review.productId,
      customer_id: review.customerId,
      name: review.name,
      rating: review.rating,
      review: review.review,
      verified_purchase: review.verifiedPurchase ? 1 : 0,
      created_at: review.createdAt,
    })
    .execute();
}

export async function reviewStats(
  trx: Transaction<Database>,
  productId: number,
): Promise<{ average: number; count: number }> {
  const row = await trx
    .selectFrom('reviews')
    .select((eb) => [eb.fn.avg<number>('rating').as('average'), eb.fn.countAll<number>().as('count')])
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return { average: Number(row.average ?? 0), count: Number(row.count) };
}

export async function updateProductRating(
  trx: Transaction<Database>,
  productId: number,
  rating: number,
  reviewCount: number,
): Promise<void> {
  await trx
    .updateTable('products')
    .set({ rating, review_count: reviewCount })
    .where('id', '=', productId)
    .execute();
}
