import {
  ADMIN_CUSTOMER_RECENT_ORDERS,
  customerMessages,
  type AdminCustomerDetailResponse,
  type AdminCustomerResponse,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { recordAudit, subjectHistory, type StaffActor } from '../audit/service';
import { announceSessionsEnded } from '../auth/session';
import { adminCustomer, CUSTOMER_STATUS_ACTIONS } from '../customers/service';
import * as customerRows from '../customers/repository';
import { conflict, notFound } from '../http/errors';

/**
 * The admin console's customers (issue 17): a customer's detail (orders and the audit log's blocks), and blocking.
 * The marketplace blocks an abusive customer. The block, the end of every session (the
 * token version moves on, and the session lookup refuses a blocked account anyway) and the audit row are one
 * transaction; once it commits, open sockets are told to close. Unblocking lets the customer sign in again (the
 * sessions that ended stay ended).
 */

export async function blockCustomer(
  ctx: AppContext,
  actor: StaffActor,
  customerId: number,
  reason: string,
): Promise<AdminCustomerResponse> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await customerRows.lockBlockState(trx, ctx.dialect, customerId);
    if (!before) throw notFound(customerMessages.notFound);
    if (before.blocked_at) throw conflict(customerMessages.alreadyBlocked);
    const now = nowIso();
    await customerRows.blockCustomer(trx, customerId, reason, now);
    await recordAudit(trx, actor, {
      action: 'customer.block',
      subjectKind: 'customer',
      subjectId: customerId,
      before: { status: 'active' },
      after: { status: 'blocked', blockedAt: now },
      reason,
    });
  });
  announceSessionsEnded(ctx, { kind: 'customer', accountId: customerId });
  return { message: customerMessages.blockedNow, customer: await adminCustomer(ctx.db, customerId) };
}

export async function unblockCustomer(
  ctx: AppContext,
  actor: StaffActor,
  customerId: number,
  reason: string | undefined,
): Promise<AdminCustomerResponse> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await customerRows.lockBlockState(trx, ctx.dialect, customerId);
    if (!before) throw notFound(customerMessages.notFound);
    if (!before.blocked_at) throw conflict(customerMessages.notBlocked);
    await customerRows.unblockCustomer(trx, customerId);
    await recordAudit(trx, actor, {
      action: 'customer.unblock',
      subjectKind: 'customer',
      subjectId: customerId,
      before: { status: 'blocked', blockedAt: before.blocked_at, blockedReason: before.blocked_reason },
      after: { status: 'active' },
      reason: reason ?? null,
    });
  });
  return { message: customerMessages.unblockedNow, customer: await adminCustomer(ctx.db, customerId) };
}

/** A customer with a summary of their orders and every block and unblock of the account. */
export async function customerDetail(
  ctx: AppContext,
  customerId: number,
): Promise<AdminCustomerDetailResponse> {
  const customer = await adminCustomer(ctx.db, customerId);
  const [recent, paidTotal, statusHistory] = await Promise.all([
    customerRows.recentOrders(ctx.db, customerId, ADMIN_CUSTOMER_RECENT_ORDERS),
    customerRows.paidTotal(ctx.db, customerId),
    subjectHistory(ctx.db, 'customer', customerId, CUSTOMER_STATUS_ACTIONS),
  ]);
  return {
    customer,
    orders: {
      count: customer.orderCount,
      paidTotal,
      recent: recent.map((order) => ({
        orderId: order.order_code,
        placedAt: order.created_at,
        total: order.price + order.shipping_fee + order.cod_fee,
        items: order.items,
        paymentMethod: order.payment_method,
        paymentStatus: order.payment_status,
        deliveryStatus: order.delivery_status,
      })),
    },
    statusHistory,
  };
}
