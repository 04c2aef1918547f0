import {
  RECENT_ORDERS_LIMIT,
  type DashboardData,
  type Order,
  type OrderResponse,
  type OrderStatusFilter,
} from '@bazaar/shared';
import type { AppContext } from '../context';
import * as orders from '../orders/service';
import type { CustomerOrderRow } from '../orders/repository';
import { paymentStatusesOf } from '../payments/status';
import { timelineOf } from '../fulfilment/service';

/**
 * What the shopper's order pages and dashboard read: orders with their lines (orders) and, for unpaid ones, the
 * payment status (payments). Reads only; the two features are asked at once.
 */

async function withLinesAndPayments(ctx: AppContext, rows: CustomerOrderRow[]): Promise<Order[]> {
  const [lines, payments] = await Promise.all([
    orders.linesOfOrders(ctx, rows),
    paymentStatusesOf(ctx.db, rows),
  ]);
  return orders.toOrders(rows, lines, payments);
}

export async function listOrders(
  ctx: AppContext,
  customerId: number,
  filter: { status?: OrderStatusFilter; limit?: number } = {},
): Promise<Order[]> {
  return withLinesAndPayments(ctx, await orders.customerOrderRows(ctx, customerId, filter));
}

/**
 * One of the customer's own orders with its timeline (fulfilment); another customer's order is a 404, as if it
 * did not exist.
 */
export async function getOrder(
  ctx: AppContext,
  customerId: number,
  orderCode: string,
): Promise<OrderResponse['order']> {
  const row = await orders.customerOrderRow(ctx, customerId, orderCode);
  const [[order], timeline] = await Promise.all([withLinesAndPayments(ctx, [row]), timelineOf(ctx, row.id)]);
  return { ...order, timeline };
}

/** The dashboard home: order counts and the latest orders, in a fixed number of queries. */
export async function dashboardData(ctx: AppContext, customerId: number): Promise<DashboardData> {
  const [counts, recentOrders] = await Promise.all([
    orders.orderCounts(ctx, customerId),
    listOrders(ctx, customerId, { limit: RECENT_ORDERS_LIMIT }),
  ]);
  return {
    totalOrder: counts.total,
    pendingOrder: counts.pending,
    cancelledOrder: counts.cancelled,
    recentOrders,
  };
}
