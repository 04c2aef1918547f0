import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The repository, found from this module's place: apps/server/src here, or a chunk of the compiled server in
 * apps/server/dist (scripts/build-server.mjs keeps its output at the same depth).
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Raised when an environment variable holds a value the server cannot run with; the message names each one. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
  const error =
    max === Number.MAX_SAFE_INTEGER
      ? `must be a whole number of at least ${min}`
      : `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

function numberAbove(min: number) {
  const error = `must be a number above ${min}`;
  return z.coerce.number({ error }).gt(min, { error });
}

function numberFrom(min: number) {
  const error = `must be a number of at least ${min}`;
  return z.coerce.number({ error }).min(min, { error });
}

/** More reverse proxies than this in front of one server is a mistake in TRUST_PROXY, not a deployment. */
const MAX_PROXY_HOPS = 10;

const flag = z
  .enum(['1', '0', 'true', 'false'], { error: 'must be 1 or 0 (true or false)' })
  .transform((value) => value === '1' || value === 'true');

function hasScheme(value: string, schemes: string[]): boolean {
  try {
    return schemes.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function url(schemes: string[], error: string) {
  return z.string().refine((value) => hasScheme(value, schemes), { error });
}

const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .refine((origins) => origins.every((origin) => hasScheme(origin, ['http:', 'https:'])), {
    error: 'must be comma-separated http(s):// origins',
  });

/**
 * Every environment variable the server and its commands read, with its default. Nothing else reads
 * process.env: a setting is added here and handed on through `Config`.
 */
const settingsSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  /** The browser-test run: production build over plain http on 127.0.0.1. */
  E2E: flag.default(false),
  PORT: wholeNumber(0, 65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: url(
    ['postgres:', 'postgresql:'],
    'must be a postgres:// URL (unset, SQLite is used)',
  ).optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, { error: 'must be a PostgreSQL name: letters, digits and _' })
    .optional(),
  SQLITE_PATH: z.string().optional(),
  // 20, not node-postgres's 10: with ten, an uncached page waited for a connection behind slower statements while
  // orders flowed (bench mixed scenario on PostgreSQL, two cores: read p99 53-61 ms with 10, 31-37 ms with 20 and 33
  // ms with 30; orders/s and uncached pages unchanged).
  PG_POOL_SIZE: wholeNumber(1).default(20),
  REDIS_URL: url(['redis:', 'rediss:'], 'must be a redis:// or rediss:// URL').optional(),
  REDIS_KEY_PREFIX: z.string().default('bazaar'),
  JWT_SECRET: z.string().optional(),
  DEV_ORIGIN: url(['http:', 'https:'], 'must be an http(s):// origin').default('http://localhost:5173'),
  PUBLIC_ORIGIN: originList.default([]),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  TRUST_PROXY: wholeNumber(0, MAX_PROXY_HOPS).default(0),
  SHUTDOWN_GRACE_MS: wholeNumber(0).default(500),
  CLUSTER_WORKERS: wholeNumber(1).default(() => os.availableParallelism()),
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  API_DOCS: flag.default(true),
  UPI_VPA: z
    .string()
    .regex(/^[\w.-]+@[\w.-]+$/, { error: 'must be a UPI id such as shop@bank' })
    .default('bazaar.demo@upi'),
  UPI_PAYEE_NAME: z.string().default('Bazaar Fashion'),
  ORDER_RESERVATION_MINUTES: numberAbove(0).default(30),
  PAYMENT_ATTEMPT_SECONDS: numberAbove(0).default(300),
  // 24 hours: the payment pages tell the shopper verification may take up to 24 hours, so a shorter hold would
  // cancel orders people have paid for while we still promise to verify them. A made-up UTR holds stock no longer
  // than that (an operator's Reject frees it at once), and the caps on open unpaid orders per account bound how
  // much one account can hold meanwhile.
  PAYMENT_UTR_HOLD_MINUTES: numberAbove(0).default(1440),
  PAYMENT_WEBHOOK_SECRET: z.string().optional(),
  MAX_OPEN_UNPAID_ORDERS: wholeNumber(1).default(3),
  RESERVATION_JOB_INTERVAL_SECONDS: numberFrom(0).default(60),
  RATE_LIMIT_OTP_PER_MOBILE: wholeNumber(1).default(3),
  RATE_LIMIT_OTP_PER_IP: wholeNumber(1).optional(),
  RATE_LIMIT_LOGIN_PER_EMAIL: wholeNumber(1).default(5),
  RATE_LIMIT_LOGIN_PER_IP: wholeNumber(1).optional(),
  RATE_LIMIT_VERIFY_OTP_PER_IP: wholeNumber(1).optional(),
  RESPONSE_CACHE_TTL_SECONDS: numberAbove(0).default(60),
  RESPONSE_CACHE_STALE_SECONDS: numberAbove(0).default(60),
  CATALOGUE_POLL_SECONDS: numberFrom(0).default(5),
  CHAT_SOCKETS_PER_PERSON: wholeNumber(1).default(10),
  CHAT_SOCKETS_PER_IP: wholeNumber(1).default(50),
  CHAT_HANDSHAKES_PER_IP_PER_MINUTE: wholeNumber(1).optional(),
  CHAT_SOCKET_EVENTS_PER_WINDOW: wholeNumber(1).default(30),
  CHAT_SOCKET_EVENT_WINDOW_SECONDS: wholeNumber(1).default(10),
  CHAT_MESSAGES_PER_MINUTE: wholeNumber(1).default(30),
  // Product photos in an S3-compatible bucket instead of DATA_DIR/media (see s3Settings).
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name: 3-63 of a-z, 0-9, . and -',
    })
    .optional(),
  S3_ENDPOINT: url(['http:', 'https:'], 'must be an http(s):// URL (unset: AWS itself)').optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  // E-mail (issue 19): SMTP when set; unset, each message is written as an .eml file under DATA_DIR/outbox.
  SMTP_URL: url(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Bazaar <no-reply@bazaar.example>'),
  /** The shop's address in e-mails' links (the admin console's sellers page); default the first PUBLIC_ORIGIN. */
  SHOP_URL: url(['http:', 'https:'], 'must be an http(s):// URL').optional(),
  NOTIFICATION_MAX_ATTEMPTS: wholeNumber(1).default(6),
  NOTIFICATION_RETRY_SECONDS: numberAbove(0).default(60),
  NOTIFICATION_POLL_SECONDS: numberAbove(0).default(30),
  /** 0 keeps this process from sending the outbox (another process, or a later start, sends it). */
  NOTIFICATION_DELIVERY: flag.default(true),
});

export type Settings = z.infer<typeof settingsSchema>;

/** Values worth keeping out of logs and terminals, even when they are wrong. */
const SECRET_SETTINGS = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'JWT_SECRET',
  'METRICS_TOKEN',
  'PAYMENT_WEBHOOK_SECRET',
  'S3_SECRET_ACCESS_KEY',
  // It may carry the mail account's password.
  'SMTP_URL',
]);

/** The settings in `source` (process.env), validated; a ConfigError lists every unusable one. */
export function readSettings(source: NodeJS.ProcessEnv): Settings {
  // An empty variable (`FOO=`) counts as unset, so a wrapper can blank one out.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = settingsSchema.superRefine(s3SettingsComplete).safeParse(given);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const shown = SECRET_SETTINGS.has(name) ? '' : ` (it is ${JSON.stringify(given[name])})`;
    return `  ${name} ${issue.message}${shown}`;
  });
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; otherwise SQLite at `sqlitePath`. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests get a fresh one per run). */
  databaseSchema?: string;
  sqlitePath: string;
  redisUrl?: string;
  /** Prefix of the Socket.IO Redis adapter's channels; processes that should talk to each other share it. */
  redisKeyPrefix: string;
  jwtSecret: string;
  /** Origin of the Vite dev server, the only origin CORS allows. */
  devOrigin: string;
  /**
   * Origins besides the server's own (its Host) that may send cookie-authenticated changes: PUBLIC_ORIGIN
   * (comma-separated, for a proxy that rewrites Host) and, outside production, the dev origin.
   */
  trustedOrigins: string[];
  webDist: string;
  logLevel: string;
  /** PostgreSQL connections each process keeps. */
  pgPoolSize: number;
  /** How long a stopping process keeps reading requests before it closes (see main.ts). */
  shutdownGraceMs: number;
  /** Server processes `npm run start:cluster` runs. */
  clusterWorkers: number;
  /** Bearer token that lets a scraper read /metrics from anywhere; unset, only unproxied loopback requests may. */
  metricsToken?: string;
  /** Serve the OpenAPI document and its browsable page at /api/docs (public documentation of a public API). */
  apiDocs: boolean;
  /**
   * Reverse proxies in front of the server, each appending to X-Forwarded-For: client IPs (rate limits, socket
   * caps) are the entry this many places from the right; 0 takes the connection's own address.
   */
  trustedProxyHops: number;
  /** Session cookies carry `Secure` (never in the E2E run, which is plain http on 127.0.0.1). */
  secureCookies: boolean;
  authRateLimits: AuthRateLimits;
  payments: PaymentSettings;
  orders: OrderSettings;
  responseCache: ResponseCacheSettings;
  chatLimits: ChatLimits;
  /** Where product photos are stored: an S3-compatible bucket when set, else DATA_DIR/media. */
  s3?: S3Settings;
  notifications: NotificationSettings;
}

/** E-mail and SMS delivery from the outbox (notifications/). */
export interface NotificationSettings {
  /** smtp(s)://user:pass@host:port; unset, messages are written as .eml files under DATA_DIR/outbox. */
  smtpUrl?: string;
  /** The From of every e-mail. */
  mailFrom: string;
  /** Absolute address of the shop for links in e-mails, without a trailing slash. */
  shopUrl: string;
  /** Tries per message before it is marked failed. */
  maxAttempts: number;
  /** Wait before the first retry; each further retry waits twice as long. */
  retryBaseSeconds: number;
  /** How often each process looks for due messages besides being woken by an enqueue (other processes' messages). */
  pollSeconds: number;
  /** Whether this process runs the delivery job. */
  deliver: boolean;
}

function notificationSettings(settings: Settings): NotificationSettings {
  const shopUrl = settings.SHOP_URL ?? settings.PUBLIC_ORIGIN[0] ?? `http://localhost:${settings.PORT}`;
  return {
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM,
    shopUrl: shopUrl.replace(/\/+$/, ''),
    maxAttempts: settings.NOTIFICATION_MAX_ATTEMPTS,
    retryBaseSeconds: settings.NOTIFICATION_RETRY_SECONDS,
    pollSeconds: settings.NOTIFICATION_POLL_SECONDS,
    deliver: settings.NOTIFICATION_DELIVERY,
  };
}

