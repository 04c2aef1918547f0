import type { AdminSellerListQuery, SellerStatus } from '@bazaar/shared';
import type { DB, Dialect } from '../db/database';
import { pageOf } from '../db/paging';
import { columnContains } from '../db/textSearch';

/** All SQL of the admin console's seller queue and commissions. */

const SELLER_COLUMNS = [
  'sellers.id',
  'sellers.shop_name',
  'sellers.slug',
  'sellers.name',
  'sellers.email',
  'sellers.mobile',
  'sellers.gstin',
  'sellers.pan',
  'sellers.pickup_address',
  'sellers.city',
  'sellers.pickup_state',
  'sellers.pickup_pincode',
  'sellers.status',
  'sellers.status_reason',
  'sellers.commission_percent',
  'sellers.created_at',
  'sellers.approved_at',
] as const;

function sellersWithDetails(db: DB) {
  return db
    .selectFrom('sellers')
    .select(SELLER_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('products')
        .select((sub) => sub.fn.countAll<number | string>().as('count'))
        .whereRef('products.seller_id', '=', 'sellers.id')
        .as('product_count'),
    );
}

export type AdminSellerRow = NonNullable<Awaited<ReturnType<typeof findAdminSeller>>>;

export function findAdminSeller(db: DB, id: number) {
  return sellersWithDetails(db).where('sellers.id', '=', id).executeTakeFirst();
}

function matching(db: DB, { status, q }: Pick<AdminSellerListQuery, 'status' | 'q'>) {
  let query = db.selectFrom('sellers').where('sellers.status', '=', status);
  if (q)
    query = query.where((eb) =>
      eb.or([
        columnContains('sellers.shop_name', q),
        columnContains('sellers.name', q),
        columnContains('sellers.email', q),
        columnContains('sellers.mobile', q),
        columnContains('sellers.gstin', q),
      ]),
    );
  return query;
}

/**
 * One page of sellers in a status. Pending sellers come first-come-first-served (the oldest registration waits
 * least); every other tab shows the newest first.
 */
export async function sellerPage(db: DB, filter: AdminSellerListQuery, pageSize: number) {
  const direction = filter.status === 'pending' ? 'asc' : 'desc';
  return pageOf(
    sellersWithDetails(db)
      .where('sellers.id', 'in', matching(db, filter).select('sellers.id'))
      .orderBy('sellers.created_at', direction)
      .orderBy('sellers.id', direction),
    matching(db, filter),
    { limit: pageSize, offset: (filter.page - 1) * pageSize },
  );
}

/** How many sellers are in each status. */
export async function sellerCountsByStatus(db: DB): Promise<Record<SellerStatus, number>> {
  const rows = await db
    .selectFrom('sellers')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('status')
    .execute();
  const counts: Record<SellerStatus, number> = { pending: 0, approved: 0, rejected: 0, suspended: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status as SellerStatus] = Number(row.count);
  return counts;
}

/**
 * Sets the seller's commission rate in a transaction; the rate it had before, or undefined when there is no such
 * seller. On PostgreSQL the row is locked first, so two admins' edits cannot both record the same "before" (SQLite
 * runs one write transaction at a time already).
 */
export async function updateCommission(
  trx: DB,
  dialect: Dialect,
  id: number,
  percent: number,
): Promise<number | undefined> {
  const read = trx.selectFrom('sellers').select('commission_percent').where('id', '=', id);
  const before = await (dialect === 'postgres' ? read.forUpdate() : read).executeTakeFirst();
  if (!before) return undefined;
  await trx.updateTable('sellers').set({ commission_percent: percent }).where('id', '=', id).execute();
  return before.commission_percent;
}
