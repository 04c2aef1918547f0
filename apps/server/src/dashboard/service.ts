import { RECENT_ORDERS_LIMIT, type DashboardData } from '@bazaar/shared';
import type { AppContext } from '../context';
import { listOrders, orderCounts } from '../orders/service';

/** The dashboard home: order counts and the latest orders, in a fixed number of queries. */
export async function dashboardData(ctx: AppContext, customerId: number): Promise<DashboardData> {
  const [counts, recentOrders] = await Promise.all([
    orderCounts(ctx, customerId),
    listOrders(ctx, customerId, { limit: RECENT_ORDERS_LIMIT }),
  ]);
  return {
    totalOrder: counts.total,
    pendingOrder: counts.pending,
    cancelledOrder: counts.cancelled,
    recentOrders,
  };
}
