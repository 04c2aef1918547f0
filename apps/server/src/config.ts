import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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
  /** Session cookies carry `Secure` (never in the E2E run, which is plain http on 127.0.0.1). */
  secureCookies: boolean;
  authRateLimits: AuthRateLimits;
  payments: PaymentSettings;
  responseCache: ResponseCacheSettings;
}

/** Public catalogue responses kept by the server (see cache/responseCache.ts). */
export interface ResponseCacheSettings {
  /** The longest an entry is served as fresh without a catalogue write retiring it first (±25 %). */
  ttlSeconds: number;
  /** How long after that it may still answer while it is recomputed in the background. */
  staleSeconds: number;
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
  /** HMAC key of POST /api/payment/webhook; unset disables the webhook. */
  webhookSecret?: string;
  /** How often the reservation-expiry job runs (it also runs at startup); 0 runs it only at startup. */
  expiryJobIntervalSeconds: number;
}

function positiveNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function paymentSettings(): PaymentSettings {
  return {
    upiVpa: process.env.UPI_VPA || 'bazaar.demo@upi',
    upiPayeeName: process.env.UPI_PAYEE_NAME || 'Bazaar Fashion',
    reservationMinutes: positiveNumber('ORDER_RESERVATION_MINUTES', 30),
    attemptSeconds: positiveNumber('PAYMENT_ATTEMPT_SECONDS', 300),
    webhookSecret: process.env.PAYMENT_WEBHOOK_SECRET || undefined,
    expiryJobIntervalSeconds: positiveNumber('RESERVATION_JOB_INTERVAL_SECONDS', 60),
  };
}

/** How many sign-in requests a mobile, email or IP may make per window; each is overridable from the env. */
export interface AuthRateLimits {
  otpPerMobile: number;
  otpPerIp: number;
  loginPerEmail: number;
  loginPerIp: number;
  verifyOtpPerIp: number;
}

function authRateLimits(e2e: boolean): AuthRateLimits {
  const limit = (name: string, fallback: number) => {
    const value = Number(process.env[name]);
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  // The E2E suite drives every browser test from 127.0.0.1, so per-IP budgets would throttle unrelated tests.
  const perIp = (fallback: number) => (e2e ? 10_000 : fallback);
  return {
    otpPerMobile: limit('RATE_LIMIT_OTP_PER_MOBILE', 3),
    otpPerIp: limit('RATE_LIMIT_OTP_PER_IP', perIp(10)),
    loginPerEmail: limit('RATE_LIMIT_LOGIN_PER_EMAIL', 5),
    loginPerIp: limit('RATE_LIMIT_LOGIN_PER_IP', perIp(30)),
    verifyOtpPerIp: limit('RATE_LIMIT_VERIFY_OTP_PER_IP', perIp(20)),
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

export function loadConfig(overrides: Partial<Config> = {}): Config {
  const env = (process.env.NODE_ENV as Config['env']) ?? 'development';
  const e2e = process.env.E2E === '1';
  const devOrigin = process.env.DEV_ORIGIN ?? 'http://localhost:5173';
  const dataDir = overrides.dataDir ?? process.env.DATA_DIR ?? path.join(repoRoot, 'data');
  mkdirSync(dataDir, { recursive: true });
  return {
    env,
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    databaseSchema: process.env.DATABASE_SCHEMA || undefined,
    sqlitePath: process.env.SQLITE_PATH ?? path.join(dataDir, 'shop.db'),
    redisUrl: process.env.REDIS_URL || undefined,
    redisKeyPrefix: process.env.REDIS_KEY_PREFIX || 'bazaar',
    jwtSecret: process.env.JWT_SECRET ?? developmentSecret(dataDir),
    devOrigin,
    trustedOrigins: [
      ...(process.env.PUBLIC_ORIGIN ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      ...(env === 'production' ? [] : [devOrigin]),
    ],
    // WEB_DIST lets a test run serve a build made elsewhere (e.g. one developer's build beside another's).
    webDist: process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    logLevel: process.env.LOG_LEVEL ?? (env === 'test' ? 'warn' : 'info'),
    secureCookies: env === 'production' && !e2e,
    authRateLimits: authRateLimits(e2e),
    payments: paymentSettings(),
    responseCache: {
      ttlSeconds: positiveNumber('RESPONSE_CACHE_TTL_SECONDS', 60),
      staleSeconds: positiveNumber('RESPONSE_CACHE_STALE_SECONDS', 60),
    },
    ...overrides,
  };
}