/** An S3-compatible bucket for the media storage (AWS, MinIO, Ceph, R2, a local test server). */
export interface S3Settings {
  bucket: string;
  /** Unset: AWS's own endpoint for `region`. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `http://host/bucket/key` addressing, which local and self-hosted servers need; the default with an endpoint. */
  forcePathStyle: boolean;
}

const S3_VARIABLES = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/** Any S3_* setting asks for the bucket, so the bucket and both keys must then be given too. */
function s3SettingsComplete(settings: Settings, context: z.RefinementCtx): void {
  if (!S3_VARIABLES.some((name) => settings[name] !== undefined)) return;
  for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (settings[name] === undefined)
      context.addIssue({ code: 'custom', path: [name], message: 'must be set when any S3_* setting is' });
  }
}

function s3Settings(settings: Settings): S3Settings | undefined {
  const {
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
  } = settings;
  if (!bucket || !accessKeyId || !secretAccessKey) return undefined;
  return {
    bucket,
    endpoint: settings.S3_ENDPOINT,
    region: settings.S3_REGION,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? settings.S3_ENDPOINT !== undefined,
  };
}

/** Budgets of the chat: sockets per person and per IP, events per socket, messages per sender. */
export interface ChatLimits {
  /** Open sockets one customer or one seller may have at once (tabs, devices), across processes with Redis. */
  socketsPerPerson: number;
  /** Open sockets from one client IP at once, across processes with Redis. */
  socketsPerIp: number;
  /** Socket handshakes one client IP may start per minute, across processes with Redis. */
  handshakesPerIpPerMinute: number;
  /** Events one socket may send per `socketEventWindowSeconds`; a socket going beyond is disconnected. */
  socketEventsPerWindow: number;
  socketEventWindowSeconds: number;
  /** Messages one customer or seller may send per minute over REST. */
  messagesPerMinute: number;
}

