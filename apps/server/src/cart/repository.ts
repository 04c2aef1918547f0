import { MAX_UNITS_PER_PRODUCT } from '@bazaar/shared';
import type { Expression, ExpressionBuilder } from 'kysely';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';

/** All SQL of the cart. Every statement that touches a line is scoped to its customer. */

export { purchasableVariant } from '../catalog/repository';

/** A cart line's variant: which product, which size. */
export interface LineVariantRef {
  productId: number;
  variantId: number;
}

/**
 * Adds `quantity` of a variant, or raises the quantity of the customer's existing line of it, in one statement
 * whose conditions re-read the variant's stock, so concurrent adds can never push a line above stock or above
 * MAX_UNITS_PER_PRODUCT (callers refuse a `quantity` above that cap themselves). Returns false when the resulting
 * quantity would exceed either (or the variant is not the product's).
 */
export async function addOrRaiseLine(
  db: DB,
  customerId: number,
  { productId, variantId }: LineVariantRef,
  quantity: number,
): Promise<boolean> {
  const row = await db
    .insertInto('cart_items')
    .columns(['customer_id', 'product_id', 'variant_id', 'quantity', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('product_variants')
        // Typed casts: PostgreSQL cannot infer parameter types in an INSERT … SELECT list.
        .select([
          eb.cast<number>(eb.val(customerId), 'integer').as('customer_id'),
          'product_variants.product_id',
          'product_variants.id as variant_id',
          eb.cast<number>(eb.val(quantity), 'integer').as('quantity'),
          eb.cast<string>(eb.val(nowIso()), 'text').as('created_at'),
        ])
        .where('product_variants.id', '=', variantId)
        .where('product_variants.product_id', '=', productId)
        .where('product_variants.stock', '>=', quantity),
    )
    .onConflict((oc) =>
      oc
        .columns(['customer_id', 'variant_id'])
        .doUpdateSet((eb) => ({ quantity: eb('cart_items.quantity', '+', eb.ref('excluded.quantity')) }))
        .where((eb) =>
          eb.and([
            eb(
              eb('cart_items.quantity', '+', eb.ref('excluded.quantity')),
              '<=',
              eb
                .selectFrom('product_variants')
                .select('product_variants.stock')
                .whereRef('product_variants.id', '=', 'excluded.variant_id'),
            ),
            eb(eb('cart_items.quantity', '+', eb.ref('excluded.quantity')), '<=', MAX_UNITS_PER_PRODUCT),
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** One cart line as the cart page shows it, typed by the query from the tables it reads. */
export type CartLineRow = Awaited<ReturnType<typeof listCartLines>>[number];

/** The customer's lines with their variant, product, shop and category, oldest first. */
export function listCartLines(db: DB, customerId: number) {
  return db
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    .innerJoin('product_variants as v', 'v.id', 'ci.variant_id')
    .innerJoin('sellers as s', 's.id', 'p.seller_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'ci.id as lineId',
      'ci.quantity',
      'p.id as productId',
      'p.slug',
      'p.name',
      'p.brand',
      'p.price',
      'p.discount',
      'p.stock',
      'p.rating',
      'p.colour',
      'v.id as variantId',
      'v.size',
      'v.stock as variantStock',
      'p.visible',
      's.id as sellerId',
      's.shop_name as shopName',
      'c.name as category',
    ])
    .where('ci.customer_id', '=', customerId)
    .orderBy('ci.id')
    .execute();
}

export { imagesByProduct } from '../catalog/repository';

/**
 * One conditional UPDATE that re-reads the variant's stock: parallel increments serialise on the row
 * and each re-checks the condition, so the quantity can never pass stock or MAX_UNITS_PER_PRODUCT. False when
 * nothing changed.
 */
export async function incrementLine(db: DB, customerId: number, lineId: number): Promise<boolean> {
  const row = await db
    .updateTable('cart_items')
    .set((eb) => ({ quantity: eb('quantity', '+', 1) }))
    .where('id', '=', lineId)
    .where('customer_id', '=', customerId)
    .where('quantity', '<', MAX_UNITS_PER_PRODUCT)
    .where((eb) =>
      eb(
        eb('quantity', '+', 1),
        '<=',
        eb
          .selectFrom('product_variants')
          .select('product_variants.stock')
          .whereRef('product_variants.id', '=', 'cart_items.variant_id'),
      ),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Lowers the quantity by one, never below 1. False when nothing changed. */
export async function decrementLine(db: DB, customerId: number, lineId: number): Promise<boolean> {
  const row = await db
    .updateTable('cart_items')
    .set((eb) => ({ quantity: eb('quantity', '-', 1) }))
    .where('id', '=', lineId)
    .where('customer_id', '=', customerId)
    .where('quantity', '>', 1)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The quantity of one of the customer's lines, by line id or by variant; undefined when there is no such line. */
export async function lineQuantity(
  db: DB,
  customerId: number,
  line: { lineId: number } | { variantId: number },
): Promise<number | undefined> {
  const row = await db
    .selectFrom('cart_items')
    .select('quantity')
    .where('customer_id', '=', customerId)
    .where((eb) => ('lineId' in line ? eb('id', '=', line.lineId) : eb('variant_id', '=', line.variantId)))
    .executeTakeFirst();
  return row?.quantity;
}

/** One of the customer's lines with its variant; undefined when there is no such line. */
export function findLine(db: DB, customerId: number, lineId: number) {
  return db
    .selectFrom('cart_items')
    .select(['id', 'product_id', 'variant_id', 'quantity'])
    .where('customer_id', '=', customerId)
    .where('id', '=', lineId)
    .executeTakeFirst();
}

/** The smaller of two integer expressions, as a CASE (SQLite's min() and PostgreSQL's least() differ in name). */
function atMost(
  eb: ExpressionBuilder<Database, 'cart_items'>,
  value: Expression<number>,
  cap: Expression<number>,
) {
  return eb.case().when(value, '>', cap).then(cap).else(value).end();
}

/** The stock of a variant, as a subquery. */
function stockOfVariant(eb: ExpressionBuilder<Database, 'cart_items'>, variantId: number) {
  return eb
    .selectFrom('product_variants')
    .select('product_variants.stock')
    .where('product_variants.id', '=', variantId)
    .$asScalar()
    .$notNull();
}

/**
 * Moves a line to another variant of its product that has stock, in one conditional UPDATE (re-reading the new
 * variant's product and stock); the quantity comes down to that stock if it was above it. False when nothing
 * changed: the line is gone, the variant is not the line's product's, or it is sold out.
 */
export async function moveLineToVariant(
  db: DB,
  customerId: number,
  lineId: number,
  variantId: number,
): Promise<boolean> {
  const row = await db
    .updateTable('cart_items')
    .set((eb) => ({
      variant_id: variantId,
      quantity: atMost(eb, eb.ref('cart_items.quantity'), stockOfVariant(eb, variantId)),
    }))
    .where('id', '=', lineId)
    .where('customer_id', '=', customerId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('product_variants')
          .select('product_variants.id')
          .where('product_variants.id', '=', variantId)
          .whereRef('product_variants.product_id', '=', 'cart_items.product_id')
          .where('product_variants.stock', '>', 0),
      ),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds `quantity` to the customer's line of a variant (another line merging into it), up to the variant's stock and
 * MAX_UNITS_PER_PRODUCT; false when there is no such line or the variant has sold out.
 */
export async function raiseLineOfVariant(
  db: DB,
  customerId: number,
  variantId: number,
  quantity: number,
): Promise<boolean> {
  const row = await db
    .updateTable('cart_items')
    .set((eb) => ({
      quantity: atMost(
        eb,
        atMost(eb, eb('cart_items.quantity', '+', quantity), eb.lit(MAX_UNITS_PER_PRODUCT)),
        stockOfVariant(eb, variantId),
      ),
    }))
    .where('customer_id', '=', customerId)
    .where('variant_id', '=', variantId)
    .where((eb) => eb(stockOfVariant(eb, variantId), '>', 0))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteLine(db: DB, customerId: number, lineId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('cart_items')
    .where('id', '=', lineId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes the customer's lines whose variant (size) has sold out; returns how many went. */
export async function deleteSoldOutLines(db: DB, customerId: number): Promise<number> {
  const result = await db
    .deleteFrom('cart_items')
    .where('customer_id', '=', customerId)
    .where((eb) =>
      eb.or([
        eb('variant_id', 'in', eb.selectFrom('product_variants').select('id').where('stock', '<=', 0)),
        // Lines of products shoppers can no longer buy (hidden by the seller or the marketplace) sit with the sold-out
        // ones, so they go with them.
        eb('product_id', 'in', eb.selectFrom('products').select('id').where('visible', '=', 0)),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The customer's cart lines with each product's name and its variant's stock, in (product, variant) order (the
 * order checkout takes stock in): all of them, or only the lines with these ids.
 */
export function cartLinesWithStock(db: DB, customerId: number, lineIds?: readonly number[]) {
  let query = db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .innerJoin('product_variants', 'product_variants.id', 'cart_items.variant_id')
    .select([
      'cart_items.id as lineId',
      'cart_items.product_id as productId',
      'cart_items.variant_id as variantId',
      'cart_items.quantity',
      'products.name',
      'product_variants.size',
      'product_variants.stock',
    ])
    .where('cart_items.customer_id', '=', customerId);
  if (lineIds) query = query.where('cart_items.id', 'in', lineIds);
  return query.orderBy('cart_items.product_id').orderBy('cart_items.variant_id').execute();
}

/** Deletes these lines of the customer (an order took them); answers how many there were. */
export async function removeCartLines(
  db: DB,
  customerId: number,
  lineIds: readonly number[],
): Promise<number> {
  if (lineIds.length === 0) return 0;
  const result = await db
    .deleteFrom('cart_items')
    .where('customer_id', '=', customerId)
    .where('id', 'in', lineIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Removes the order's variants (the sizes ordered) from the customer's cart; running it again removes nothing
 * more.
 */
export async function removeProductsOfOrder(db: DB, customerId: number, orderId: number): Promise<number> {
  const result = await db
    .deleteFrom('cart_items')
    .where('customer_id', '=', customerId)
    .where('variant_id', 'in', (eb) =>
      eb
        .selectFrom('order_items')
        .select('order_items.variant_id')
        .where('order_items.customer_order_id', '=', orderId)
        .where('order_items.variant_id', 'is not', null),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
