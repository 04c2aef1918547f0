import type { FastifyInstance } from 'fastify';

export async function reviewsRoutes(_api: FastifyInstance): Promise<void> {}