function chatLimits(settings: Settings): ChatLimits {
  return {
    socketsPerPerson: settings.CHAT_SOCKETS_PER_PERSON,
    socketsPerIp: settings.CHAT_SOCKETS_PER_IP,
    // Every browser test connects from 127.0.0.1, page after page, so the E2E run would exhaust one IP's budget.
    handshakesPerIpPerMinute: settings.CHAT_HANDSHAKES_PER_IP_PER_MINUTE ?? (settings.E2E ? 10_000 : 120),
    socketEventsPerWindow: settings.CHAT_SOCKET_EVENTS_PER_WINDOW,
    socketEventWindowSeconds: settings.CHAT_SOCKET_EVENT_WINDOW_SECONDS,
    messagesPerMinute: settings.CHAT_MESSAGES_PER_MINUTE,
  };
}

/** Public catalogue responses kept by the server (see cache/responseCache.ts). */
export interface ResponseCacheSettings {
  /** The longest an entry is served as fresh without a catalogue write retiring it first (±25 %). */
  ttlSeconds: number;
  /** How long after that it may still answer while it is recomputed in the background. */
  staleSeconds: number;
  /**
   * How often the server looks for catalogue changes made outside the servers (`npm run seller:approve`), which
   * retire its cached answers; 0 never looks (they then wait for the entries to expire).
   */
  outsideChangesPollSeconds: number;
}

