import { coveringScope, type CatalogueChangeLog, type EntryStamp, type SizesScope } from './catalogueChanges';
import { LruCache } from './lru';

const MAX_ENTRIES = 10_000;

/**
 * Small values derived from the catalogue that many different answers share: the category tree (every listing
 * and product page resolves categories) and a filter's match count (the same for every sort and page of that
 * filter: counting a broad filter reads tens of thousands of index entries, the page itself twelve rows).
 * Kept per process and retired by the response cache's change log, so any catalogue write made through the
 * server (by any process sharing Redis) retires them at once. Most stock changes do not: only values that count
 * products by their sizes in stock (the size facet, any count under a size filter: `products.sizes_in_stock` of
 * migration 027) name a `SizesScope`, and only a stock change that sold out a size or brought one back for a
 * product within that scope retires them; an order that leaves every size in stock retires nothing here.
 * Entries live at most the response cache's lifetime, which bounds how long a change made behind the server's
 * back can go unseen, as for cached answers.
 */
export class CatalogueMemo {
  private readonly entries = new LruCache<{ value: unknown; stamp: EntryStamp }>({
    maxEntries: MAX_ENTRIES,
    maxSize: MAX_ENTRIES,
  });

  /**
   * Computations under way: requests that miss together share one (the search vocabulary reads every brand, and
   * a burst of searches after a catalogue change would otherwise each read them).
   */
  private readonly computing = new Map<string, { value: Promise<unknown>; stamp: EntryStamp }>();

  constructor(
    private readonly changes: CatalogueChangeLog,
    private readonly ttlMs: number,
  ) {}

  /**
   * The value kept for `key` if nothing it depends on has changed since it was computed, else `compute()`'s. A
   * value computed under `key` must always depend on the same `sizesIn` and `inStockFrom`.
   */
  async get<T>(key: string, compute: () => Promise<T>, dependsOn: MemoDependencies<T> = {}): Promise<T> {
    const { sizesIn, inStockFrom, productsShown } = dependsOn;
    const kept = this.entries.get(key);
    if (kept && this.changes.currentLocally(kept.stamp)) return kept.value as T;
    // Joined only if it started after the last change, so no caller gets an answer older than its request.
    const running = this.computing.get(key);
    if (running && this.changes.currentLocally(running.stamp)) return running.value as Promise<T>;
    const stamp: EntryStamp = {
      ...this.changes.stampNow(),
      ...(sizesIn && { sizesIn }),
      ...(inStockFrom && { inStockFrom }),
    };
    const value = compute().finally(() => {
      if (this.computing.get(key)?.value === value) this.computing.delete(key);
    });
    this.computing.set(key, { value, stamp });
    const computed = await value;
    // Its products' stock marks raised since the stamp was taken count too: an order of one of them during the
    // computation keeps the value from being kept, as any catalogue change does.
    if (productsShown) stamp.stockOf = productsShown(computed);
    // A change that landed while it was computed may not be in it: keep it only if there was none.
    if (this.changes.currentLocally(stamp)) this.entries.set(key, { value: computed, stamp }, this.ttlMs);
    return computed;
  }
}

/** One memo per database handle of a running app (registered by the response cache plugin). */
const memos = new WeakMap<object, CatalogueMemo>();

export function registerCatalogueMemo(db: object, memo: CatalogueMemo): void {
  memos.set(db, memo);
}

/**
 * What catalogue values are read with: the database handle (whose app may keep a memo) and, while a cached answer
 * is being computed, that answer's stamp (`answerStamp`), to which every value read adds what it depends on. So
 * what an answer read decides what retires it, and no caller works its dependencies out again.
 */
export interface CatalogueReading {
  db: object;
  answerStamp?: EntryStamp;
}

/**
 * Records that the answer being computed counts or filters products by their sizes in stock (or by whether they are
 * in stock) within `scope`: a size selling out or coming back for a product there retires it. Undefined (the read
 * reads no sizes) changes nothing.
 */
export function readsSizesIn(reading: CatalogueReading, scope: SizesScope | undefined): void {
  const stamp = reading.answerStamp;
  if (stamp && scope) stamp.sizesIn = coveringScope([stamp.sizesIn, scope]);
}

/**
/**
 * Records that the answer being computed picks products in stock from these categories beyond those it shows (the
 * product page's carousels): a sold-out product there coming back in stock retires it.
 */
export function readsInStockFrom(
  reading: CatalogueReading,
  categoryIds: readonly number[] | undefined,
): void {
  const stamp = reading.answerStamp;
  if (stamp && categoryIds?.length)
    stamp.inStockFrom = [...new Set([...(stamp.inStockFrom ?? []), ...categoryIds])];
}

/**
 * What a kept value depends on beyond the catalogue as a whole (whose every change retires it):
 * - `sizesIn`: it counts or filters products by their sizes in stock (or by whether they are in stock) within that
 *   scope;
 * - `inStockFrom`: it picks products in stock from these categories (a carousel), so a sold-out product there
 *   coming back in stock retires it;
 * - `productsShown`: the products whose stock it shows (a carousel's cards), so an order of one of them retires it.
 * The answer being computed depends on `sizesIn` and `inStockFrom` as well, kept or not.
 */
export interface MemoDependencies<T> {
  sizesIn?: SizesScope;
  inStockFrom?: readonly number[];
  productsShown?: (value: T) => readonly number[];
}

/**
 * `compute()`, or the value kept for `key` when the app serving `reading.db` keeps one (scripts and tools that call
 * the catalogue service without a server always compute).
 */
export function memoized<T>(
  reading: CatalogueReading,
  key: string,
  compute: () => Promise<T>,
  dependsOn: MemoDependencies<T> = {},
): Promise<T> {
  readsSizesIn(reading, dependsOn.sizesIn);
  readsInStockFrom(reading, dependsOn.inStockFrom);
  const memo = memos.get(reading.db);
  return memo ? memo.get(key, compute, dependsOn) : compute();
}
