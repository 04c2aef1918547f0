import type { FastifyInstance } from 'fastify';

export async function authRoutes(_api: FastifyInstance): Promise<void> {}
