import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The process's Redis command connection, shared by the rate limiter and the response cache (the Socket.IO
 * adapter keeps its own pair). Errors are logged rather than thrown: ioredis reconnects by itself.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  redis.on('error', (err) => log.error({ err }, 'redis connection error'));
  return redis;
}
