import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ReturnState } from '@bazaar/shared';
import type { DB } from '../db/database';
import { pageOf, type PageOf } from '../db/paging';
import type { ReturnPhotoTable, ReturnTable } from './tables';

/** All SQL of returns (issue 19): shoppers' returns of delivered lines and their units. */

/** The order's lines with their part's state and delivery, for checking a return request. */
export function linesForReturn(trx: DB, orderId: number) {
  return trx
    .selectFrom('order_items')
    .innerJoin('seller_orders', 'seller_orders.id', 'order_items.seller_order_id')
    .select([
      'order_items.id',
      'order_items.seller_order_id',
      'order_items.name',
      'order_items.quantity',
      'seller_orders.seller_id',
      'seller_orders.delivery_status',
      'seller_orders.delivered_at',
    ])
    .where('order_items.customer_order_id', '=', orderId)
    .orderBy('order_items.id')
    .execute();
}

/** Units of each of the order's lines already in a return that was not rejected, by order line id. */
export async function unitsInReturns(trx: DB, orderId: number): Promise<Map<number, number>> {
  const rows = await trx
    .selectFrom('return_items')
    .innerJoin('returns', 'returns.id', 'return_items.return_id')
    .select((eb) => ['return_items.order_item_id', eb.fn.sum<number>('return_items.quantity').as('units')])
    .where('returns.customer_order_id', '=', orderId)
    .where('returns.state', '!=', 'rejected' satisfies ReturnState)
    .groupBy('return_items.order_item_id')
    .execute();
  return new Map(rows.map((row) => [row.order_item_id, Number(row.units)]));
}

export async function insertReturn(
  trx: DB,
  values: Insertable<ReturnTable>,
  items: readonly { orderItemId: number; quantity: number }[],
): Promise<number> {
  const { id } = await trx.insertInto('returns').values(values).returning('id').executeTakeFirstOrThrow();
  await trx
    .insertInto('return_items')
    .values(
      items.map((item) => ({ return_id: id, order_item_id: item.orderItemId, quantity: item.quantity })),
    )
    .execute();
  return id;
}

export function findReturn(db: DB, returnId: number) {
  return db.selectFrom('returns').selectAll().where('id', '=', returnId).executeTakeFirst();
}
export type ReturnRow = NonNullable<Awaited<ReturnType<typeof findReturn>>>;

