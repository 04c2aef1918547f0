import type { Redis } from 'ioredis';

/** One capped count of open sockets, e.g. those of one customer or of one IP. */
export interface SlotLimit {
  key: string;
  cap: number;
}

/**
 * Counts open sockets under keys with a cap each. A socket takes a slot under all its keys or under none, and gives
 * them back when it closes.
 */
export interface ConnectionSlots {
  /** False, taking nothing, when any key is already at its cap. */
  take(socketId: string, limits: SlotLimit[]): Promise<boolean>;
  give(socketId: string, keys: string[]): Promise<void>;
  stop(): void;
}

/** Counts of this process only: enough for one server process, and the fallback without Redis. */
export function localSlots(): ConnectionSlots {
  const holders = new Map<string, Set<string>>();
  return {
    async take(socketId, limits) {
      if (limits.some(({ key, cap }) => (holders.get(key)?.size ?? 0) >= cap)) return false;
      for (const { key } of limits) {
        const held = holders.get(key) ?? new Set<string>();
        held.add(socketId);
        holders.set(key, held);
      }
      return true;
    },
    async give(socketId, keys) {
      for (const key of keys) {
        const held = holders.get(key);
        held?.delete(socketId);
        if (held?.size === 0) holders.delete(key);
      }
    },
    stop() {
      holders.clear();
    },
  };
}

/**
 * Checks every key and takes all the slots in one step, so two processes cannot both take a key's last slot.
 * Members are socket ids scored with the time their slot lapses: a process that dies without giving its slots back
 * only holds them until then, since every check first drops the lapsed ones.
 * KEYS: the counts; ARGV: now, lapse time, socket id, then one cap per key. Returns 0, or the 1-based key at its cap.
 */
const TAKE_SCRIPT = `
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[1])
  if redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then return i end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[2], ARGV[3])
  redis.call('PEXPIREAT', key, ARGV[2])
end
return 0
`;

/** How long a slot lasts without being renewed; live sockets renew theirs three times per period. */
const SLOT_LEASE_MS = 60_000;

/**
 * Counts shared by every process on the Redis: with REDIS_URL a cap holds for a person or an IP however the load
 * balancer spreads their sockets. A Redis failure admits the socket (the per-socket limits still apply) rather
 * than locking everyone out of the chat.
 */
export function redisSlots(redis: Redis, prefix: string, onError: (err: unknown) => void): ConnectionSlots {
  const redisKey = (key: string) => `${prefix}:socket-slots:${key}`;
  /** Slots this process holds, renewed while their sockets are open. */
  const held = new Map<string, string[]>();

  const renew = setInterval(() => {
    if (held.size === 0) return;
    const lapse = Date.now() + SLOT_LEASE_MS;
    const batch = redis.pipeline();
    for (const [socketId, keys] of held) {
      for (const key of keys) {
        batch.zadd(redisKey(key), 'XX', lapse, socketId);
        batch.pexpireat(redisKey(key), lapse);
      }
    }
    batch.exec().catch(onError);
  }, SLOT_LEASE_MS / 3);
  renew.unref();

  return {
    async take(socketId, limits) {
      const now = Date.now();
      try {
        const atCap = await redis.eval(
          TAKE_SCRIPT,
          limits.length,
          ...limits.map(({ key }) => redisKey(key)),
          now,
          now + SLOT_LEASE_MS,
          socketId,
          ...limits.map(({ cap }) => cap),
        );
        if (atCap !== 0) return false;
      } catch (err) {
        onError(err);
        return true;
      }
      held.set(
        socketId,
        limits.map(({ key }) => key),
      );
      return true;
    },
    async give(socketId, keys) {
      held.delete(socketId);
      const batch = redis.pipeline();
      for (const key of keys) batch.zrem(redisKey(key), socketId);
      await batch.exec().catch(onError);
    },
    stop() {
      clearInterval(renew);
    },
  };
}