/** UPI payee, payment windows and the bank webhook secret. */
export interface PaymentSettings {
  /** Payee UPI id (VPA) in every payment link; the default is a demo id that no bank resolves. */
  upiVpa: string;
  upiPayeeName: string;
  /** How long a placed, unpaid order holds its stock without a UTR. */
  reservationMinutes: number;
  /** One payment attempt on the timer page (the spec's 300 s countdown). */
  attemptSeconds: number;
  /** How long a submitted but unverified UTR keeps the order's stock before the expiry job releases it. */
  utrHoldMinutes: number;
  /** HMAC key of POST /api/payment/webhook; unset disables the webhook. */
  webhookSecret?: string;
  /** How often the reservation-expiry job runs (it also runs at startup); 0 runs it only at startup. */
  expiryJobIntervalSeconds: number;
}

/** Limits on placing orders. */
export interface OrderSettings {
  /**
   * Unpaid, uncancelled orders one customer may have at once: each holds its stock until paid or expired, so
   * without a bound one free account could hold the catalogue with a stream of orders it never pays.
   */
  maxOpenUnpaidOrders: number;
}

function paymentSettings(settings: Settings): PaymentSettings {
  return {
    upiVpa: settings.UPI_VPA,
    upiPayeeName: settings.UPI_PAYEE_NAME,
    reservationMinutes: settings.ORDER_RESERVATION_MINUTES,
    attemptSeconds: settings.PAYMENT_ATTEMPT_SECONDS,
    utrHoldMinutes: settings.PAYMENT_UTR_HOLD_MINUTES,
    webhookSecret: settings.PAYMENT_WEBHOOK_SECRET,
    expiryJobIntervalSeconds: settings.RESERVATION_JOB_INTERVAL_SECONDS,
  };
}

