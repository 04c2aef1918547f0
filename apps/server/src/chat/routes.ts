import type { FastifyInstance } from 'fastify';

export async function chatRoutes(_api: FastifyInstance): Promise<void> {}
