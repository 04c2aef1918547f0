import type { Redis } from 'ioredis';

/**
 * How many socket handshakes one client IP may start per window. Each handshake costs a session check and two
 * presence announcements, so a client that connects and disconnects in a loop would otherwise make the server
 * query the database and message the person's counterparts as fast as it can reconnect.
 */
export interface HandshakeRate {
  /** Counts one handshake from `address`; false once the address is over its budget for the current window. */
  allow(address: string): Promise<boolean>;
  stop(): void;
}

interface Window {
  startedAt: number;
  count: number;
}

/** Counts of this process only: the fallback without Redis. */
export function localHandshakeRate(max: number, windowMs: number): HandshakeRate {
  const windows = new Map<string, Window>();
  // Forget finished windows, so addresses seen once do not stay in memory.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [address, window] of windows) if (now - window.startedAt >= windowMs) windows.delete(address);
  }, windowMs);
  sweep.unref();
  return {
    async allow(address) {
      const now = Date.now();
      let window = windows.get(address);
      if (!window || now - window.startedAt >= windowMs) {
        window = { startedAt: now, count: 0 };
        windows.set(address, window);
      }
      window.count += 1;
      return window.count <= max;
    },
    stop() {
      clearInterval(sweep);
      windows.clear();
    },
  };
}

/** Counts one handshake and starts the window's expiry with the first: returns the count so far. */
const COUNT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count
`;

/**
 * Counts shared by every process on the Redis, so spreading the handshakes over processes does not multiply the
 * budget. A Redis failure lets the handshake through rather than locking everyone out of the chat.
 */
export function redisHandshakeRate(
  redis: Redis,
  prefix: string,
  max: number,
  windowMs: number,
  onError: (err: unknown) => void,
): HandshakeRate {
  return {
    async allow(address) {
      try {
        const count = await redis.eval(COUNT_SCRIPT, 1, `${prefix}:socket-handshakes:${address}`, windowMs);
        return Number(count) <= max;
      } catch (err) {
        onError(err);
        return true;
      }
    },
    stop: () => undefined,
  };
}
