import { createHash, randomBytes } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { CatalogueWriteTracker } from './catalogueWrites';
import { CatalogueChangeLog, type EntryStamp } from './catalogueChanges';
import { CatalogueMemo, registerCatalogueMemo } from './catalogueMemo';
import { cacheKey, type InputSchema } from './cacheKey';
import { LruCache } from './lru';
import { preferredEncoding, type Encoding } from '../http/encoding';
import { countResponseCacheLookup } from '../observability/metrics';

/**
 * How browsers and shared caches may keep a public catalogue response. `maxAge` 0 means "revalidate every
 * time" (a cheap 304 thanks to the ETag), for pages whose stock decides what the shopper may do.
 */
export interface PublicCachePolicy {
  maxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
}

/**
 * A public route's cache settings. The cache key is made of what the route's declared `params` and `querystring`
 * schemas accept (the same declaration that validates its input), so parameters it does not read never make a
 * new entry.
 */
export type PublicCacheConfig = PublicCachePolicy;

/** Lists, rails, categories and suggestions: a few seconds old is fine, and refreshed in the background. */
export const CATALOGUE_LIST_CACHE: PublicCachePolicy = { maxAgeSeconds: 5, staleWhileRevalidateSeconds: 30 };
/** The product page shows stock and decides whether Add to Cart appears: always revalidated. */
export const PRODUCT_PAGE_CACHE: PublicCachePolicy = { maxAgeSeconds: 0, staleWhileRevalidateSeconds: 0 };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks a public GET route whose response depends only on its URL and the catalogue. */
    publicCache?: PublicCacheConfig;
  }
  interface FastifyRequest {
    responseCache: RequestCacheState | null;
  }
}

interface RequestCacheState {
  /** The entry's key, built from what the route reads. */
  key?: string;
  /** When its computation began; a response is stored only if nothing it depends on changed since. */
  stamp?: EntryStamp;
  /** Whether this reply was answered from the cache (its headers are already set). */
  served?: boolean;
  /** For changing requests: the process's catalogue write count when the request began. */
  writesAtStart?: number;
}

interface CachedResponse {
  body: string;
  etag: string;
  contentType: string;
  /** Until when (epoch ms) the entry is served as it is; after that it is served once more while it is refreshed. */
  freshUntil: number;
  /** Compressed copies, made on first demand and kept with the entry (never stored in Redis). */
  encoded?: Partial<Record<Encoding, Buffer>>;
  stamp: EntryStamp;
}

/** What Redis keeps of an entry: its shared stamp, never this process's count or compressed copies. */
type StoredResponse = Omit<CachedResponse, 'encoded' | 'stamp'> & {
  stamp: Pick<EntryStamp, 'shared' | 'stockOf' | 'banners' | 'sizesIn' | 'inStockFrom'>;
};

export interface ResponseCacheOptions {
  catalogueWrites: CatalogueWriteTracker;
  /** With Redis, entries are shared by every server process and invalidations reach all of them. */
  redis?: Redis;
  redisKeyPrefix: string;
  /** Upper bound on how long an entry lives even without a catalogue write (covers a write's commit race). */
  ttlSeconds: number;
  /**
   * How long past its lifetime an entry may still answer while a background request recomputes it, so a
   * popular URL never makes a shopper wait for its database queries once it has been computed.
   */
  staleSeconds: number;
}

const MAX_ENTRIES = 5_000;
const REFRESH_HEADER = 'x-bazaar-cache-refresh';
const MAX_BYTES = 64 * 1024 * 1024;
/** Below this, compressing costs more than the bytes it saves (the same threshold as @fastify/compress). */
const COMPRESS_THRESHOLD = 1024;

/** Lifetimes vary by ±25 % so the entries a burst of traffic created do not all expire in the same second. */
const jittered = (ms: number) => Math.round(ms * (0.75 + Math.random() * 0.5));

const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

function cacheControl(policy: PublicCachePolicy): string {
  if (policy.maxAgeSeconds === 0) return 'public, no-cache';
  return `public, max-age=${policy.maxAgeSeconds}, stale-while-revalidate=${policy.staleWhileRevalidateSeconds}`;
}

/** True when an If-None-Match header names this ETag (or `*`); weak comparison, as RFC 9110 asks for. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Brotli quality for API answers. Every miss pays the compression once, and on an uncached product page it had
 * become the largest single cost after the statements: on 50 product pages of ~19.6 KB (100,000 products),
 * quality 4 (@fastify/compress's default) took 0.24 ms for 3,884 bytes, quality 2 0.13 ms for 4,135 bytes (+6.5 %,
 * a quarter of a kilobyte), quality 1 0.08 ms for 4,508 bytes. Answers are fetched after the first paint, which
 * server-rendered HTML makes (see PAGE_BROTLI_QUALITY).
 */
export const ANSWER_BROTLI_QUALITY = 2;
/** Server-rendered pages are kept and compressed once each, and their bytes are on the first paint's path. */
export const PAGE_BROTLI_QUALITY = 4;

