import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dashboardDataSchema } from '@bazaar/shared';
import { requireCustomer } from '../auth/session';
import { declared, failures, signedIn } from '../http/routeSchema';
import { dashboardData } from '../flows/customerOrders';

/** The dashboard home's data (spec §7); the userId in the path is ignored in favour of the session. */
export async function dashboardRoutes(api: FastifyInstance): Promise<void> {
  declared(api).get(
    '/home/customer/gat-dashboard-data/:userId',
    {
      schema: {
        tags: ['Orders'],
        security: signedIn.customer,
        params: z.object({ userId: z.string().describe('Ignored: the customer comes from the session') }),
        response: { 200: dashboardDataSchema, ...failures(401) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      return dashboardData(api.ctx, customer.id);
    },
  );
}
