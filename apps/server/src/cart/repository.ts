import { MAX_UNITS_PER_PRODUCT } from '@bazaar/shared';
import type { DB } from '../db/database';
import { nowIso } from '../db/database';

/** All SQL of the cart. Every statement that touches a line is scoped to its customer. */

export function findProductStock(db: DB, productId: number) {
  return db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirst();
}

/**
 * Adds `quantity` of a product, or raises the quantity of the customer's existing line, in one statement
 * whose conditions re-read the product's stock, so concurrent adds can never push a line above stock or above
 * MAX_UNITS_PER_PRODUCT (callers refuse a `quantity` above that cap themselves). Returns false when the resulting
 * quantity would exceed either (or the product does not exist).
 */
export async function addOrRaiseLine(
  db: DB,
  customerId: number,
  productId: number,
  quantity: number,
): Promise<boolean> {
  const row = await db
    .insertInto('cart_items')
    .columns(['customer_id', 'product_id', 'quantity', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('products')
        // Typed casts: PostgreSQL cannot infer parameter types in an INSERT … SELECT list.
        .select([
          eb.cast<number>(eb.val(customerId), 'integer').as('customer_id'),
          'products.id as product_id',
          eb.cast<number>(eb.val(quantity), 'integer').as('quantity'),
          eb.cast<string>(eb.val(nowIso()), 'text').as('created_at'),
        ])
        .where('products.id', '=', productId)
        .where('products.stock', '>=', quantity),
    )
    .onConflict((oc) =>
      oc
        .columns(['customer_id', 'product_id'])
        .doUpdateSet((eb) => ({ quantity: eb('cart_items.quantity', '+', eb.ref('excluded.quantity')) }))
        .where((eb) =>
          eb.and([
            eb(
              eb('cart_items.quantity', '+', eb.ref('excluded.quantity')),
              '<=',
              eb
                .selectFrom('products')
                .select('products.stock')
                .whereRef('products.id', '=', 'excluded.product_id'),
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

/** The customer's lines with their product, shop and category, oldest first. */
export function listCartLines(db: DB, customerId: number) {
  return db
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
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
 * One conditional UPDATE that re-reads the product's stock: parallel increments serialise on the row
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
          .selectFrom('products')
          .select('products.stock')
          .whereRef('products.id', '=', 'cart_items.product_id'),
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

/** The quantity of one of the customer's lines, by line id or by product; undefined when there is no such line. */
export async function lineQuantity(
  db: DB,
  customerId: number,
  line: { lineId: number } | { productId: number },
): Promise<number | undefined> {
  const row = await db
    .selectFrom('cart_items')
    .select('quantity')
    .where('customer_id', '=', customerId)
    .where((eb) => ('lineId' in line ? eb('id', '=', line.lineId) : eb('product_id', '=', line.productId)))
    .executeTakeFirst();
  return row?.quantity;
}

export async function deleteLine(db: DB, customerId: number, lineId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('cart_items')
    .where('id', '=', lineId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes the customer's lines whose product has sold out; returns how many went. */
export async function deleteSoldOutLines(db: DB, customerId: number): Promise<number> {
  const result = await db
    .deleteFrom('cart_items')
    .where('customer_id', '=', customerId)
    .where('product_id', 'in', (eb) => eb.selectFrom('products').select('id').where('stock', '<=', 0))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The customer's cart lines with each product's name and stock, in product order (the order checkout takes stock
 * in): all of them, or only the lines with these ids.
 */
export function cartLinesWithStock(db: DB, customerId: number, lineIds?: readonly number[]) {
  let query = db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .select([
      'cart_items.id as lineId',
      'cart_items.product_id as productId',
      'cart_items.quantity',
      'products.name',
      'products.stock',
    ])
    .where('cart_items.customer_id', '=', customerId);
  if (lineIds) query = query.where('cart_items.id', 'in', lineIds);
  return query.orderBy('cart_items.product_id').execute();
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

/** Removes the order's products from the customer's cart; running it again removes nothing more. */
export async function removeProductsOfOrder(db: DB, customerId: number, orderId: number): Promise<number> {
  const result = await db
    .deleteFrom('cart_items')
    .where('customer_id', '=', customerId)
    .where('product_id', 'in', (eb) =>
      eb
        .selectFrom('order_items')
        .select('order_items.product_id')
        .where('order_items.customer_order_id', '=', orderId),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
