import type { FastifyInstance } from 'fastify';

export async function addressesRoutes(_api: FastifyInstance): Promise<void> {}
