import {
  RECENT_ORDERS_LIMIT,
  RETURN_WINDOW_DAYS,
  type DeliveryStatus,
  type OrderLineReturns,
  type OrderPart,
  type ReturnDto,
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
import { partsOfOrder } from '../fulfilment/repository';
import { returnsOfOrder } from '../returns/service';

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

const CANCELLABLE: readonly string[] = ['pending', 'placed', 'warehouse'] satisfies DeliveryStatus[];
const DAY_MS = 24 * 60 * 60 * 1000;

/** Each shop's part with what the shopper may still do with it: cancel until shipped, return while in the window. */
function partsForShopper(parts: Awaited<ReturnType<typeof partsOfOrder>>): OrderPart[] {
  return parts.map((part) => ({
    _id: part.id,
    sellerId: part.seller_id,
    shopName: part.shop_name,
    status: part.delivery_status,
    cancellable: CANCELLABLE.includes(part.delivery_status),
    deliveredAt: part.delivered_at,
    returnableUntil:
      part.delivery_status === 'delivered' && part.delivered_at
        ? new Date(Date.parse(part.delivered_at) + RETURN_WINDOW_DAYS * DAY_MS).toISOString()
        : null,
  }));
}

/** Each line's returns, and how many of its units may still be returned (rejected returns give them back). */
function lineReturnsOf(order: Order, returns: readonly ReturnDto[]): OrderLineReturns[] {
  return order.products.flatMap((line) => {
    if (line.orderItemId === undefined || line.partId === undefined) return [];
    const itemId = line.orderItemId;
    const mine = returns.flatMap((ret) =>
      ret.lines
        .filter((returned) => returned.orderItemId === itemId)
        .map((returned) => ({
          returnId: ret._id,
          state: ret.state,
          quantity: returned.quantity,
          photos: ret.photos,
        })),
    );
    const held = mine.filter((ret) => ret.state !== 'rejected').reduce((sum, ret) => sum + ret.quantity, 0);
    return [{ orderItemId: itemId, partId: line.partId, returnable: line.quantity - held, returns: mine }];
  });
}

/**
 * One of the customer's own orders with its timeline (fulfilment), its parts and its lines' returns; another
 * customer's order is a 404, as if it did not exist.
 */
export async function getOrder(
  ctx: AppContext,
  customerId: number,
  orderCode: string,
): Promise<OrderResponse['order']> {
  const row = await orders.customerOrderRow(ctx, customerId, orderCode);
  const [[order], timeline, parts, returns] = await Promise.all([
    withLinesAndPayments(ctx, [row]),
    timelineOf(ctx, row.id),
    partsOfOrder(ctx.db, row.id),
    returnsOfOrder(ctx, row.id),
  ]);
  return { ...order, timeline, parts: partsForShopper(parts), lineReturns: lineReturnsOf(order, returns) };
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
