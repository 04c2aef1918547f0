import type { FastifyInstance } from 'fastify';

export async function ordersRoutes(_api: FastifyInstance): Promise<void> {}
