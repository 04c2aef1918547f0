import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { DB, Dialect } from './db/database';
import type { SmsProvider } from './auth/sms';
import type { SessionsEndedListener } from './auth/session';
import type { MediaStorage } from './storage';

/** What every feature's routes and services are given. */
export interface AppContext {
  config: Config;
  db: DB;
  dialect: Dialect;
  log: FastifyBaseLogger;
  /** Where OTP texts go; tests pass a capturing provider. */
  sms: SmsProvider;
  /**
   * Told after sessions end (logout, sign-out everywhere, a password change). Other parts of the app register
   * here at start-up (realtime closes the sockets those sessions opened), so features never call them directly.
   */
  sessionsEndedListeners: SessionsEndedListener[];
  /** Where pictures are stored and served from (/media): a folder, or an S3-compatible bucket. */
  media: MediaStorage;
  /** The time now; tests fix it to check answers that depend on the date (delivery estimates). */
  clock: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
