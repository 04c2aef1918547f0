import { sql, type Insertable, type Selectable } from 'kysely';
import type { DB, Dialect } from '../db/database';
import type { HsnRateTable, TaxDocumentLineTable, TaxDocumentTable } from './tables';
import type { CustomerOrderTable } from '../orders/tables';

export type OrderRow = Selectable<CustomerOrderTable>;

/** All SQL of tax invoices and credit notes. */

export type TaxDocumentRow = Selectable<TaxDocumentTable>;
export type TaxDocumentLineRow = Selectable<TaxDocumentLineTable>;
export type HsnRateRow = Selectable<HsnRateTable>;
export type DocumentKind = 'invoice' | 'credit_note';

/**
 * Locks the order for the transaction on PostgreSQL, so two requests issuing its invoices at once take turns and
 * the second finds what the first issued (SQLite runs one write transaction at a time already).
 */
export async function lockOrder(trx: DB, dialect: Dialect, orderId: number): Promise<void> {
  if (dialect === 'postgres')
    await trx.selectFrom('customer_orders').select('id').where('id', '=', orderId).forUpdate().execute();
}

/** What a tax invoice prints of the seller who supplies a part. */
const SELLER_INVOICE_COLUMNS = [
  'sellers.name as seller_name',
  'sellers.shop_name as seller_shop_name',
  'sellers.gstin as seller_gstin',
  'sellers.pan as seller_pan',
  'sellers.pickup_address as seller_address',
  'sellers.city as seller_city',
  'sellers.pickup_state as seller_state',
  'sellers.pickup_pincode as seller_pincode',
] as const;

/**
 * Every part of an order (by id, the order `shippingShares` uses) with its seller's invoice details and whether it
 * was ever placed: a part that reached `placed` has an event saying so, even if it was cancelled afterwards.
 */
export function partsForInvoicing(db: DB, orderId: number) {
  return db
    .selectFrom('seller_orders')
    .innerJoin('sellers', 'sellers.id', 'seller_orders.seller_id')
    .select((eb) => [
      'seller_orders.id',
      'seller_orders.seller_id',
      'seller_orders.price',
      'seller_orders.delivery_status',
      'seller_orders.payment_status',
      ...SELLER_INVOICE_COLUMNS,
      eb
        .exists(
          eb
            .selectFrom('order_events')
            .select('order_events.id')
            .whereRef('order_events.seller_order_id', '=', 'seller_orders.id')
            .where('order_events.status', '=', 'placed'),
        )
        .as('was_placed'),
    ])
    .where('seller_orders.customer_order_id', '=', orderId)
    .orderBy('seller_orders.id')
    .execute();
}
export type PartForInvoicing = Awaited<ReturnType<typeof partsForInvoicing>>[number];

/** The invoice details of sellers, for parts the caller has already read. */
export function sellersForInvoicing(db: DB, sellerIds: readonly number[]) {
  return db
    .selectFrom('sellers')
    .select(['sellers.id as seller_id', ...SELLER_INVOICE_COLUMNS])
    .where('sellers.id', 'in', [...new Set(sellerIds)])
    .execute();
}
export type SellerForInvoicing = Awaited<ReturnType<typeof sellersForInvoicing>>[number];

/** The lines of seller parts, each part's in the order they were written. */
export function itemsOfParts(db: DB, partIds: readonly number[]) {
  if (partIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_items')
    .select([
      'id',
      'seller_order_id',
      'name',
      'brand',
      'category',
      'hsn_code',
      'price',
      'discount',
      'quantity',
      'size',
      'colour',
    ])
    .where('seller_order_id', 'in', partIds)
    .orderBy('id')
    .execute();
}
export type PartItem = Awaited<ReturnType<typeof itemsOfParts>>[number];

export function ratesOf(db: DB, codes: readonly string[]): Promise<HsnRateRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('hsn_rates')
    .selectAll()
    .where('hsn_code', 'in', [...new Set(codes)])
    .execute();
}

/**
 * The next number of a seller's series: an upsert that creates the series at 1 or adds one, in the caller's
 * transaction (the row stays locked until it commits, and a rollback gives the number back).
 */