/** How many sign-in requests a mobile, email or IP may make per window; each is overridable from the env. */
export interface AuthRateLimits {
  otpPerMobile: number;
  otpPerIp: number;
  /** Failed password sign-ins per account from one IP in 15 minutes (failures from elsewhere only slow it down). */
  loginPerEmail: number;
  loginPerIp: number;
  verifyOtpPerIp: number;
}

function authRateLimits(settings: Settings): AuthRateLimits {
  // The E2E suite drives every browser test from 127.0.0.1, so per-IP budgets would throttle unrelated tests.
  const perIp = (fallback: number) => (settings.E2E ? 10_000 : fallback);
  return {
    otpPerMobile: settings.RATE_LIMIT_OTP_PER_MOBILE,
    otpPerIp: settings.RATE_LIMIT_OTP_PER_IP ?? perIp(10),
    loginPerEmail: settings.RATE_LIMIT_LOGIN_PER_EMAIL,
    loginPerIp: settings.RATE_LIMIT_LOGIN_PER_IP ?? perIp(30),
    verifyOtpPerIp: settings.RATE_LIMIT_VERIFY_OTP_PER_IP ?? perIp(20),
  };
}

/** In development the JWT secret is generated once and kept in data/, so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** For the server and the commands: the configuration, or what is wrong with it on stderr and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** The configuration from the environment (`source`), then `overrides`; throws a ConfigError on a bad value. */
export function loadConfig(overrides: Partial<Config> = {}, source: NodeJS.ProcessEnv = process.env): Config {
  const settings = readSettings(source);
  const env = settings.NODE_ENV;
  const dataDir = overrides.dataDir ?? settings.DATA_DIR ?? path.join(repoRoot, 'data');
  mkdirSync(dataDir, { recursive: true });
  return {
    env,
    port: settings.PORT,
    host: settings.HOST,
    dataDir,
    databaseUrl: settings.DATABASE_URL,
    databaseSchema: settings.DATABASE_SCHEMA,
    sqlitePath: settings.SQLITE_PATH ?? path.join(dataDir, 'shop.db'),
    redisUrl: settings.REDIS_URL,
    redisKeyPrefix: settings.REDIS_KEY_PREFIX,
    jwtSecret: settings.JWT_SECRET ?? developmentSecret(dataDir),
    devOrigin: settings.DEV_ORIGIN,
    trustedOrigins: [...settings.PUBLIC_ORIGIN, ...(env === 'production' ? [] : [settings.DEV_ORIGIN])],
    // WEB_DIST lets a test run serve a build made elsewhere (e.g. one developer's build beside another's).
    webDist: settings.WEB_DIST ? path.resolve(settings.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    logLevel: settings.LOG_LEVEL ?? (env === 'test' ? 'warn' : 'info'),
    pgPoolSize: settings.PG_POOL_SIZE,
    shutdownGraceMs: settings.SHUTDOWN_GRACE_MS,
    clusterWorkers: settings.CLUSTER_WORKERS,
    metricsToken: settings.METRICS_TOKEN,
    apiDocs: settings.API_DOCS,
    trustedProxyHops: settings.TRUST_PROXY,
    secureCookies: env === 'production' && !settings.E2E,
    authRateLimits: authRateLimits(settings),
    payments: paymentSettings(settings),
    orders: { maxOpenUnpaidOrders: settings.MAX_OPEN_UNPAID_ORDERS },
    responseCache: {
      ttlSeconds: settings.RESPONSE_CACHE_TTL_SECONDS,
      staleSeconds: settings.RESPONSE_CACHE_STALE_SECONDS,
      outsideChangesPollSeconds: settings.CATALOGUE_POLL_SECONDS,
    },
    chatLimits: chatLimits(settings),
    s3: s3Settings(settings),
    notifications: notificationSettings(settings),
    ...overrides,
  };
}
