import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats } from '../db/database';
import { z } from 'zod';
import { contentOf, declared, failures } from '../http/routeSchema';
import { forbidden, unauthorized } from '../http/errors';

/**
 * One registry per process, since a process is what Prometheus scrapes (each cluster worker answers for itself).
 * Servers built side by side in one process (tests) add to the same series.
 */
const registry = new Registry();
collectDefaultMetrics({ register: registry });

const httpRequestDuration = new Histogram({
  name: 'bazaar_http_request_duration_seconds',
  help: 'Time from receiving a request to sending its response, by route pattern (its _count is the request rate)',
  labelNames: ['method', 'route', 'status_code'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** Requests received (headers read) and not yet answered or abandoned: what a graceful shutdown must finish. */
const httpRequestsInFlight = new Gauge({
  name: 'bazaar_http_requests_in_flight',
  help: 'Requests whose headers have arrived and whose response has not yet been sent (or whose client went away)',
  registers: [registry],
});

/** How the public catalogue response cache answered: from memory, stale while refreshed, or by computing. */
export type ResponseCacheResult = 'hit' | 'stale' | 'miss';

const responseCacheLookups = new Counter({
  name: 'bazaar_response_cache_lookups_total',
  help: 'Public catalogue requests by how the response cache answered them (hit, stale: served while refreshed, miss)',
  labelNames: ['result'],
  registers: [registry],
});

new Gauge({
  name: 'bazaar_response_cache_hit_ratio',
  help: 'Share of public catalogue requests answered from the response cache (hit or stale) since the process started',
  registers: [registry],
  async collect() {
    const { values } = await responseCacheLookups.get();
    const count = (result: ResponseCacheResult) =>
      values.find((value) => value.labels.result === result)?.value ?? 0;
    const answered = count('hit') + count('stale');
    const total = answered + count('miss');
    this.set(total === 0 ? 0 : answered / total);
  },
});

export function countResponseCacheLookup(result: ResponseCacheResult): void {
  responseCacheLookups.inc({ result });
}

const jobLastRun = new Gauge({
  name: 'bazaar_job_last_run_timestamp_seconds',
  help: 'When a background job last finished a run (alert on time() minus this growing past its interval)',
  labelNames: ['job'],
  registers: [registry],
});
const jobLastSuccess = new Gauge({
  name: 'bazaar_job_last_success_timestamp_seconds',
  help: 'When a background job last finished a run without error',
  labelNames: ['job'],
  registers: [registry],
});
const jobLastDuration = new Gauge({
  name: 'bazaar_job_last_run_duration_seconds',
  help: 'How long the last run of a background job took',
  labelNames: ['job'],
  registers: [registry],
});
const jobRuns = new Counter({
  name: 'bazaar_job_runs_total',
  help: 'Runs of a background job by outcome',
  labelNames: ['job', 'outcome'],
  registers: [registry],
});

/** Records one finished run of a background job that started at `startedAt` (epoch ms). */
export function recordJobRun(job: string, startedAt: number, outcome: 'success' | 'failure'): void {
  const finishedAt = Date.now();
  jobLastRun.set({ job }, finishedAt / 1000);
  jobLastDuration.set({ job }, (finishedAt - startedAt) / 1000);
  if (outcome === 'success') jobLastSuccess.set({ job }, finishedAt / 1000);
  jobRuns.inc({ job, outcome });
}

const pools = new Set<() => PoolStats>();

new Gauge({
  name: 'bazaar_db_pool_connections',
  help: 'PostgreSQL connections of this process by state (busy: running a query, idle: ready for one)',
  labelNames: ['state'],
  registers: [registry],
  collect() {
    this.reset();
    for (const stats of pools) {
      const { total, idle } = stats();
      this.inc({ state: 'busy' }, total - idle);
      this.inc({ state: 'idle' }, idle);
    }
  },
});

new Gauge({
  name: 'bazaar_db_pool_waiting_queries',
  help: 'Queries of this process waiting for a free PostgreSQL connection',
  registers: [registry],
  collect() {
    this.reset();
    for (const stats of pools) this.inc(stats().waiting);
  },
});

/** Reports a database pool in /metrics until the returned function is called. */
export function watchDatabasePool(stats: () => PoolStats): () => void {
  pools.add(stats);
  return () => void pools.delete(stats);
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Without a token, only a scraper on this machine may read the metrics: a request from loopback that no proxy
 * forwarded (a reverse proxy on the same machine connects from loopback too, but says whom it forwards for).
 * With a token, any address may, with `Authorization: Bearer <token>`.
 */
function checkMetricsAccess(request: FastifyRequest, token: string | undefined): void {
  if (token) {
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), digest(token))) {
      throw unauthorized('Metrics need the metrics bearer token');
    }
    return;
  }
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  if (forwarded || !LOOPBACK.has(request.socket.remoteAddress ?? '')) {
    throw forbidden('Metrics are readable from this machine only (or set METRICS_TOKEN)');
  }
}

export interface MetricsOptions {
  /** METRICS_TOKEN: lets scrapers on other machines in. */
  token?: string;
}

/**
 * Times every request by its route pattern (not its URL, so product ids do not each make a series) and serves
 * GET /metrics in Prometheus's text format. Register it before the routes it should time.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { token }: MetricsOptions) => {
    app.addHook('onRequest', async (_request, reply) => {
      httpRequestsInFlight.inc();
      // 'close' comes once, when the response is sent or the connection drops, whichever happens first.
      reply.raw.once('close', () => httpRequestsInFlight.dec());
    });
    app.addHook('onResponse', async (request, reply) => {
      httpRequestDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    const metricsSchema = {
      tags: ['Health'],
      description:
        'Prometheus metrics: from this machine, or anywhere with `Authorization: Bearer <METRICS_TOKEN>`.',
      response: {
        200: contentOf('text/plain', z.string(), 'Prometheus text exposition format'),
        ...failures(401, 403),
      },
    };
    declared(app).get('/metrics', { schema: metricsSchema }, async (request, reply) => {
      checkMetricsAccess(request, token);
      reply.header('cache-control', 'no-store').type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'bazaar-metrics' },
);
