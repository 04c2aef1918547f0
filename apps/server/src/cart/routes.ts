import type { FastifyInstance } from 'fastify';

export async function cartRoutes(_api: FastifyInstance): Promise<void> {}