/** Moves a return from `from` with the given columns, only if it is still there (one of two changes wins). */
export async function moveReturn(
  trx: DB,
  returnId: number,
  from: ReturnState,
  set: Updateable<ReturnTable>,
): Promise<boolean> {
  const result = await trx
    .updateTable('returns')
    .set(set)
    .where('id', '=', returnId)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a received return restocked, once: whether this call did. */
export async function markRestocked(trx: DB, returnId: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('returns')
    .set({ restocked_at: now, updated_at: now })
    .where('id', '=', returnId)
    .where('state', '=', 'received' satisfies ReturnState)
    .where('restocked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The units of returns with what was paid for them and the size and colour they came from, by return. */
export function itemsOfReturns(db: DB, returnIds: readonly number[]) {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('return_items')
    .innerJoin('order_items', 'order_items.id', 'return_items.order_item_id')
    .select([
      'return_items.return_id',
      'return_items.order_item_id',
      'return_items.quantity',
      'order_items.product_id',
      'order_items.variant_id',
      'order_items.name',
      'order_items.brand',
      'order_items.image',
      'order_items.size',
      'order_items.colour',
      'order_items.price',
      'order_items.discount',
    ])
    .where('return_items.return_id', 'in', returnIds)
    .orderBy('return_items.id')
    .execute();
}
export type ReturnItemRow = Awaited<ReturnType<typeof itemsOfReturns>>[number];

function returnsWithOrder(db: DB) {
  return db
    .selectFrom('returns')
    .innerJoin('customer_orders', 'customer_orders.id', 'returns.customer_order_id')
    .innerJoin('seller_orders', 'seller_orders.id', 'returns.seller_order_id')
    .selectAll('returns')
    .select(['customer_orders.order_code', 'seller_orders.shop_name']);
}
export type ReturnListRow = Awaited<ReturnType<ReturnType<typeof returnsWithOrder>['execute']>>[number];

/** A page of the seller's returns, newest first, optionally of one state, and how many there are. */
export async function sellerReturnsPage(
  db: DB,
  sellerId: number,
  options: { state?: ReturnState; limit: number; offset: number },
): Promise<PageOf<ReturnListRow>> {
  let rows = returnsWithOrder(db).where('returns.seller_id', '=', sellerId);
  let matching = db.selectFrom('returns').where('seller_id', '=', sellerId);
  if (options.state) {
    rows = rows.where('returns.state', '=', options.state);
    matching = matching.where('state', '=', options.state);
  }
  return pageOf(rows.orderBy('returns.created_at', 'desc').orderBy('returns.id', 'desc'), matching, options);
}

export function returnWithOrder(db: DB, returnId: number) {
  return returnsWithOrder(db).where('returns.id', '=', returnId).executeTakeFirst();
}

export function returnsOfOrder(db: DB, orderId: number) {
  return returnsWithOrder(db)
    .where('returns.customer_order_id', '=', orderId)
    .orderBy('returns.id')
    .execute();
}

/**
 * The returns that refunds `refunds` pay back. Looked up through the refunds' orders, whose index every return
 * has (returns_order_idx), rather than by `refund_id`, which has none: a page of the refund queue stays a few
 * index reads however many returns there are.
 */
export function returnsOfRefunds(
  db: DB,
  refunds: readonly { id: number; customer_order_id: number }[],
): Promise<ReturnListRow[]> {
  if (refunds.length === 0) return Promise.resolve([]);
  return returnsWithOrder(db)
    .where('returns.customer_order_id', 'in', [...new Set(refunds.map((refund) => refund.customer_order_id))])
    .where(
      'returns.refund_id',
      'in',
      refunds.map((refund) => refund.id),
    )
    .execute();
}

// ---- Return photos ----------------------------------------------------------------------------

export type ReturnPhotoRow = Selectable<ReturnPhotoTable>;

export async function insertReturnPhoto(db: DB, values: Insertable<ReturnPhotoTable>): Promise<number> {
  const { id } = await db
    .insertInto('return_photos')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** How many photos the shopper uploaded and has not sent with a return yet. */
export async function unsentPhotoCount(db: DB, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('return_photos')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('customer_id', '=', customerId)
    .where('return_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Attaches the shopper's unsent photos `photoIds` to a return: whether every one of them was the shopper's and
 * unsent (otherwise the caller rolls back, so none is attached).
 */
export async function attachPhotos(
  trx: DB,
  customerId: number,
  photoIds: readonly number[],
  returnId: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('return_photos')
    .set({ return_id: returnId })
    .where('id', 'in', photoIds)
    .where('customer_id', '=', customerId)
    .where('return_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === photoIds.length;
}

export function findReturnPhoto(db: DB, photoId: number) {
  return db.selectFrom('return_photos').selectAll().where('id', '=', photoId).executeTakeFirst();
}

/** The photos of returns, in the order they were uploaded. */
export function photosOfReturns(db: DB, returnIds: readonly number[]): Promise<ReturnPhotoRow[]> {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('return_photos')
    .selectAll()
    .where('return_id', 'in', returnIds)
    .orderBy('id')
    .execute();
}

/** Removes one of the shopper's unsent photos; its row, or undefined when the shopper has no such unsent photo. */
export function deleteUnsentPhoto(db: DB, customerId: number, photoId: number) {
  return db
    .deleteFrom('return_photos')
    .where('id', '=', photoId)
    .where('customer_id', '=', customerId)
    .where('return_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Removes photos never sent with a return and uploaded before `before`, at most `limit`; their rows. */
export function deleteUnsentPhotosBefore(db: DB, before: string, limit: number): Promise<ReturnPhotoRow[]> {
  return (
    db
      .deleteFrom('return_photos')
      .where(
        'id',
        'in',
        db
          .selectFrom('return_photos')
          .select('id')
          .where('return_id', 'is', null)
          .where('created_at', '<', before)
          .orderBy('created_at')
          .limit(limit),
      )
      // Checked again on the row itself: one a return request attached meanwhile stays.
      .where('return_id', 'is', null)
      .returningAll()
      .execute()
  );
}
