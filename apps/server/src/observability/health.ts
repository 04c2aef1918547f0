import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { z } from 'zod';
import { declared } from '../http/routeSchema';

declare module 'fastify' {
  interface FastifyInstance {
    /** Fails readiness from now on; main.ts calls it on a stop signal, before its drain grace period. */
    startDraining(): void;
  }
}

/** How long readiness waits for the database or Redis before calling it unreachable. */
const CHECK_TIMEOUT_MS = 2_000;

const checkResult = z.enum(['ok', 'unreachable']);
type CheckResult = z.infer<typeof checkResult>;

const readiness = z.object({
  status: z.enum(['ok', 'unavailable', 'stopping']),
  checks: z.record(z.string(), checkResult).optional().describe('The database, and Redis when configured'),
});

async function check(probe: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

export interface HealthOptions {
  /** Checked by readiness when the server uses Redis. */
  redis?: Redis;
  /** True once the process is stopping: readiness fails so load balancers stop sending it requests. */
  draining: () => boolean;
}

/**
 * Probes for load balancers and orchestrators, under /api:
 * - `/health/live`: the process is up and its event loop turns (restart it when this fails);
 * - `/health/ready`: it can serve, i.e. it is not stopping and the database (and Redis, when configured) answer
 *   (route traffic elsewhere while this fails; 503 says why);
 * - `/health`: the original check, kept for existing monitors: a catalogue query, and which database is in use.
 */
export async function healthRoutes(api: FastifyInstance, { redis, draining }: HealthOptions): Promise<void> {
  const routes = declared(api);
  const tags = ['Health'];
  const ok = z.object({ status: z.literal('ok') });

  routes.get(
    '/health',
    {
      schema: {
        tags,
        response: { 200: ok.extend({ database: z.enum(['sqlite', 'postgres']) }) },
      },
    },
    async () => {
      await api.ctx.db.selectFrom('categories').select('id').limit(1).execute();
      return { status: 'ok' as const, database: api.ctx.dialect };
    },
  );

  routes.get('/health/live', { schema: { tags, response: { 200: ok } } }, async () => ({
    status: 'ok' as const,
  }));

  routes.get(
    '/health/ready',
    { schema: { tags, response: { 200: readiness, 503: readiness } } },
    async (_request, reply) => {
      if (draining()) return reply.code(503).send({ status: 'stopping' });
      const checks: Record<string, CheckResult> = {
        database: await check(() => sql`select 1`.execute(api.ctx.db)),
        ...(redis ? { redis: await check(() => redis.ping()) } : {}),
      };
      const ready = Object.values(checks).every((result) => result === 'ok');
      reply.code(ready ? 200 : 503);
      return { status: ready ? ('ok' as const) : ('unavailable' as const), checks };
    },
  );
}
