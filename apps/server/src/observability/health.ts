import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';

declare module 'fastify' {
  interface FastifyInstance {
    /** Fails readiness from now on; main.ts calls it on a stop signal, before its drain grace period. */
    startDraining(): void;
  }
}

/** How long readiness waits for the database or Redis before calling it unreachable. */
const CHECK_TIMEOUT_MS = 2_000;

type CheckResult = 'ok' | 'unreachable';

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
  api.get('/health', async () => {
    await api.ctx.db.selectFrom('categories').select('id').limit(1).execute();
    return { status: 'ok', database: api.ctx.dialect };
  });

  api.get('/health/live', async () => ({ status: 'ok' }));

  api.get('/health/ready', async (_request, reply) => {
    if (draining()) return reply.code(503).send({ status: 'stopping' });
    const checks: Record<string, CheckResult> = {
      database: await check(() => sql`select 1`.execute(api.ctx.db)),
      ...(redis ? { redis: await check(() => redis.ping()) } : {}),
    };
    const ready = Object.values(checks).every((result) => result === 'ok');
    reply.code(ready ? 200 : 503);
    return { status: ready ? 'ok' : 'unavailable', checks };
  });
}