/** The encoding an answer of this body goes in for a request's Accept-Encoding: none for a small body. */
export function answerEncoding(body: string, acceptEncoding: string | undefined): Encoding | undefined {
  return body.length >= COMPRESS_THRESHOLD ? preferredEncoding(acceptEncoding) : undefined;
}

export function compressBody(
  body: string,
  encoding: Encoding,
  brotliQuality = ANSWER_BROTLI_QUALITY,
): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: brotliQuality, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}

/**
 * The entry's body in the best encoding the request accepts, compressed once per entry and encoding and kept
 * with it. A miss is compressed here as well, synchronously, and the first hit reuses it: through
 * @fastify/compress a 2–20 KB answer went the stream path (its synchronous one stops at 8 KB on two cores),
 * whose stream machinery cost the server about as much CPU as the compression, and was compressed again on its
 * first hit.
 */
function bodyFor(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse): string | Buffer {
  reply.header('vary', 'accept-encoding');
  const encoding = answerEncoding(entry.body, request.headers['accept-encoding']);
  if (!encoding) return entry.body;
  entry.encoded ??= {};
  const compressed = (entry.encoded[encoding] ??= compressBody(entry.body, encoding));
  reply.header('content-encoding', encoding);
  return compressed;
}

/** Local LRU in front of an optional Redis copy, both keyed by what the route reads and checked against the change log. */
class ResponseStore {
  private readonly local = new LruCache<CachedResponse>(
    { maxEntries: MAX_ENTRIES, maxSize: MAX_BYTES },
    (entry) => entry.body.length * 2,
  );

  constructor(
    private readonly options: ResponseCacheOptions,
    private readonly changes: CatalogueChangeLog,
  ) {}

  private redisKey(key: string) {
    return `${this.options.redisKeyPrefix}:response:${key}`;
  }

  async get(key: string): Promise<CachedResponse | undefined> {
    const hit = this.local.get(key);
    if (hit && this.changes.currentLocally(hit.stamp)) return hit;
    if (!this.options.redis || !this.changes.sharedUsable) return undefined;
    const text = await this.options.redis.get(this.redisKey(key)).catch(() => null);
    if (!text) return undefined;
    const stored = JSON.parse(text) as StoredResponse;
    const stamp = { ...stored.stamp, local: this.changes.stampNow().local };
    if (!this.changes.currentShared(stamp)) return undefined;
    const entry: CachedResponse = { ...stored, stamp };
    this.local.set(key, entry, this.keepMs(entry));
    return entry;
  }

  /** A new entry, fresh for about `ttlSeconds`. */
  entry(body: string, contentType: string, stamp: EntryStamp): CachedResponse {
    return {
      body,
      contentType,
      etag: etagOf(body),
      freshUntil: Date.now() + jittered(this.options.ttlSeconds * 1000),
      stamp,
    };
  }

  /** Keeps `entry` unless something it depends on changed while it was computed (it may predate the change). */
  set(key: string, entry: CachedResponse): void {
    if (!this.changes.currentLocally(entry.stamp)) return;
    const keepMs = this.keepMs(entry);
    this.local.set(key, entry, keepMs);
    if (this.options.redis && this.changes.currentShared(entry.stamp)) {
      const { body, etag, contentType, freshUntil, stamp } = entry;
      const stored: StoredResponse = {
        body,
        etag,
        contentType,
        freshUntil,
        stamp: {
          shared: stamp.shared,
          stockOf: stamp.stockOf,
          banners: stamp.banners,
          sizesIn: stamp.sizesIn,
          inStockFrom: stamp.inStockFrom,
        },
      };
      this.options.redis.set(this.redisKey(key), JSON.stringify(stored), 'PX', keepMs).catch(() => {});
    }
  }

  /** How much longer an entry may be kept at all: its fresh life plus the stale window. */
  private keepMs(entry: CachedResponse): number {
    return Math.max(1, entry.freshUntil + this.options.staleSeconds * 1000 - Date.now());
  }
}

/**
 * Tells the response cache which products' stock this answer shows (product pages, listings): an order for one
 * of them retires it. Answers that name no products (categories, home rails, banners) depend only on catalogue
 * changes other than stock, so orders leave them cached; the stock they carry may be up to a lifetime old.
 */
export function showsStockOf(request: FastifyRequest, products: readonly { _id: number }[]): void {
  const stamp = request.responseCache?.stamp;
  if (stamp) stamp.stockOf = [...new Set([...stamp.stockOf, ...products.map((product) => product._id)])];
}

/**
 * The stamp of the answer this request computes for the cache, if it computes one: catalogue reads given it
 * (`CatalogueReading`) add where they read sizes in stock, so a size selling out or coming back there retires it.
 */
export function answerStampOf(request: FastifyRequest): EntryStamp | undefined {
  return request.responseCache?.stamp;
}

/** Tells the response cache this answer shows the banners: an admin's banner change retires it (and only it). */
export function showsBanners(request: FastifyRequest): void {
  const stamp = request.responseCache?.stamp;
  if (stamp) stamp.banners = true;
}

