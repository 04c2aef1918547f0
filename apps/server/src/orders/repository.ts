import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import { imagesByProduct } from '../catalog/repository';
import type { CustomerOrderTable, OrderItemTable, SellerOrderTable } from './tables';

/** The database or an open transaction. */
type Executor = Kysely<Database>;

export type CustomerOrderRow = Selectable<CustomerOrderTable>;
export type OrderLineRow = Selectable<OrderItemTable> & { shop_name: string };

/** A product as an order needs it: current price and stock, its seller and shop, and its category names. */
export interface ProductForOrder {
  id: number;
  name: string;
  brand: string;
  slug: string;
  price: number;
  discount: number;
  stock: number;
  seller_id: number;
  shop_name: string;
  category: string;
  category_group: string | null;
}

export function findOrderByIdempotencyKey(db: Executor, customerId: number, key: string) {
  return db
    .selectFrom('customer_orders')
    .select(['order_code', 'price', 'shipping_fee', 'items'])
    .where('customer_id', '=', customerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The customer's cart lines with each product's stock, in product order (the order stock is taken in). */
export function cartLinesWithStock(db: Executor, customerId: number) {
  return db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .select(['cart_items.product_id as productId', 'cart_items.quantity', 'products.name', 'products.stock'])
    .where('cart_items.customer_id', '=', customerId)
    .orderBy('cart_items.product_id')
    .execute();
}

export function productsForOrder(db: Executor, productIds: number[]): Promise<ProductForOrder[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('products')
    .innerJoin('sellers', 'sellers.id', 'products.seller_id')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .leftJoin('categories as category_groups', 'category_groups.id', 'categories.parent_id')
    .select([
      'products.id',
      'products.name',
      'products.brand',
      'products.slug',
      'products.price',
      'products.discount',
      'products.stock',
      'products.seller_id',
      'sellers.shop_name',
      'categories.name as category',
      'category_groups.name as category_group',
    ])
    .where('products.id', 'in', productIds)
    .execute();
}

/** The first image of each product (by position). */
export async function firstImages(db: Executor, productIds: number[]): Promise<Map<number, string>> {
  const images = await imagesByProduct(db, productIds);
  return new Map([...images].map(([productId, urls]) => [productId, urls[0]]));
}

export async function orderCodeExists(db: Executor, code: string): Promise<boolean> {
  const row = await db.selectFrom('customer_orders').select('id').where('order_code', '=', code).executeTakeFirst();
  return row !== undefined;
}

export async function insertCustomerOrder(trx: Executor, values: Insertable<CustomerOrderTable>): Promise<number> {
  const row = await trx.insertInto('customer_orders').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertSellerOrder(trx: Executor, values: Insertable<SellerOrderTable>): Promise<number> {
  const row = await trx.insertInto('seller_orders').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertOrderItems(trx: Executor, items: Insertable<OrderItemTable>[]): Promise<void> {
  if (items.length) await trx.insertInto('order_items').values(items).execute();
}

/**
 * Takes `quantity` off the stock only if that much is left, in a single conditional update, so concurrent
 * orders can never drive stock below zero. False when there was not enough.
 */
export async function takeStock(trx: Executor, productId: number, quantity: number): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('id', '=', productId)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function returnStock(trx: Executor, productId: number, quantity: number): Promise<void> {
  await trx
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('id', '=', productId)
    .execute();
}

export async function currentStock(db: Executor, productId: number): Promise<number> {
  const row = await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirst();
  return row?.stock ?? 0;
}

/** Deletes the customer's cart lines of these products; answers how many there were. */
export async function removeCartLines(trx: Executor, customerId: number, productIds: number[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const result = await trx
    .deleteFrom('cart_items')
    .where('customer_id', '=', customerId)
    .where('product_id', 'in', productIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The customer's orders, newest first, optionally only one delivery status and at most `limit` of them. */
export function listCustomerOrders(
  db: Executor,
  customerId: number,
  options: { deliveryStatus?: string; limit?: number } = {},
): Promise<CustomerOrderRow[]> {
  let query = db
    .selectFrom('customer_orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (options.deliveryStatus) query = query.where('delivery_status', '=', options.deliveryStatus);
  if (options.limit) query = query.limit(options.limit);
  return query.execute();
}

export function findCustomerOrder(db: Executor, customerId: number, orderCode: string) {
  return db
    .selectFrom('customer_orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('order_code', '=', orderCode)
    .executeTakeFirst();
}

/** The lines of several orders, each with its shop's name, in one query, in the order they were written. */
export function itemsOfOrders(db: Executor, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_items')
    .innerJoin('seller_orders', 'seller_orders.id', 'order_items.seller_order_id')
    .selectAll('order_items')
    .select('seller_orders.shop_name')
    .where('order_items.customer_order_id', 'in', orderIds)
    .orderBy('order_items.customer_order_id')
    .orderBy('order_items.id')
    .execute();
}

/** Each seller's part of an order with what the invoice prints about the seller. */
export function sellerPartsOfOrder(db: Executor, orderId: number) {
  return db
    .selectFrom('seller_orders')
    .innerJoin('sellers', 'sellers.id', 'seller_orders.seller_id')
    .select([
      'seller_orders.id',
      'seller_orders.shop_name',
      'seller_orders.price',
      'sellers.name as seller_name',
      'sellers.email as seller_email',
      'sellers.city as seller_city',
    ])
    .where('seller_orders.customer_order_id', '=', orderId)
    .orderBy('seller_orders.id')
    .execute();
}

/** Total, pending and cancelled order counts in one query. */
export async function orderCounts(db: Executor, customerId: number) {
  const row = await db
    .selectFrom('customer_orders')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .sum<number | null>(eb.case().when('delivery_status', '=', 'pending').then(1).else(0).end())
        .as('pending'),
      eb.fn
        .sum<number | null>(eb.case().when('delivery_status', '=', 'cancelled').then(1).else(0).end())
        .as('cancelled'),
    ])
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), pending: Number(row.pending ?? 0), cancelled: Number(row.cancelled ?? 0) };
}

/** Marks an unpaid, not yet cancelled order (and its seller parts) cancelled; its id, or undefined when it was paid, already cancelled or missing. */
export async function cancelIfUnpaid(
  trx: Executor,
  orderCode: string,
  statuses: { notPaid: string; cancelled: string },
  now: string,
): Promise<number | undefined> {
  const row = await trx
    .updateTable('customer_orders')
    .set({ delivery_status: statuses.cancelled, updated_at: now })
    .where('order_code', '=', orderCode)
    .where('payment_status', '=', statuses.notPaid)
    .where('delivery_status', '!=', statuses.cancelled)
    .returning('id')
    .executeTakeFirst();
  if (!row) return undefined;
  await trx
    .updateTable('seller_orders')
    .set({ delivery_status: statuses.cancelled })
    .where('customer_order_id', '=', row.id)
    .execute();
  return row.id;
}

export function quantitiesOfOrder(trx: Executor, orderId: number) {
  return trx
    .selectFrom('order_items')
    .select(['product_id', 'quantity'])
    .where('customer_order_id', '=', orderId)
    .orderBy('product_id')
    .execute();
}
