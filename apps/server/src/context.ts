import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { DB, Dialect } from './db/database';
import type { SmsProvider } from './auth/sms';

/** What every feature's routes and services are given. */
export interface AppContext {
  config: Config;
  db: DB;
  dialect: Dialect;
  log: FastifyBaseLogger;
  /** Where OTP texts go; tests pass a capturing provider. */
  sms: SmsProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
