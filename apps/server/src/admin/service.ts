import {
  ADMIN_PAGE_SIZE,
  adminMessages,
  type AdminSeller,
  type AdminSellerListQuery,
  type AdminSellerListResponse,
  type AdminSellerResponse,
  type SellerStatus,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import { notFound } from '../http/errors';
import * as repo from './repository';
import type { AdminSellerRow } from './repository';

/** The admin console's view of sellers: the approval queue with every registration detail, and commissions. */

function adminSellerOf(row: AdminSellerRow): AdminSeller {
  return {
    id: row.id,
    shopName: row.shop_name,
    slug: row.slug,
    ownerName: row.name,
    email: row.email,
    mobile: row.mobile,
    gstin: row.gstin,
    pan: row.pan,
    pickupAddress: {
      address: row.pickup_address,
      city: row.city,
      state: row.pickup_state,
      pincode: row.pickup_pincode,
    },
    status: row.status as SellerStatus,
    statusReason: row.status_reason,
    commissionPercent: row.commission_percent,
    productCount: Number(row.product_count ?? 0),
    registeredAt: row.created_at,
    approvedAt: row.approved_at,
  };
}

export async function listSellers(
  ctx: AppContext,
  query: AdminSellerListQuery,
): Promise<AdminSellerListResponse> {
  const [{ rows, total }, counts] = await Promise.all([
    repo.sellerPage(ctx.db, query, ADMIN_PAGE_SIZE),
    repo.sellerCountsByStatus(ctx.db),
  ]);
  return { sellers: rows.map(adminSellerOf), counts, total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

/** One seller as the console shows it, or a 404. */
export async function adminSeller(db: DB, sellerId: number): Promise<AdminSeller> {
  const row = await repo.findAdminSeller(db, sellerId);
  if (!row) throw notFound(adminMessages.sellerNotFound);
  return adminSellerOf(row);
}

/**
 * Sets a seller's commission in `trx` (which also carries the audit row); the rate before, or a 404. Earnings of
 * parts already placed keep the rate snapshotted on them (seller_orders.commission_percent).
 */
export async function setCommission(
  ctx: AppContext,
  trx: DB,
  sellerId: number,
  percent: number,
): Promise<number> {
  const before = await repo.updateCommission(trx, ctx.dialect, sellerId, percent);
  if (before === undefined) throw notFound(adminMessages.sellerNotFound);
  return before;
}

export const sellerAnswer = async (
  db: DB,
  sellerId: number,
  message: string,
): Promise<AdminSellerResponse> => ({
  message,
  seller: await adminSeller(db, sellerId),
});
