import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { CatalogueChange, ListingPlace } from './catalogueWrites';

/**
 * The products a cached value counts or filters by their sizes in stock (or by whether they are in stock): those
 * in one of these categories, of one of these brands and of one of these colours, a facet left out meaning any.
 * Derived from the value's filter, so it never leaves out a product the filter lets through.
 */
export interface SizesScope {
  categoryIds?: readonly number[];
  brands?: readonly string[];
  colours?: readonly string[];
}

/**
 * The narrowest scope covering all of these, for an answer made of values that read them: a facet stays only
 * where every scope names it. Undefined when none reads sizes.
 */
export function coveringScope(scopes: readonly (SizesScope | undefined)[]): SizesScope | undefined {
  const named = scopes.filter((scope): scope is SizesScope => scope !== undefined);
  if (!named.length) return undefined;
  const union = <T>(facet: (scope: SizesScope) => readonly T[] | undefined): T[] | undefined =>
    named.every((scope) => facet(scope) !== undefined)
      ? [...new Set(named.flatMap((scope) => facet(scope)!))]
      : undefined;
  const categoryIds = union((scope) => scope.categoryIds);
  const brands = union((scope) => scope.brands);
  const colours = union((scope) => scope.colours);
  return { ...(categoryIds && { categoryIds }), ...(brands && { brands }), ...(colours && { colours }) };
}

/**
 * When a cached answer was computed, and what it depends on beyond the catalogue as a whole: the products
 * whose stock it shows, whether it shows the banners, and where it counts products by their sizes in stock. An
 * order changes one product's stock, so only answers showing that product go (and, when it sold out a size, the
 * size counts and size-filtered listings that can include it); an admin's banner change retires only the answers
 * showing banners.
 */
export interface EntryStamp {
  /** This process's change count when the answer's computation began. */
  local: number;
  /** The cluster-wide change sequence then (Redis only); -1 when it could not be trusted. */
  shared: number;
  stockOf: readonly number[];
  /** The answer shows the banners (`GET /api/getallbannerItems`). */
  banners?: boolean;
  /** The answer counts or filters products by their sizes in stock, within this scope. */
  sizesIn?: SizesScope;
  /**
   * The answer picks products in stock from these categories (the product page's carousels), beyond those it
   * shows (`stockOf`): a sold-out product there coming back in stock retires it.
   */
  inStockFrom?: readonly number[];
}

/** When something last changed, in this process's count and in the cluster's sequence (0: not known). */
interface ChangeMark {
  local: number;
  shared: number;
  /** Epoch ms, to forget marks older than any entry can be. */
  at: number;
}

const NEVER: ChangeMark = { local: 0, shared: 0, at: 0 };
/** Forget old stock marks every so many changes. */
const PRUNE_EVERY = 1_000;

/** The marks a move of sizes raises: one per facet of where the product is listed. */
const placeMarkKeys = (place: ListingPlace) => [
  `category:${place.categoryId}`,
  `brand:${place.brand.toLowerCase()}`,
  `colour:${place.colour.toLowerCase()}`,
];

/** The marks of each facet a scope names, as `placeMarkKeys` spells them. */
const scopeMarkKeys = (scope: SizesScope): string[][] =>
  [
    scope.categoryIds?.map((id) => `category:${id}`),
    scope.brands?.map((brand) => `brand:${brand.toLowerCase()}`),
    scope.colours?.map((colour) => `colour:${colour.toLowerCase()}`),
  ].filter((keys): keys is string[] => keys !== undefined);

/** What a change retires: the stock of some products, the banners, or (neither) the whole catalogue. */
interface ChangeTarget {
  /** Products whose stock changed, or null for a change of the whole catalogue or of the banners. */
  stockOf: number[] | null;
  banners?: boolean;
  /** Where products whose sizes in stock moved are listed (with `stockOf`). */
  sizesMovedIn?: ListingPlace[];
  /** The categories of sold-out products back in stock (with `stockOf`). */
  backInStockIn?: number[];
}

type Announcement = ChangeTarget & { sequence: number };

const targetOf = (change: CatalogueChange): ChangeTarget =>
  change.kind === 'stock'
    ? {
        stockOf: change.productIds,
        ...(change.sizesMovedIn && { sizesMovedIn: change.sizesMovedIn }),
        ...(change.backInStockIn && { backInStockIn: change.backInStockIn }),
      }
    : change.kind === 'banners'
      ? { stockOf: null, banners: true }
      : { stockOf: null };

