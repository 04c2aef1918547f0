import type { FastifyInstance } from 'fastify';

export async function wishlistRoutes(_api: FastifyInstance): Promise<void> {}
