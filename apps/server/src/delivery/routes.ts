import type { FastifyInstance } from 'fastify';
import { deliveryEstimateQuerySchema, deliveryEstimateSchema } from '@bazaar/shared';
import { declared, failures } from '../http/routeSchema';
import * as delivery from './service';

export async function deliveryRoutes(api: FastifyInstance): Promise<void> {
  // Public, but not in the catalogue's response cache: the answer moves with the date (a cached one would promise
  // yesterday's dates after midnight) and a catalogue write does not retire it, while computing it is one lookup
  // by primary key. So it leaves with the API's default `no-store`.
  declared(api).get(
    '/home/delivery-estimate',
    {
      schema: {
        tags: ['Catalogue'],
        querystring: deliveryEstimateQuerySchema,
        response: { 200: deliveryEstimateSchema, ...failures(400, 404) },
      },
    },
    async (request) => delivery.deliveryEstimate(api.ctx, request.query),
  );
}
