import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from './catalog/routes';
import { authRoutes } from './auth/routes';

/** Each feature registers its own routes under /api. */
export async function registerFeatures(api: FastifyInstance): Promise<void> {
  await api.register(catalogRoutes);
  await api.register(authRoutes);
}