export async function takeNextNumber(
  trx: DB,
  sellerId: number,
  kind: DocumentKind,
  financialYear: string,
): Promise<number> {
  const row = await trx
    .insertInto('document_series')
    .values({ seller_id: sellerId, kind, financial_year: financialYear, last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(['seller_id', 'kind', 'financial_year'])
        .doUpdateSet({ last_number: sql<number>`document_series.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export async function insertDocument(
  trx: DB,
  document: Insertable<TaxDocumentTable>,
  lines: Omit<Insertable<TaxDocumentLineTable>, 'document_id'>[],
): Promise<number> {
  const { id } = await trx
    .insertInto('tax_documents')
    .values(document)
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('tax_document_lines')
    .values(lines.map((line) => ({ ...line, document_id: id })))
    .execute();
  return id;
}

/** The order's documents of a kind, by part; credit notes also by refund. */
export function documentsOfOrder(db: DB, orderId: number, kind: DocumentKind): Promise<TaxDocumentRow[]> {
  return db
    .selectFrom('tax_documents')
    .selectAll()
    .where('customer_order_id', '=', orderId)
    .where('kind', '=', kind)
    .orderBy('seller_order_id')
    .orderBy('id')
    .execute();
}

export function documentsByIds(db: DB, ids: readonly number[]): Promise<TaxDocumentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('tax_documents').selectAll().where('id', 'in', ids).execute();
}

export function linesOfDocuments(db: DB, documentIds: readonly number[]): Promise<TaxDocumentLineRow[]> {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tax_document_lines')
    .selectAll()
    .where('document_id', 'in', documentIds)
    .orderBy('document_id')
    .orderBy('position')
    .execute();
}

/** An order by id, or a customer's own order by its code (another customer's is undefined). */
export function findOrder(db: DB, key: { id: number } | { customerId: number; orderCode: string }) {
  const query = db.selectFrom('customer_orders').selectAll();
  return (
    'id' in key
      ? query.where('id', '=', key.id)
      : query.where('customer_id', '=', key.customerId).where('order_code', '=', key.orderCode)
  ).executeTakeFirst();
}

/** A seller's own part (another seller's is undefined, as if it did not exist). */
export function findSellerPart(db: DB, sellerId: number, partId: number) {
  return db
    .selectFrom('seller_orders')
    .select(['id', 'customer_order_id'])
    .where('id', '=', partId)
    .where('seller_id', '=', sellerId)
    .executeTakeFirst();
}

/** A refund, only the customer's own when `customerId` is given. */
export function findRefund(db: DB, refundId: number, customerId?: number) {
  let query = db.selectFrom('refunds').selectAll().where('id', '=', refundId);
  if (customerId !== undefined) query = query.where('customer_id', '=', customerId);
  return query.executeTakeFirst();
}
export type RefundRow = NonNullable<Awaited<ReturnType<typeof findRefund>>>;

/** The order lines a refund pays back for a return, and how many of each (none for other refunds). */
export function returnedItemsOfRefund(db: DB, refundId: number) {
  return db
    .selectFrom('return_items')
    .innerJoin('returns', 'returns.id', 'return_items.return_id')
    .select(['return_items.order_item_id', 'return_items.quantity'])
    .where('returns.refund_id', '=', refundId)
    .execute();
}

export function listRates(db: DB): Promise<HsnRateRow[]> {
  return db.selectFrom('hsn_rates').selectAll().orderBy('hsn_code').execute();
}

/** The rate as it was before, read under a lock on PostgreSQL so two admins' edits record their own "before". */
export function rateForUpdate(trx: DB, dialect: Dialect, code: string): Promise<HsnRateRow | undefined> {
  const read = trx.selectFrom('hsn_rates').selectAll().where('hsn_code', '=', code);
  return (dialect === 'postgres' ? read.forUpdate() : read).executeTakeFirst();
}

export async function updateRate(trx: DB, row: HsnRateRow): Promise<void> {
  const { id, hsn_code: _code, ...changes } = row;
  await trx.updateTable('hsn_rates').set(changes).where('id', '=', id).execute();
}