function serveFromCache(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedResponse,
  policy: PublicCachePolicy,
  stale: boolean,
) {
  reply
    .header('etag', entry.etag)
    .header('cache-control', cacheControl(policy))
    .header('x-cache', stale ? 'STALE' : 'HIT');
  reply.header('vary', 'accept-encoding');
  if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.type(entry.contentType);
  return reply.send(bodyFor(request, reply, entry));
}

/**
 * Response caching for the public catalogue:
 * - routes opt in with `config.publicCache`; their 200 responses get an ETag (304 on If-None-Match) and a
 *   public Cache-Control, and are kept in memory (and in Redis) keyed by what the route reads (see cacheKey);
 * - every other API response is marked `no-store`, so nothing user-scoped lands in a shared cache;
 * - every write to a catalogue table is recorded in the change log (see CatalogueWriteTracker and
 *   CatalogueChangeLog): a stock change retires the answers showing those products (`showsStockOf`), any other
 *   write retires everything. A changing request that wrote records its changes again once it has answered,
 *   i.e. after its transaction committed, so an entry computed from pre-commit data cannot outlive the request.
 * - an entry past its lifetime answers once more while an internal request (app.inject, marked with a
 *   per-process secret header) recomputes it in the background, one refresh per URL at a time.
 * Register it before @fastify/compress so it stores uncompressed bodies, and before the session hook so a hit
 * costs no token check.
 */
export const responseCachePlugin = fp(
  async (app: FastifyInstance, options: ResponseCacheOptions) => {
    // Fresh for up to 1.25 × ttl (jitter), then stale for staleSeconds; a second more covers the computation.
    const longestEntryMs = (options.ttlSeconds * 1.25 + options.staleSeconds + 1) * 1000;
    const changes = options.redis
      ? await CatalogueChangeLog.shared(options.redis, options.redisKeyPrefix, longestEntryMs, app.log)
      : CatalogueChangeLog.inProcess(longestEntryMs, app.log);
    const stopListening = options.catalogueWrites.onWrite((change) => changes.record(change));
    const store = new ResponseStore(options, changes);
    // Shared pieces of catalogue answers (category tree, match counts) follow the same change log.
    registerCatalogueMemo(app.ctx.db, new CatalogueMemo(changes, options.ttlSeconds * 1000));
    // Only this process knows the value, so no client can force a recomputation by sending the header.
    const refreshSecret = randomBytes(16).toString('hex');
    const refreshing = new Set<string>();
    let closing = false;
    const refreshInBackground = (url: string) => {
      if (closing || refreshing.has(url)) return;
      refreshing.add(url);
      app
        .inject({ method: 'GET', url, headers: { [REFRESH_HEADER]: refreshSecret } })
        .catch((error: unknown) => app.log.warn({ err: error, url }, 'response cache refresh failed'))
        .finally(() => refreshing.delete(url));
    };
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onClose', async () => {
      stopListening();
      await changes.close();
    });

    app.decorateRequest('responseCache', null);

    app.addHook('onRequest', async (request, reply) => {
      const policy = request.routeOptions.config?.publicCache;
      if (!policy) {
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          request.responseCache = { writesAtStart: options.catalogueWrites.writes };
        }
        return;
      }
      if (request.method !== 'GET') return;
      const key = cacheKey({
        route: request.routeOptions.url ?? request.url,
        params: request.params,
        query: request.query,
        paramsSchema: request.routeOptions.schema?.params as InputSchema | undefined,
        querySchema: request.routeOptions.schema?.querystring as InputSchema | undefined,
      });
      // Input the route refuses: the handler answers 400, and nothing is cached.
      if (key === undefined) return;
      const stamp = changes.stampNow();
      if (request.headers[REFRESH_HEADER] !== refreshSecret) {
        const entry = await store.get(key);
        if (entry) {
          const stale = entry.freshUntil <= Date.now();
          countResponseCacheLookup(stale ? 'stale' : 'hit');
          if (stale) refreshInBackground(request.url);
          request.responseCache = { served: true };
          return serveFromCache(request, reply, entry, policy, stale);
        }
        countResponseCacheLookup('miss');
      }
      request.responseCache = { key, stamp };
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const policy = request.routeOptions.config?.publicCache;
      const state = request.responseCache;
      if (!policy) {
        if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
          reply.header('cache-control', 'no-store');
        return payload;
      }
      if (
        state?.served ||
        !state?.key ||
        !state.stamp ||
        reply.statusCode !== 200 ||
        typeof payload !== 'string'
      )
        return payload;
      const entry = store.entry(
        payload,
        String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        state.stamp,
      );
      store.set(state.key, entry);
      reply
        .header('etag', entry.etag)
        .header('cache-control', cacheControl(policy))
        .header('x-cache', 'MISS');
      if (etagMatches(request.headers['if-none-match'], entry.etag)) {
        reply.code(304);
        return '';
      }
      return bodyFor(request, reply, entry);
    });

    app.addHook('onResponse', async (request) => {
      const writesAtStart = request.responseCache?.writesAtStart;
      if (writesAtStart !== undefined && options.catalogueWrites.writes !== writesAtStart)
        changes.record(options.catalogueWrites.changesSince(writesAtStart));
    });
  },
  { name: 'bazaar-response-cache' },
);