/**
 * The catalogue's change log, which decides whether a cached answer is still current. Each change is stamped in
 * two counts: `local`, bumped on every change this process makes or hears of (the in-process cache trusts it),
 * and, with Redis, `shared`, a cluster-wide sequence handed out by Redis after the statement ran and announced
 * over pub/sub (the Redis cache trusts it). An answer stays current while nothing it depends on has changed
 * since its computation began: neither the catalogue as a whole nor the stock of a product it shows.
 *
 * While this process's own change is still on its way to Redis its shared stamp is unknown, so the Redis cache
 * is skipped (`sharedUsable` false). A process that joins late has not heard earlier changes, so Redis entries
 * stamped before it joined are not trusted.
 */
export class CatalogueChangeLog {
  private local = 0;
  private shared = 0;
  private joinedAt = 0;
  private inFlight = 0;
  private catalogue: ChangeMark = NEVER;
  private bannersMark: ChangeMark = NEVER;
  private readonly stock = new Map<number, ChangeMark>();
  /** The last move of any product's sizes in stock, and of those listed in each category, brand and colour. */
  private sizesMoved: ChangeMark = NEVER;
  private readonly sizesMovedIn = new Map<string, ChangeMark>();
  /** The last time a sold-out product of each category came back in stock. */
  private readonly backInStockIn = new Map<number, ChangeMark>();
  private changesSincePrune = 0;
  private subscriber?: Redis;

