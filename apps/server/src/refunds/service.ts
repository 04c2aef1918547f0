import {
  addBankingDays,
  REFUND_BUSINESS_DAYS,
  REFUNDS_PAGE_SIZE,
  type AdminRefund,
  type AdminRefundListQuery,
  type AdminRefundListResponse,
  type RefundDto,
  type RefundReason,
  type RefundState,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import * as repo from './repository';

/** A refund as the shopper sees it, with the day the policy promises it by. */
export function toRefund(row: repo.RefundRow): RefundDto {
  return {
    _id: row.id,
    orderId: row.order_code,
    shopName: row.shop_name,
    amount: row.amount,
    reason: row.reason as RefundReason,
    state: row.state as RefundState,
    reference: row.reference,
    createdAt: row.created_at,
    refundedAt: row.refunded_at,
    expectedBy: addBankingDays(row.created_at, REFUND_BUSINESS_DAYS.max),
  };
}

export function toAdminRefund(row: repo.RefundRow): AdminRefund {
  return {
    ...toRefund(row),
    customer: { _id: row.customer_id, name: row.customer_name, email: row.customer_email },
  };
}

export async function customerRefunds(
  ctx: AppContext,
  customerId: number,
  orderCode?: string,
): Promise<RefundDto[]> {
  return (await repo.customerRefunds(ctx.db, customerId, orderCode)).map(toRefund);
}

export async function refundsPage(
  ctx: AppContext,
  query: AdminRefundListQuery,
): Promise<AdminRefundListResponse> {
  const { rows, total } = await repo.refundsPage(ctx.db, {
    state: query.state === 'all' ? undefined : query.state,
    limit: REFUNDS_PAGE_SIZE,
    offset: (query.page - 1) * REFUNDS_PAGE_SIZE,
  });
  return { refunds: rows.map(toAdminRefund), total, page: query.page, pageSize: REFUNDS_PAGE_SIZE };
}
