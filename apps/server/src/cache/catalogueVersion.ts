import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The catalogue's version: cached responses are stored under the version they were computed at and looked
 * up under the current one, so bumping it retires every earlier entry at once.
 *
 * - `local` changes on every catalogue write this process makes and on every bump announced by another
 *   process; the in-process cache is keyed by it.
 * - `shared` (Redis only) is the cluster-wide counter, kept in Redis and announced over pub/sub; the Redis
 *   cache is keyed by it. While this process's own bump is still on its way to Redis, `shared` is not yet
 *   trustworthy, so `sharedUsable` is false and the Redis cache is skipped.
 */
export class CatalogueVersion {
  local = 0;
  shared = 0;
  private inFlight = 0;
  private subscriber?: Redis;

  private constructor(
    private readonly redis: Redis | undefined,
    private readonly keys: { counter: string; channel: string },
    private readonly log: FastifyBaseLogger,
  ) {}

  static inProcess(log: FastifyBaseLogger): CatalogueVersion {
    return new CatalogueVersion(undefined, { counter: '', channel: '' }, log);
  }

  /** Joins the cluster-wide counter: reads it and subscribes to other processes' bumps. */
  static async shared(redis: Redis, prefix: string, log: FastifyBaseLogger): Promise<CatalogueVersion> {
    const version = new CatalogueVersion(
      redis,
      { counter: `${prefix}:catalogue-version`, channel: `${prefix}:catalogue-version` },
      log,
    );
    const subscriber = redis.duplicate();
    subscriber.on('error', (err) => log.error({ err }, 'redis subscriber error'));
    subscriber.on('message', (_channel, message) => version.observe(Number(message)));
    await subscriber.subscribe(version.keys.channel);
    version.subscriber = subscriber;
    version.observe(Number((await redis.get(version.keys.counter)) ?? 0));
    return version;
  }

  get sharedUsable(): boolean {
    return this.redis !== undefined && this.inFlight === 0;
  }

  /** A catalogue write happened here: retire this process's entries now, and everyone's through Redis. */
  bump(): void {
    this.local += 1;
    if (!this.redis) return;
    const redis = this.redis;
    this.inFlight += 1;
    redis
      .incr(this.keys.counter)
      .then(async (next) => {
        this.shared = Math.max(this.shared, next);
        await redis.publish(this.keys.channel, String(next));
      })
      .catch((err) => this.log.error({ err }, 'could not announce a catalogue change'))
      .finally(() => {
        this.inFlight -= 1;
      });
  }

  /** Another process (or our own announcement coming back) reports the cluster-wide version. */
  private observe(next: number): void {
    if (!Number.isFinite(next) || next <= this.shared) return;
    this.shared = next;
    this.local += 1;
  }

  async close(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }
}
