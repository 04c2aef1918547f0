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
  jwtSecret: string;
  /** Origin of the Vite dev server, the only origin CORS allows. */
  devOrigin: string;
  webDist: string;
  logLevel: string;
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
    jwtSecret: process.env.JWT_SECRET ?? developmentSecret(dataDir),
    devOrigin: process.env.DEV_ORIGIN ?? 'http://localhost:5173',
    webDist: path.join(repoRoot, 'apps/web/dist'),
    logLevel: process.env.LOG_LEVEL ?? (env === 'test' ? 'warn' : 'info'),
    ...overrides,
  };
}
