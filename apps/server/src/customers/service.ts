import {
  ADMIN_PAGE_SIZE,
  customerMessages,
  type AdminCustomer,
  type AdminCustomerListQuery,
  type AdminCustomerListResponse,
  type AuditAction,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import { notFound } from '../http/errors';
import * as repo from './repository';
import type { AdminCustomerRow } from './repository';

/** The admin console's view of customers: search, one customer's orders and the history of its blocks. */

export const CUSTOMER_STATUS_ACTIONS: readonly AuditAction[] = ['customer.block', 'customer.unblock'];

function adminCustomerOf(row: AdminCustomerRow): AdminCustomer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    mobile: row.phone,
    joinedAt: row.created_at,
    orderCount: Number(row.order_count ?? 0),
    status: row.blocked_at ? 'blocked' : 'active',
    blockedAt: row.blocked_at,
    blockedReason: row.blocked_reason,
  };
}

export async function listCustomers(
  ctx: AppContext,
  query: AdminCustomerListQuery,
): Promise<AdminCustomerListResponse> {
  const { rows, total } = await repo.customerPage(ctx.db, query, ADMIN_PAGE_SIZE);
  return { customers: rows.map(adminCustomerOf), total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

/** One customer as the console lists it, or a 404. */
export async function adminCustomer(db: DB, customerId: number): Promise<AdminCustomer> {
  const row = await repo.findAdminCustomer(db, customerId);
  if (!row) throw notFound(customerMessages.notFound);
  return adminCustomerOf(row);
}