  private constructor(
    private readonly redis: Redis | undefined,
    private readonly keys: { counter: string; channel: string },
    /** How long an entry can live at most; marks older than that can no longer retire anything. */
    private readonly longestEntryMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  static inProcess(longestEntryMs: number, log: FastifyBaseLogger): CatalogueChangeLog {
    return new CatalogueChangeLog(undefined, { counter: '', channel: '' }, longestEntryMs, log);
  }

  /** Joins the cluster-wide sequence: subscribes to other processes' changes, then reads where it stands. */
  static async shared(
    redis: Redis,
    prefix: string,
    longestEntryMs: number,
    log: FastifyBaseLogger,
  ): Promise<CatalogueChangeLog> {
    const changes = new CatalogueChangeLog(
      redis,
      { counter: `${prefix}:catalogue-sequence`, channel: `${prefix}:catalogue-changes` },
      longestEntryMs,
      log,
    );
    const subscriber = redis.duplicate();
    subscriber.on('error', (err) => log.error({ err }, 'redis subscriber error'));
    subscriber.on('message', (_channel, message) => changes.heard(message));
    await subscriber.subscribe(changes.keys.channel);
    changes.subscriber = subscriber;
    const current = Number((await redis.get(changes.keys.counter)) ?? 0);
    changes.joinedAt = current;
    changes.shared = Math.max(changes.shared, current);
    return changes;
  }

  /** The stamp for an answer whose computation begins now (its products are filled in when it is done). */
  stampNow(): EntryStamp {
    return { local: this.local, shared: this.sharedUsable ? this.shared : -1, stockOf: [] };
  }

  get sharedUsable(): boolean {
    return this.redis !== undefined && this.inFlight === 0;
  }

  /** Whether an answer stamped so is current by this process's count (the in-process cache). */
  currentLocally(stamp: EntryStamp): boolean {
    return (
      this.catalogue.local <= stamp.local &&
      (!stamp.banners || this.bannersMark.local <= stamp.local) &&
      stamp.stockOf.every((id) => this.markOf(id).local <= stamp.local) &&
      this.sizesUnmovedIn(stamp.sizesIn, (mark) => mark.local > stamp.local) &&
      (stamp.inStockFrom ?? []).every((id) => this.backInStockMarkOf(id).local <= stamp.local)
    );
  }

  /** Whether an answer stamped so in the cluster's sequence is current (the Redis cache). */
  currentShared(stamp: EntryStamp): boolean {
    return (
      this.sharedUsable &&
      stamp.shared >= this.joinedAt &&
      this.catalogue.shared <= stamp.shared &&
      (!stamp.banners || this.bannersMark.shared <= stamp.shared) &&
      stamp.stockOf.every((id) => this.markOf(id).shared <= stamp.shared) &&
      this.sizesUnmovedIn(stamp.sizesIn, (mark) => mark.shared > stamp.shared) &&
      (stamp.inStockFrom ?? []).every((id) => this.backInStockMarkOf(id).shared <= stamp.shared)
    );
  }

  /**
   * Whether no product the scope lets through has had its sizes in stock move since the entry began (`newer`).
   * Such a product is listed in one of the scope's values of every facet the scope names, so the entry is current
   * when some named facet has seen no move in any of its values (moves of different products in each facet retire
   * it as well: rare, and safe).
   */
  private sizesUnmovedIn(scope: SizesScope | undefined, newer: (mark: ChangeMark) => boolean): boolean {
    if (!scope || !newer(this.sizesMoved)) return true;
    const facets = scopeMarkKeys(scope);
    return facets.some((keys) => keys.every((key) => !newer(this.sizesMovedIn.get(key) ?? NEVER)));
  }

  /** A catalogue write happened here: retire what it changed in this process now, and everywhere through Redis. */
  record(change: CatalogueChange): void {
    const target = targetOf(change);
    this.mark(target, { local: ++this.local, shared: 0, at: Date.now() });
    if (!this.redis) return;
    const redis = this.redis;
    this.inFlight += 1;
    redis
      .incr(this.keys.counter)
      .then(async (sequence) => {
        this.observeShared(target, sequence);
        const announcement: Announcement = { ...target, sequence };
        await redis.publish(this.keys.channel, JSON.stringify(announcement));
      })
      .catch((err) => this.log.error({ err }, 'could not announce a catalogue change'))
      .finally(() => {
        this.inFlight -= 1;
      });
  }

  async close(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  /** Another process's change (or our own announcement coming back). */
  private heard(message: string): void {
    let announcement: Announcement;
    try {
      announcement = JSON.parse(message) as Announcement;
    } catch {
      return;
    }
    if (!Number.isInteger(announcement.sequence)) return;
    const { sequence, ...target } = announcement;
    if (this.alreadyMarked(target, sequence)) return;
    this.local += 1;
    this.observeShared(target, sequence);
  }

  /** Our own announcement echoes back: every mark it names already carries its sequence. */
  private alreadyMarked({ stockOf, banners }: ChangeTarget, sequence: number): boolean {
    if (banners) return this.bannersMark.shared >= sequence;
    if (stockOf === null) return this.catalogue.shared >= sequence;
    return stockOf.every((id) => this.markOf(id).shared >= sequence);
  }

  private observeShared(target: ChangeTarget, sequence: number): void {
    this.shared = Math.max(this.shared, sequence);
    this.mark(target, { local: this.local, shared: sequence, at: Date.now() });
  }

  /** Raises the marks of what changed (never lowers them: announcements may arrive out of order). */
  private mark({ stockOf, banners, sizesMovedIn, backInStockIn }: ChangeTarget, next: ChangeMark): void {
    const raised = (previous: ChangeMark): ChangeMark => ({
      local: Math.max(previous.local, next.local),
      shared: Math.max(previous.shared, next.shared),
      at: next.at,
    });
    if (banners) {
      this.bannersMark = raised(this.bannersMark);
      return;
    }
    if (stockOf === null) {
      this.catalogue = raised(this.catalogue);
      return;
    }
    for (const id of stockOf) this.stock.set(id, raised(this.markOf(id)));
    if (sizesMovedIn?.length) {
      this.sizesMoved = raised(this.sizesMoved);
      for (const key of sizesMovedIn.flatMap(placeMarkKeys))
        this.sizesMovedIn.set(key, raised(this.sizesMovedIn.get(key) ?? NEVER));
    }
    for (const categoryId of backInStockIn ?? [])
      this.backInStockIn.set(categoryId, raised(this.backInStockMarkOf(categoryId)));
    this.changesSincePrune += 1;
    if (this.changesSincePrune >= PRUNE_EVERY) this.prune();
  }

  private markOf(productId: number): ChangeMark {
    return this.stock.get(productId) ?? NEVER;
  }

  private backInStockMarkOf(categoryId: number): ChangeMark {
    return this.backInStockIn.get(categoryId) ?? NEVER;
  }

  /** Drops stock marks older than any entry can be: whatever they retired has expired by now. */
  private prune(): void {
    this.changesSincePrune = 0;
    const horizon = Date.now() - this.longestEntryMs;
    for (const [id, mark] of this.stock) if (mark.at < horizon) this.stock.delete(id);
    for (const [key, mark] of this.sizesMovedIn) if (mark.at < horizon) this.sizesMovedIn.delete(key);
    for (const [id, mark] of this.backInStockIn) if (mark.at < horizon) this.backInStockIn.delete(id);
  }
}
