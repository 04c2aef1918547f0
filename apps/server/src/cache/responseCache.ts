import { createHash, randomBytes } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { CatalogueWriteTracker } from './catalogueWrites';
import { CatalogueVersion } from './catalogueVersion';
import { LruCache } from './lru';
import { preferredEncoding, type Encoding } from '../http/encoding';

/**
 * How browsers and shared caches may keep a public catalogue response. `maxAge` 0 means "revalidate every
 * time" (a cheap 304 thanks to the ETag), for pages whose stock decides what the shopper may do.
 */
export interface PublicCachePolicy {
  maxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
}

/** Lists, rails, categories and suggestions: a few seconds old is fine, and refreshed in the background. */
export const CATALOGUE_LIST_CACHE: PublicCachePolicy = { maxAgeSeconds: 5, staleWhileRevalidateSeconds: 30 };
/** The product page shows stock and decides whether Add to Cart appears: always revalidated. */
export const PRODUCT_PAGE_CACHE: PublicCachePolicy = { maxAgeSeconds: 0, staleWhileRevalidateSeconds: 0 };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks a public GET route whose response depends only on its URL and the catalogue. */
    publicCache?: PublicCachePolicy;
  }
  interface FastifyRequest {
    responseCache: RequestCacheState | null;
  }
}

interface RequestCacheState {
  /** The catalogue version when the request began; a response is stored only if it is still current. */
  version?: VersionSnapshot;
  /** Whether this reply was answered from the cache (its headers are already set). */
  served?: boolean;
  /** For changing requests: the process's catalogue write count when the request began. */
  writesAtStart?: number;
}

interface VersionSnapshot {
  local: number;
  shared: number;
  sharedUsable: boolean;
}

interface CachedResponse {
  body: string;
  etag: string;
  contentType: string;
  /** Until when (epoch ms) the entry is served as it is; after that it is served once more while it is refreshed. */
  freshUntil: number;
  /** Compressed copies, made on first demand and kept with the entry (never stored in Redis). */
  encoded?: Partial<Record<Encoding, Buffer>>;
}

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

function encode(body: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}

/** Local LRU in front of an optional Redis copy, both keyed by catalogue version and URL. */
class ResponseStore {
  private readonly local = new LruCache<CachedResponse>(
    { maxEntries: MAX_ENTRIES, maxSize: MAX_BYTES },
    (entry) => entry.body.length * 2,
  );

  constructor(private readonly options: ResponseCacheOptions) {}

  private redisKey(url: string, version: VersionSnapshot) {
    return `${this.options.redisKeyPrefix}:response:${version.shared}:${url}`;
  }

  async get(url: string, version: VersionSnapshot): Promise<CachedResponse | undefined> {
    const localKey = `${version.local}|${url}`;
    const hit = this.local.get(localKey);
    if (hit || !this.options.redis || !version.sharedUsable) return hit;
    const stored = await this.options.redis.get(this.redisKey(url, version)).catch(() => null);
    if (!stored) return undefined;
    const entry = JSON.parse(stored) as CachedResponse;
    this.local.set(localKey, entry, this.keepMs(entry));
    return entry;
  }

  /** A new entry, fresh for about `ttlSeconds`. */
  entry(body: string, contentType: string): CachedResponse {
    return {
      body,
      contentType,
      etag: etagOf(body),
      freshUntil: Date.now() + jittered(this.options.ttlSeconds * 1000),
    };
  }

  set(url: string, version: VersionSnapshot, entry: CachedResponse): void {
    const keepMs = this.keepMs(entry);
    this.local.set(`${version.local}|${url}`, entry, keepMs);
    if (this.options.redis && version.sharedUsable) {
      const { body, etag, contentType, freshUntil } = entry;
      this.options.redis
        .set(
          this.redisKey(url, version),
          JSON.stringify({ body, etag, contentType, freshUntil }),
          'PX',
          keepMs,
        )
        .catch(() => {});
    }
  }

  /** How much longer an entry may be kept at all: its fresh life plus the stale window. */
  private keepMs(entry: CachedResponse): number {
    return Math.max(1, entry.freshUntil + this.options.staleSeconds * 1000 - Date.now());
  }
}

function snapshot(version: CatalogueVersion): VersionSnapshot {
  return { local: version.local, shared: version.shared, sharedUsable: version.sharedUsable };
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
  const encoding =
    entry.body.length >= COMPRESS_THRESHOLD
      ? preferredEncoding(request.headers['accept-encoding'])
      : undefined;
  if (!encoding) return reply.send(entry.body);
  entry.encoded ??= {};
  const compressed = (entry.encoded[encoding] ??= encode(entry.body, encoding));
  return reply.header('content-encoding', encoding).send(compressed);
}

/**
 * Response caching for the public catalogue:
 * - routes opt in with `config.publicCache`; their 200 responses get an ETag (304 on If-None-Match) and a
 *   public Cache-Control, and are kept in memory (and in Redis) keyed by URL and catalogue version;
 * - every other API response is marked `no-store`, so nothing user-scoped lands in a shared cache;
 * - any write to a catalogue table bumps the version (see CatalogueWriteTracker), and a changing request that
 *   wrote bumps it again once it has answered, i.e. after its transaction committed, so an entry computed from
 *   pre-commit data cannot outlive the request.
 * - an entry past its lifetime answers once more while an internal request (app.inject, marked with a
 *   per-process secret header) recomputes it in the background, one refresh per URL at a time.
 * Register it before @fastify/compress so it stores uncompressed bodies, and before the session hook so a hit
 * costs no token check.
 */
export const responseCachePlugin = fp(
  async (app: FastifyInstance, options: ResponseCacheOptions) => {
    const version = options.redis
      ? await CatalogueVersion.shared(options.redis, options.redisKeyPrefix, app.log)
      : CatalogueVersion.inProcess(app.log);
    const stopListening = options.catalogueWrites.onWrite(() => version.bump());
    const store = new ResponseStore(options);
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
      await version.close();
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
      const current = snapshot(version);
      if (request.headers[REFRESH_HEADER] !== refreshSecret) {
        const entry = await store.get(request.url, current);
        if (entry) {
          const stale = entry.freshUntil <= Date.now();
          if (stale) refreshInBackground(request.url);
          request.responseCache = { served: true };
          return serveFromCache(request, reply, entry, policy, stale);
        }
      }
      request.responseCache = { version: current };
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const policy = request.routeOptions.config?.publicCache;
      const state = request.responseCache;
      if (!policy) {
        if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
          reply.header('cache-control', 'no-store');
        return payload;
      }
      if (state?.served || !state?.version || reply.statusCode !== 200 || typeof payload !== 'string')
        return payload;
      const entry = store.entry(
        payload,
        String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      );
      // A catalogue write landed while this response was computed: it may predate the write, so don't keep it.
      if (state.version.local === version.local) store.set(request.url, state.version, entry);
      reply
        .header('etag', entry.etag)
        .header('cache-control', cacheControl(policy))
        .header('x-cache', 'MISS');
      if (etagMatches(request.headers['if-none-match'], entry.etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    });

    app.addHook('onResponse', async (request) => {
      const writesAtStart = request.responseCache?.writesAtStart;
      if (writesAtStart !== undefined && options.catalogueWrites.writes !== writesAtStart) version.bump();
    });
  },
  { name: 'bazaar-response-cache' },
);
