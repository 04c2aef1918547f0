import {
  REFUNDS_PAGE_SIZE,
  type AdminRefund,
  type AdminRefundListQuery,
  type AdminRefundListResponse,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import type { RefundRow } from '../refunds/repository';
import { refundRowsPage, toAdminRefund } from '../refunds/service';
import { staffReturnsOfRefunds } from '../returns/service';

/**
 * The operators' refund queue (issue 19): each refund with the return it pays back, when it comes from one (its
 * reason, lines and the shopper's photos through the staff route), so whoever pays it sees what was sent back.
 * Spans refunds and returns; reads only.
 */

/** Refunds as operators see them, with their returns (one query for all of them). */
export async function adminRefunds(ctx: AppContext, rows: readonly RefundRow[]): Promise<AdminRefund[]> {
  const returns = await staffReturnsOfRefunds(
    ctx,
    rows.filter((row) => row.reason === 'return'),
  );
  return rows.map((row) => toAdminRefund(row, returns.get(row.id) ?? null));
}

export async function refundQueue(
  ctx: AppContext,
  query: AdminRefundListQuery,
): Promise<AdminRefundListResponse> {
  const { rows, total } = await refundRowsPage(ctx, query);
  return { refunds: await adminRefunds(ctx, rows), total, page: query.page, pageSize: REFUNDS_PAGE_SIZE };
}
