import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { DB, Dialect } from './db/database';

/** What every feature's routes and services are given. */
export interface AppContext {
  config: Config;
  db: DB;
  dialect: Dialect;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
