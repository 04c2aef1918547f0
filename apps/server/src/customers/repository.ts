import { PAYMENT_STATUS, type AdminCustomerListQuery } from '@bazaar/shared';
import type { DB, Dialect } from '../db/database';
import { pageOf } from '../db/paging';
import { columnContains } from '../db/textSearch';

/** All SQL of the admin console's customers: search, one customer's orders, block and unblock. */

function customersWithOrderCount(db: DB) {
  return db
    .selectFrom('customers')
    .select([
      'customers.id',
      'customers.name',
      'customers.email',
      'customers.phone',
      'customers.created_at',
      'customers.blocked_at',
      'customers.blocked_reason',
    ])
    .select((eb) =>
      eb
        .selectFrom('customer_orders')
        .select((sub) => sub.fn.countAll<number | string>().as('count'))
        .whereRef('customer_orders.customer_id', '=', 'customers.id')
        .as('order_count'),
    );
}

export type AdminCustomerRow = NonNullable<Awaited<ReturnType<typeof findAdminCustomer>>>;

export function findAdminCustomer(db: DB, id: number) {
  return customersWithOrderCount(db).where('customers.id', '=', id).executeTakeFirst();
}

function matching(db: DB, { q }: Pick<AdminCustomerListQuery, 'q'>) {
  let query = db.selectFrom('customers');
  if (q)
    query = query.where((eb) =>
      eb.or([
        columnContains('customers.name', q),
        columnContains('customers.email', q),
        columnContains('customers.phone', q),
      ]),
    );
  return query;
}

/** One page of customers matching the search, newest sign-up first. */
export async function customerPage(db: DB, filter: AdminCustomerListQuery, pageSize: number) {
  return pageOf(
    customersWithOrderCount(db)
      .where('customers.id', 'in', matching(db, filter).select('customers.id'))
      .orderBy('customers.created_at', 'desc')
      .orderBy('customers.id', 'desc'),
    matching(db, filter),
    { limit: pageSize, offset: (filter.page - 1) * pageSize },
  );
}

/** The customer's newest orders. */
export function recentOrders(db: DB, customerId: number, limit: number) {
  return db
    .selectFrom('customer_orders')
    .select([
      'order_code',
      'created_at',
      'price',
      'shipping_fee',
      'cod_fee',
      'items',
      'payment_method',
      'payment_status',
      'delivery_status',
    ])
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** What the customer has paid over all orders (COD orders count once their cash is collected). */
export async function paidTotal(db: DB, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('customer_orders')
    .select((eb) =>
      eb.fn
        .sum<number | string | null>(eb('price', '+', eb('shipping_fee', '+', eb.ref('cod_fee'))))
        .as('total'),
    )
    .where('customer_id', '=', customerId)
    .where('payment_status', '=', PAYMENT_STATUS.paid)
    .executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}

/**
 * The account's block state, read for a change in `trx`: on PostgreSQL the row is locked, so two admins' changes
 * cannot both record the same "before" (SQLite runs one write transaction at a time already).
 */
export function lockBlockState(trx: DB, dialect: Dialect, id: number) {
  const read = trx.selectFrom('customers').select(['blocked_at', 'blocked_reason']).where('id', '=', id);
  return (dialect === 'postgres' ? read.forUpdate() : read).executeTakeFirst();
}

/**
 * Blocks the account and moves its token version on in one statement: every token issued before no longer
 * matches, whatever the session lookup checks.
 */
export async function blockCustomer(trx: DB, id: number, reason: string, now: string): Promise<void> {
  await trx
    .updateTable('customers')
    .set((eb) => ({ blocked_at: now, blocked_reason: reason, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function unblockCustomer(trx: DB, id: number): Promise<void> {
  await trx
    .updateTable('customers')
    .set({ blocked_at: null, blocked_reason: null })
    .where('id', '=', id)
    .execute();
}
