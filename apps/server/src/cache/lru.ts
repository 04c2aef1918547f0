/**
 * A least-recently-used map with a per-entry expiry and a bound on the total size of what it holds, so a
 * crawler walking thousands of listing URLs cannot grow the process without limit.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; size: number; expiresAt: number }>();
  private totalSize = 0;

  constructor(
    private readonly limits: { maxEntries: number; maxSize: number },
    private readonly sizeOf: (value: V) => number = () => 1,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(key);
      return undefined;
    }
    // Re-inserting moves the key to the end of the Map's iteration order: the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, ttlMs: number): void {
    const size = this.sizeOf(value);
    if (size > this.limits.maxSize) return;
    this.remove(key);
    this.entries.set(key, { value, size, expiresAt: this.now() + ttlMs });
    this.totalSize += size;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.totalSize <= this.limits.maxSize) break;
      this.remove(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.totalSize = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalSize -= entry.size;
  }
}
