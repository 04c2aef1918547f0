import {
  sql,
  type ExpressionBuilder,
  type InsertObject,
  type Insertable,
  type Kysely,
  type Selectable,
} from 'kysely';
import { PAYMENT_STATUS, type DeliveryStatus } from '@bazaar/shared';
import type { Dialect } from '../db/database';
import type { Database } from '../db/schema';
import type { CustomerOrderTable, OrderItemTable, SellerOrderTable } from './tables';

/** The database or an open transaction. */
type Executor = Kysely<Database>;

export type CustomerOrderRow = Selectable<CustomerOrderTable>;
export type OrderLineRow = Selectable<OrderItemTable> & Pick<Selectable<SellerOrderTable>, 'shop_name'>;

/** The order's columns that do not come from the delivery address. */
export type OrderHeader = Omit<
  Insertable<CustomerOrderTable>,
  | 'shipping_name'
  | 'shipping_phone'
  | 'shipping_alternate_phone'
  | 'shipping_address'
  | 'shipping_landmark'
  | 'shipping_locality'
  | 'shipping_city'
  | 'shipping_state'
  | 'shipping_pincode'
>;

/** What an order answers with when it is asked for again (a retried key or a repeated submission). */
const PLACED_ORDER_COLUMNS = ['order_code', 'price', 'shipping_fee', 'cod_fee', 'items'] as const;
export type PlacedOrder = Pick<
  CustomerOrderRow,
  Exclude<(typeof PLACED_ORDER_COLUMNS)[number], 'cod_fee'>
> & {
  /** Absent on a new order's header (it is UPI until cash on delivery is chosen). */
  cod_fee?: number;
};

