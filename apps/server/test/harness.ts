import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { loadConfig, type Config } from '../src/config';
import { ensureSchema, openDatabase, type DatabaseHandle } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { buildApp } from '../src/app';
import type { SmsProvider } from '../src/auth/sms';

/** Which database the API suite runs against: the Vitest project sets TEST_DB. */
export const testDialect = (process.env.TEST_DB ?? 'sqlite') as 'sqlite' | 'postgres';
export const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/**
 * A real server on a random port over a fresh database: a temp SQLite file, or a new PostgreSQL schema.
 * `prepare` runs after migrations (to seed what the test needs) and before the server listens.
 */
export async function startTestServer(
  options: {
    /** `config` says where the server's files go: `mediaStorage(config)` is where it serves pictures from. */
    prepare?: (db: DatabaseHandle, config: Config) => Promise<void>;
    config?: Partial<Config>;
    /** Receives the OTP texts instead of the log (the test-only hook for reading codes). */
    sms?: SmsProvider;
    /** The server's time now (`ctx.clock`), for answers that depend on the date. */
    clock?: () => Date;
  } = {},
): Promise<TestServer> {
  const { config, database, close } = await openFreshDatabase(options.config);
  await migrateToLatest(database.db, database.dialect);
  if (options.prepare) await options.prepare(database, config);
  const app = await buildApp({ config, database, sms: options.sms, clock: options.clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    config,
    async close() {
      await app.close();
      await close();
    },
  };
}

/** A fresh, empty database (a temp SQLite file, or a new PostgreSQL schema), not yet migrated. */
export async function openFreshDatabase(overrides: Partial<Config> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-test-'));
  const schema = `t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const config = loadConfig({
    env: 'test',
    dataDir,
    sqlitePath: path.join(dataDir, 'shop.db'),
    databaseUrl: testDialect === 'postgres' ? postgresUrl : undefined,
    databaseSchema: testDialect === 'postgres' ? schema : undefined,
    jwtSecret: 'test-secret-' + schema,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Test servers measure no throughput, and three test files and two journey servers share one PostgreSQL
    // (max_connections 100): node-postgres's 10 each, not production's 20.
    pgPoolSize: 10,
    ...overrides,
  });
  await ensureSchema(config);
  const database = openDatabase(config);
  return {
    config,
    database,
    async close() {
      await database.destroy();
      if (config.databaseSchema) await dropSchema(config.databaseSchema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** A tiny JSON client that keeps cookies, like a browser would. */
export class ApiClient {
  private cookies = new Map<string, string>();
  token?: string;

  constructor(private readonly baseUrl: string) {}

  /** A FormData body goes as multipart/form-data (fetch sets the boundary); anything else as JSON. */
  async request<T = any>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await this.send(method, url, body, headers);
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    return { status: response.status, body: json as T, headers: response.headers };
  }

  /** Fetches a binary answer (a PDF) as its bytes. */
  async download(url: string, headers: Record<string, string> = {}) {
    const response = await this.send('GET', url, undefined, headers);
    return {
      status: response.status,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
    };
  }

  private async send(method: string, url: string, body: unknown, headers: Record<string, string>) {
    const isForm = body instanceof FormData;
    const response = await fetch(this.baseUrl + '/api' + url, {
      method,
      headers: {
        // Browsers name the page's origin on every change they send; the server's CSRF check relies on it.
        origin: this.baseUrl,
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      body: body === undefined || isForm || typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get<T = any>(url: string) {
    return this.request<T>('GET', url);
  }
  post<T = any>(url: string, body: unknown = {}) {
    return this.request<T>('POST', url, body);
  }
  put<T = any>(url: string, body: unknown = {}) {
    return this.request<T>('PUT', url, body);
  }
  patch<T = any>(url: string, body: unknown = {}) {
    return this.request<T>('PATCH', url, body);
  }
  delete<T = any>(url: string) {
    return this.request<T>('DELETE', url);
  }
}

/**
 * A server app on an existing test database whose every statement is counted (BEGIN and COMMIT are not
 * statements here). Resolves once the reservation-expiry job's first run, which starts with the app, is over. It
 * sends no notifications: the delivery job, woken by any enqueue in the process, would add its statements to the
 * count at random (the test server's own job sends them).
 */
export async function countingApp(
  server: TestServer,
  config: Partial<Config> = {},
): Promise<{ app: FastifyInstance; queries: { count: number } }> {
  const queries = { count: 0 };
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      queries.count += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const app = await buildApp({
    config: {
      ...server.config,
      notifications: { ...server.config.notifications, deliver: false },
      // Nor polls for changes made outside the servers (one statement every few seconds, at random in the count).
      responseCache: { ...server.config.responseCache, outsideChangesPollSeconds: 0 },
      ...config,
    },
    database: { ...server.database, db: server.database.db.withPlugin(counter) },
  });
  await app.ready();
  await untilQuiet(queries);
  return { app, queries };
}

/** A shop whose reads are counted: the test server, and a counting app (`countingApp`) on its database over HTTP. */
export interface CountedShop {
  /** Where orders and cancellations go (and the test server's database). */
  writer: TestServer;
  /** Where shoppers read: a process whose every statement is counted. */
  reader: ApiClient;
  queries: { count: number };
}

export const COUNTED_SHOP_SET_UPS = ['one process', 'two processes sharing Redis'] as const;

/**
 * A counted shop over a database `prepare` seeds. In one process the orders go to the counted reader too (one
 * process hears its own writes only); in two sharing Redis they go to the test server and the reader hears of them
 * through Redis. `close` also deletes the run's Redis keys.
 */
export async function openCountedShop(
  prepare: (database: DatabaseHandle) => Promise<void>,
  setUp: (typeof COUNTED_SHOP_SET_UPS)[number],
): Promise<{ shop: CountedShop; close(): Promise<void> }> {
  const sharingRedis = setUp === 'two processes sharing Redis';
  const redisKeyPrefix = `bazaar-test-${randomBytes(4).toString('hex')}`;
  const server = await startTestServer({ prepare, config: sharingRedis ? { redisUrl, redisKeyPrefix } : {} });
  const reader = await countingApp(server);
  await reader.app.listen({ port: 0, host: '127.0.0.1' });
  const address = reader.app.server.address();
  const readerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    shop: {
      writer: sharingRedis ? server : { ...server, baseUrl: readerUrl },
      reader: new ApiClient(readerUrl),
      queries: reader.queries,
    },
    async close() {
      await reader.app.close();
      await server.close();
      if (sharingRedis) await deleteRedisKeys(redisKeyPrefix);
    },
  };
}

/**
 * Retries `read` until `accept` holds (pub/sub messages take a moment), giving up after two seconds with the last
 * value, which the caller's assertion then reports.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 2_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Deletes a run's keys from Redis (`redisKeyPrefix`): the change sequence and version counters have no expiry. */
export async function deleteRedisKeys(redisKeyPrefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${redisKeyPrefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

/**
 * The same tests under one set-up of the shop (one process, or two sharing Redis, …): `open` starts it before the
 * first test and its `close` ends it after the last. `tests` declares them with `shop`, which is filled in by the
 * time they run.
 */
export function describeShop<Shop extends object>(
  title: string,
  open: () => Promise<{ shop: Shop; close(): Promise<void> }>,
  tests: (shop: Shop) => void,
): void {
  describe(title, () => {
    const shop = {} as Shop;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const opened = await open();
      Object.assign(shop, opened.shop);
      close = () => opened.close();
    });
    afterAll(async () => close?.());
    tests(shop);
  });
}

/** Waits until no statement has been counted for 150 ms (background work such as a cache refresh is done). */
export async function untilQuiet(queries: { count: number }): Promise<void> {
  for (let last = -1; last !== queries.count;) {
    last = queries.count;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/**
 * Waits until the delivery job has settled every queued notification (none left pending), so a snapshot of the
 * tables taken next is not changed by a send under it.
 */
export async function untilOutboxSettled(db: DatabaseHandle['db']): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { pending } = await db
      .selectFrom('notification_outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('pending'))
      .where('state', '=', 'pending')
      .executeTakeFirstOrThrow();
    if (Number(pending) === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending} notifications still pending`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
