import type { FastifyInstance } from 'fastify';

export async function dashboardRoutes(_api: FastifyInstance): Promise<void> {}