export function findOrderByIdempotencyKey(db: Executor, customerId: number, key: string) {
  return db
    .selectFrom('customer_orders')
    .select(PLACED_ORDER_COLUMNS)
    .where('customer_id', '=', customerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The customer's latest order placed since `since` (ISO time) from a keyless request with this fingerprint. */
export function findRecentOrderByFingerprint(
  db: Executor,
  customerId: number,
  fingerprint: string,
  since: string,
) {
  return db
    .selectFrom('customer_orders')
    .select(PLACED_ORDER_COLUMNS)
    .where('customer_id', '=', customerId)
    .where('request_fingerprint', '=', fingerprint)
    .where('created_at', '>=', since)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Serialises one customer's order placements until the transaction ends, so each placement counts the open unpaid
 * orders, and looks for a repeated submission, with the placements before it committed. PostgreSQL: a row lock on
 * the customer (NO KEY UPDATE, so it does not block rows that merely reference the customer). SQLite needs none:
 * the driver runs one transaction at a time, and a transaction's first write takes the database's write lock.
 */
export async function lockCustomerForOrdering(
  trx: Executor,
  dialect: Dialect,
  customerId: number,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('customers').select('id').where('id', '=', customerId).forNoKeyUpdate().execute();
}

/** Orders of the customer that are neither paid nor cancelled: each still holds its stock. */
export async function countOpenUnpaidOrders(
  db: Executor,
  customerId: number,
  statuses: OpenUnpaidStatuses,
): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => openUnpaidCount(eb, customerId, statuses).as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface OpenUnpaidStatuses {
  notPaid: string;
  cancelled: string;
}

/** The count as a subquery, built from the enclosing statement's expression builder (so it is part of it). */
function openUnpaidCount(
  eb: Pick<ExpressionBuilder<Database, never>, 'selectFrom'>,
  customerId: number,
  statuses: OpenUnpaidStatuses,
) {
  return eb
    .selectFrom('customer_orders as open_order')
    .select((count) => count.fn.countAll<number>().as('count'))
    .where('open_order.customer_id', '=', customerId)
    .where('open_order.payment_status', '=', statuses.notPaid)
    .where('open_order.delivery_status', '!=', statuses.cancelled)
    .$asScalar();
}

/**
 * Inserts the order with the delivery address copied from the customer's own address book, in one statement
 * (INSERT … SELECT). Any unique conflict — the idempotency key already used, or (very rarely) the random order code
 * taken — inserts nothing; so does an address that is not the customer's, and a customer who already has
 * `maxOpenUnpaid` open unpaid orders. The new order's id, or undefined.
 */
export async function insertCustomerOrderFromAddress(
  trx: Executor,
  header: OrderHeader,
  addressId: number,
  openUnpaid: OpenUnpaidStatuses & { max: number },
): Promise<number | undefined> {
  const row = await trx
    .insertInto('customer_orders')
    .columns([
      'order_code',
      'customer_id',
      'price',
      'shipping_fee',
      'items',
      'payment_status',
      'delivery_status',
      'idempotency_key',
      'request_fingerprint',
      'created_at',
      'updated_at',
      'shipping_name',
      'shipping_phone',
      'shipping_alternate_phone',
      'shipping_address',
      'shipping_landmark',
      'shipping_locality',
      'shipping_city',
      'shipping_state',
      'shipping_pincode',
    ])
    .expression((eb) =>
      eb
        .selectFrom('addresses')
        .select([
          // Typed explicitly: PostgreSQL cannot infer a parameter's type from a SELECT list.
          eb.cast<string>(eb.val(header.order_code), 'text').as('order_code'),
          eb.cast<number>(eb.val(header.customer_id), 'integer').as('customer_id'),
          eb.cast<number>(eb.val(header.price), 'integer').as('price'),
          eb.cast<number>(eb.val(header.shipping_fee), 'integer').as('shipping_fee'),
          eb.cast<number>(eb.val(header.items), 'integer').as('items'),
          eb.cast<string>(eb.val(header.payment_status), 'text').as('payment_status'),
          eb.cast<string>(eb.val(header.delivery_status), 'text').as('delivery_status'),
          eb.cast<string>(eb.val(header.idempotency_key), 'text').as('idempotency_key'),
          eb
            .cast<string | null>(eb.val(header.request_fingerprint ?? null), 'text')
            .as('request_fingerprint'),
          eb.cast<string>(eb.val(header.created_at), 'text').as('created_at'),
          eb.cast<string>(eb.val(header.updated_at), 'text').as('updated_at'),
          'addresses.name',
          'addresses.phonenumber',
          'addresses.alternatephonenumber',
          'addresses.address',
          'addresses.landmark',
          'addresses.locality',
          'addresses.city_dist_town',
          'addresses.state',
          'addresses.pincode',
        ])
        .where('addresses.customer_id', '=', header.customer_id)
        .where('addresses.id', '=', addressId)
        .where((where) => where(openUnpaidCount(where, header.customer_id, openUnpaid), '<', openUnpaid.max)),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * The seller's commission rate as a subquery, for a part's insert to snapshot it without a lookup first (raw SQL,
 * as a query builder here would count as a statement of its own to the statement-counting tests).
 */
export function commissionPercentOf(sellerId: number) {
  return sql<number>`(select commission_percent from sellers where id = ${sellerId})`;
}

/** The sellers' parts of an order, in one statement; each part's id by its seller. */
export async function insertSellerOrders(
  trx: Executor,
  parts: InsertObject<Database, 'seller_orders'>[],
): Promise<Map<number, number>> {
  const rows = await trx.insertInto('seller_orders').values(parts).returning(['id', 'seller_id']).execute();
  return new Map(rows.map((row) => [row.seller_id, row.id]));
}

export async function insertOrderItems(trx: Executor, items: Insertable<OrderItemTable>[]): Promise<void> {
  if (items.length) await trx.insertInto('order_items').values(items).execute();
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
  return {
    total: Number(row.total),
    pending: Number(row.pending ?? 0),
    cancelled: Number(row.cancelled ?? 0),
  };
}

/** The sellers of an order's parts (cancelled parts too), and whether each accepts cash on delivery. */
export function sellersOfOrder(db: Executor, orderId: number) {
  return db
    .selectFrom('seller_orders')
    .innerJoin('sellers', 'sellers.id', 'seller_orders.seller_id')
    .select(['seller_orders.id as part_id', 'sellers.id', 'sellers.shop_name', 'sellers.accepts_cod'])
    .where('seller_orders.customer_order_id', '=', orderId)
    .orderBy('seller_orders.id')
    .execute();
}

/**
 * Makes an open unpaid order cash on delivery with its fee, only if it is still unpaid and pending (a payment
 * verified meanwhile, or the reservation's end, wins instead). Whether it did.
 */
export async function markOrderCod(
  trx: Executor,
  orderId: number,
  codFee: number,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('customer_orders')
    .set({ payment_method: 'cod', cod_fee: codFee, payment_status: PAYMENT_STATUS.cod, updated_at: now })
    .where('id', '=', orderId)
    .where('payment_status', '=', PAYMENT_STATUS.notPaid)
    .where('delivery_status', '=', 'pending' satisfies DeliveryStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
