import {
  addBankingDays,
  REFUND_BUSINESS_DAYS,
  REFUNDS_PAGE_SIZE,
  type AdminRefund,
  type AdminRefundListQuery,
  type RefundDto,
  type RefundReturnDto,
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

/** A refund as operators see it: the shopper's name and e-mail, and the return it pays back (`ret`), if any. */
export function toAdminRefund(row: repo.RefundRow, ret: RefundReturnDto | null): AdminRefund {
  return {
    ...toRefund(row),
    customer: { _id: row.customer_id, name: row.customer_name, email: row.customer_email },
    return: ret,
  };
}

export async function customerRefunds(
  ctx: AppContext,
  customerId: number,
  orderCode?: string,
): Promise<RefundDto[]> {
  return (await repo.customerRefunds(ctx.db, customerId, orderCode)).map(toRefund);
}

/** A page of the operators' queue as rows (flows/refundQueue.ts adds the returns) and how many there are. */
export function refundRowsPage(ctx: AppContext, query: AdminRefundListQuery) {
  return repo.refundsPage(ctx.db, {
    state: query.state === 'all' ? undefined : query.state,
    limit: REFUNDS_PAGE_SIZE,
    offset: (query.page - 1) * REFUNDS_PAGE_SIZE,
  });
}
