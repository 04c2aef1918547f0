import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from './catalog/routes';
import { reviewsRoutes } from './reviews/routes';
import { authRoutes } from './auth/routes';
import { cartRoutes } from './cart/routes';
import { wishlistRoutes } from './wishlist/routes';

/** Each feature registers its own routes under /api. */
export async function registerFeatures(api: FastifyInstance): Promise<void> {
  await api.register(catalogRoutes);
  await api.register(reviewsRoutes);
  await api.register(authRoutes);
  await api.register(cartRoutes);
  await api.register(wishlistRoutes);
}
