import type { FastifyInstance } from 'fastify';

export async function paymentsRoutes(_api: FastifyInstance): Promise<void> {}
