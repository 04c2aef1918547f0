import type { FastifyInstance } from 'fastify';
import { requireCustomer } from '../auth/session';
import { dashboardData } from '../flows/customerOrders';

/** The dashboard home's data (spec §7); the userId in the path is ignored in favour of the session. */
export async function dashboardRoutes(api: FastifyInstance): Promise<void> {
  api.get('/home/customer/gat-dashboard-data/:userId', async (request) => {
    const customer = requireCustomer(request);
    return dashboardData(api.ctx, customer.id);
  });
}
