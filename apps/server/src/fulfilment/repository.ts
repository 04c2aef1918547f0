import { sql, type Insertable, type Updateable } from 'kysely';
import { PAYMENT_STATUS, type DeliveryStatus } from '@bazaar/shared';
import type { DB } from '../db/database';
import type { OrderEventTable, RefundTable, SellerOrderTable } from '../orders/tables';

/** All SQL of fulfilment (issue 16): sellers' parts of orders, their events, refunds of cancelled parts, earnings. */

const CANCELLED: DeliveryStatus = 'cancelled';

/**
 * Takes the order's row lock for the rest of the transaction (PostgreSQL: the row; SQLite: the first write takes
 * the database's write lock), so changes to parts of one order run one at a time and each derives the order's
 * status from parts the others have committed. False when there is no such order.
 */
export async function lockOrder(trx: DB, orderId: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('customer_orders')
    .set({ updated_at: now })
    .where('id', '=', orderId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A seller's part by id, whoever's it is (the caller compares the seller). */
export function findPart(db: DB, partId: number) {
  return db
    .selectFrom('seller_orders')
    .select([
      'id',
      'customer_order_id',
      'seller_id',
      'delivery_status',
      'payment_status',
      'price',
      'cash_collected_at',
    ])
    .where('id', '=', partId)
    .executeTakeFirst();
}
export type PartRow = NonNullable<Awaited<ReturnType<typeof findPart>>>;

/**
 * Moves a part from `from` to `to` with the given columns, only if it is still in `from` (the conditional update
 * that lets one of two concurrent changes win). Whether it moved.
 */
export async function movePart(
  trx: DB,
  partId: number,
  from: DeliveryStatus,
  to: DeliveryStatus,
  set: Omit<Updateable<SellerOrderTable>, 'delivery_status'>,
): Promise<boolean> {
  const result = await trx
    .updateTable('seller_orders')
    .set({ ...set, delivery_status: to })
    .where('id', '=', partId)
    .where('delivery_status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The parts of an order with their shop, state, goods and delivery, by id. */
export function partsOfOrder(trx: DB, orderId: number) {
  return trx
    .selectFrom('seller_orders')
    .select(['id', 'seller_id', 'shop_name', 'delivery_status', 'price', 'delivered_at'])
    .where('customer_order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

export async function setOrderStatus(
  trx: DB,
  orderId: number,
  status: DeliveryStatus,
  now: string,
): Promise<void> {
  await trx
    .updateTable('customer_orders')
    .set({ delivery_status: status, updated_at: now })
    .where('id', '=', orderId)
    .execute();
}

/** The order's customer, shipping fee and state (where it ships, for its invoices), payment and delivery states. */
export function findOrderById(trx: DB, orderId: number) {
  return trx
    .selectFrom('customer_orders')
    .select(['id', 'customer_id', 'shipping_fee', 'shipping_state', 'payment_status', 'delivery_status'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/**
 * Marks an unpaid order paid, only if it is still unpaid and not cancelled; the caller then places its parts.
 * Whether it was.
 */
export async function markOrderPaid(trx: DB, orderId: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('customer_orders')
    .set({ payment_status: PAYMENT_STATUS.paid, updated_at: now })
    .where('id', '=', orderId)
    .where('payment_status', '=', PAYMENT_STATUS.notPaid)
    .where('delivery_status', '!=', CANCELLED)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Every part of the order is paid for (`paid`), or to be paid in cash on delivery (`cod`); those still `pending`
 * become `placed`. The ids of those placed.
 */
export async function placeParts(
  trx: DB,
  orderId: number,
  paymentStatus: typeof PAYMENT_STATUS.paid | typeof PAYMENT_STATUS.cod,
): Promise<number[]> {
  await trx
    .updateTable('seller_orders')
    .set({ payment_status: paymentStatus })
    .where('customer_order_id', '=', orderId)
    .execute();
  const placed = await trx
    .updateTable('seller_orders')
    .set({ delivery_status: 'placed' satisfies DeliveryStatus })
    .where('customer_order_id', '=', orderId)
    .where('delivery_status', '=', 'pending' satisfies DeliveryStatus)
    .returning('id')
    .execute();
  return placed.map((row) => row.id);
}

/**
 * Records the cash of a COD part as collected (the part is then paid), only if it is still uncollected: of two
 * requests at once, one wins. Whether it did.
 */
export async function markCashCollected(trx: DB, partId: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('seller_orders')
    .set({ payment_status: PAYMENT_STATUS.paid, cash_collected_at: now, updated_at: now })
    .where('id', '=', partId)
    .where('payment_status', '=', PAYMENT_STATUS.cod)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A COD order is paid once some part's cash was collected and no other part still waits for its cash (each is
 * collected too, or cancelled). A COD order wholly cancelled before any cash came in stays COD: nothing was paid.
 */
export async function settleCollectedCodOrder(trx: DB, orderId: number, now: string): Promise<void> {
  await trx
    .updateTable('customer_orders')
    .set({ payment_status: PAYMENT_STATUS.paid, updated_at: now })
    .where('id', '=', orderId)
    .where('payment_status', '=', PAYMENT_STATUS.cod)
    .where(({ and, not, exists, selectFrom }) => {
      const parts = selectFrom('seller_orders')
        .select('seller_orders.id')
        .where('seller_orders.customer_order_id', '=', orderId);
      return and([
        exists(parts.where('seller_orders.cash_collected_at', 'is not', null)),
        not(
          exists(
            parts
              .where('seller_orders.payment_status', '=', PAYMENT_STATUS.cod)
              .where('seller_orders.delivery_status', '!=', CANCELLED),
          ),
        ),
      ]);
    })
    .execute();
}

/**
 * Cancels the order if it is still unpaid and not cancelled, with every part not yet cancelled; the ids of the
 * parts it cancelled, or undefined (nothing changed) for a paid, cancelled or unknown order.
 */
export async function cancelUnpaidOrder(
  trx: DB,
  orderCode: string,
  now: string,
): Promise<{ orderId: number; partIds: number[] } | undefined> {
  const row = await trx
    .updateTable('customer_orders')
    .set({ delivery_status: CANCELLED, updated_at: now })
    .where('order_code', '=', orderCode)
    .where('payment_status', '=', PAYMENT_STATUS.notPaid)
    .where('delivery_status', '!=', CANCELLED)
    .returning('id')
    .executeTakeFirst();
  if (!row) return undefined;
  const parts = await trx
    .updateTable('seller_orders')
    .set({ delivery_status: CANCELLED, updated_at: now })
    .where('customer_order_id', '=', row.id)
    .where('delivery_status', '!=', CANCELLED)
    .returning('id')
    .execute();
  return { orderId: row.id, partIds: parts.map((part) => part.id) };
}

/** The units the parts hold, per variant, in (product, variant) order: the order stock is locked in. */
export function quantitiesOfParts(trx: DB, partIds: readonly number[]) {
  if (partIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('order_items')
    .select(['product_id', 'variant_id', 'quantity'])
    .where('seller_order_id', 'in', partIds)
    .orderBy('product_id')
    .orderBy('variant_id')
    .execute();
}

export async function insertEvents(trx: DB, events: Insertable<OrderEventTable>[]): Promise<void> {
  if (events.length) await trx.insertInto('order_events').values(events).execute();
}

/** Records refunds owed; their ids, in the order given. */
export async function insertRefunds(trx: DB, refunds: Insertable<RefundTable>[]): Promise<number[]> {
  if (refunds.length === 0) return [];
  const rows = await trx.insertInto('refunds').values(refunds).returning('id').execute();
  return rows.map((row) => row.id);
}

// ---- The seller center's reads ------------------------------------------------------------------

const PART_COLUMNS = [
  'seller_orders.id',
  'seller_orders.customer_order_id',
  'seller_orders.delivery_status',
  'seller_orders.payment_status',
  'seller_orders.price',
  'seller_orders.created_at',
  'seller_orders.courier',
  'seller_orders.tracking_number',
  'seller_orders.shipped_at',
  'seller_orders.delivered_at',
  'seller_orders.cash_collected_at',
  'seller_orders.commission_percent',
  'customer_orders.order_code',
  'customer_orders.shipping_name',
  'customer_orders.shipping_phone',
  'customer_orders.shipping_address',
  'customer_orders.shipping_landmark',
  'customer_orders.shipping_locality',
  'customer_orders.shipping_city',
  'customer_orders.shipping_state',
  'customer_orders.shipping_pincode',
] as const;

function sellerParts(db: DB, sellerId: number) {
  return db
    .selectFrom('seller_orders')
    .innerJoin('customer_orders', 'customer_orders.id', 'seller_orders.customer_order_id')
    .select(PART_COLUMNS)
    .where('seller_orders.seller_id', '=', sellerId);
}

/** The seller's parts, newest first, optionally of one state, one page of them. */
export function listSellerParts(
  db: DB,
  sellerId: number,
  options: { status?: DeliveryStatus; limit: number; offset: number },
) {
  let query = sellerParts(db, sellerId);
  if (options.status) query = query.where('seller_orders.delivery_status', '=', options.status);
  return query
    .orderBy('seller_orders.created_at', 'desc')
    .orderBy('seller_orders.id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}
export type SellerPartRow = Awaited<ReturnType<typeof listSellerParts>>[number];

/** One of the seller's parts, or undefined when it is not the seller's (or does not exist). */
export function findSellerPart(db: DB, sellerId: number, partId: number): Promise<SellerPartRow | undefined> {
  return sellerParts(db, sellerId).where('seller_orders.id', '=', partId).executeTakeFirst();
}

/** How many parts the seller has in each state (the index on seller, state, date answers it). */
export async function countSellerParts(db: DB, sellerId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('seller_orders')
    .select((eb) => ['delivery_status', eb.fn.countAll<number>().as('count')])
    .where('seller_id', '=', sellerId)
    .groupBy('delivery_status')
    .execute();
  return new Map(rows.map((row) => [row.delivery_status, Number(row.count)]));
}

/** The lines of several parts, in the order they were written. */
export function linesOfParts(db: DB, partIds: readonly number[]) {
  if (partIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_items')
    .select([
      'seller_order_id',
      'product_id',
      'name',
      'brand',
      'image',
      'slug',
      'size',
      'colour',
      'quantity',
      'price',
      'discount',
      'hsn_code',
    ])
    .where('seller_order_id', 'in', partIds)
    .orderBy('seller_order_id')
    .orderBy('id')
    .execute();
}
export type PartLineRow = Awaited<ReturnType<typeof linesOfParts>>[number];

/** A part's events, oldest first. */
export function eventsOfPart(db: DB, partId: number) {
  return db
    .selectFrom('order_events')
    .select(['status', 'actor_kind', 'courier', 'tracking_number', 'note', 'created_at'])
    .where('seller_order_id', '=', partId)
    .orderBy('id')
    .execute();
}

/** Every event of an order with its part's seller and shop, oldest first (the shopper's timeline). */
export function eventsOfOrder(db: DB, orderId: number) {
  return db
    .selectFrom('order_events')
    .innerJoin('seller_orders', 'seller_orders.id', 'order_events.seller_order_id')
    .select([
      'seller_orders.seller_id',
      'seller_orders.shop_name',
      'order_events.status',
      'order_events.courier',
      'order_events.tracking_number',
      'order_events.note',
      'order_events.created_at',
    ])
    .where('order_events.customer_order_id', '=', orderId)
    .orderBy('order_events.id')
    .execute();
}

/** The seller's shop as the packing slip prints it (the sender). */
export function sellerForSlip(db: DB, sellerId: number) {
  return db
    .selectFrom('sellers')
    .select([
      'shop_name',
      'name',
      'city',
      'pickup_address',
      'pickup_state',
      'pickup_pincode',
      'gstin',
      'mobile',
    ])
    .where('id', '=', sellerId)
    .executeTakeFirst();
}

export interface EarningsRange {
  /** ISO times of the parts' placement, [from, before); either may be open. */
  from?: string;
  before?: string;
  /** A part delivered before this ISO time is past its return window: settled. */
  settledBefore: string;
}

/**
 * The seller's paid, not cancelled parts placed in the range, each with what returns took back and what is left:
 * `returned` is the goods refunded for returned lines of the part (owed or already paid back: either way the
 * seller does not keep them), the commission is charged on the goods kept only, at the part's own rate, rounded
 * half up like `commissionOf` (so a return reverses the commission on what came back), and `net` is the kept
 * goods less that commission. `settled` is 1 once the part was delivered before `settledBefore`.
 */
function earningPartsQuery(db: DB, sellerId: number, range: EarningsRange) {
  const returned = sql<number>`coalesce(returned.amount, 0)`;
  const commission = sql<number>`((seller_orders.price - ${returned}) * seller_orders.commission_percent + 50) / 100`;
  let query = db
    .selectFrom('seller_orders')
    .innerJoin('customer_orders', 'customer_orders.id', 'seller_orders.customer_order_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('refunds')
          .select((sum) => ['refunds.seller_order_id', sum.fn.sum<number>('refunds.amount').as('amount')])
          .where('refunds.reason', '=', 'return')
          .groupBy('refunds.seller_order_id')
          .as('returned'),
      (join) => join.onRef('returned.seller_order_id', '=', 'seller_orders.id'),
    )
    .select((eb) => [
      'seller_orders.id',
      'seller_orders.created_at',
      'seller_orders.delivery_status',
      'seller_orders.delivered_at',
      'seller_orders.price',
      'seller_orders.commission_percent',
      'customer_orders.order_code',
      returned.as('returned'),
      commission.as('commission'),
      sql<number>`seller_orders.price - ${returned} - ${commission}`.as('net'),
      eb
        .case()
        .when(
          eb.and([
            eb('seller_orders.delivery_status', '=', 'delivered' satisfies DeliveryStatus),
            eb('seller_orders.delivered_at', '<', range.settledBefore),
          ]),
        )
        .then(1)
        .else(0)
        .end()
        .as('settled'),
    ])
    .where('seller_orders.seller_id', '=', sellerId)
    .where('seller_orders.payment_status', '=', PAYMENT_STATUS.paid)
    .where('seller_orders.delivery_status', '!=', CANCELLED);
  if (range.from) query = query.where('seller_orders.created_at', '>=', range.from);
  if (range.before) query = query.where('seller_orders.created_at', '<', range.before);
  return query;
}

/** The range's earning parts, newest first; one page of them when `page` is given, else all (the CSV). */
export function earningParts(
  db: DB,
  sellerId: number,
  range: EarningsRange,
  page?: { limit: number; offset: number },
) {
  let query = earningPartsQuery(db, sellerId, range)
    .orderBy('seller_orders.created_at', 'desc')
    .orderBy('seller_orders.id', 'desc');
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query.execute();
}
export type EarningPartRow = Awaited<ReturnType<typeof earningParts>>[number];

/** What the range's earning parts add up to, and how many there are, summed by the database. */
export async function earningsTotals(db: DB, sellerId: number, range: EarningsRange) {
  const totals = await db
    .selectFrom(earningPartsQuery(db, sellerId, range).as('parts'))
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('parts.price'), eb.lit(0)).as('gross'),
      eb.fn.coalesce(eb.fn.sum<number>('parts.returned'), eb.lit(0)).as('returns'),
      eb.fn.coalesce(eb.fn.sum<number>('parts.commission'), eb.lit(0)).as('commission'),
      eb.fn.coalesce(eb.fn.sum<number>('parts.net'), eb.lit(0)).as('net'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb.case().when('parts.settled', '=', 1).then(eb.ref('parts.net')).else(0).end()),
          eb.lit(0),
        )
        .as('settled'),
    ])
    .executeTakeFirstOrThrow();
  // PostgreSQL's count and sums arrive as numbers (db/database.ts parses them); SQLite's already are.
  return Object.fromEntries(Object.entries(totals).map(([key, value]) => [key, Number(value)])) as {
    [K in keyof typeof totals]: number;
  };
}
