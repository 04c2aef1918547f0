import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { ApiClient, redisUrl, startTestServer, testDialect, type TestServer } from './harness';

const METRICS_TOKEN = 'scrape-token-for-the-health-test';

async function metricsText(baseUrl: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}/metrics`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The value of one series (name and exact label set as Prometheus prints them), 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** Polls /metrics until `accept` holds, failing after five seconds. */
async function eventuallyMetrics(baseUrl: string, accept: (text: string) => boolean): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const { text } = await metricsText(baseUrl);
    if (accept(text)) return text;
    if (Date.now() > deadline) throw new Error(`metrics never matched:\n${text}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(`server foundation (${testDialect})`, () => {
  let server: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    api = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.close());

  it('reports health with the database in use', async () => {
    const res = await api.get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: testDialect });
  });

  it('answers liveness without touching the database, and readiness after checking it', async () => {
    const live = await api.get('/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await api.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok' } });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await api.get('/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/No route/);
  });

  it('answers malformed JSON with a 400 and a clear error', async () => {
    const res = await api.request('POST', '/customer/customer-login', '{"email":', {});
    expect([400, 404]).toContain(res.status);
    expect(typeof res.body.error).toBe('string');
  });

  it('gives every response a request id, keeping a well-formed one the caller sent', async () => {
    const generated = await api.get('/health/live');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await api.request('GET', '/health/live', undefined, { 'x-request-id': 'lb-7f3a.91:trace' });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.91:trace');
    for (const unusable of ['has spaces in it', 'x'.repeat(200), '"quoted"']) {
      const replaced = await api.request('GET', '/health/live', undefined, { 'x-request-id': unusable });
      expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('serves Prometheus metrics to a scraper on this machine, timing requests by route pattern', async () => {
    const series =
      'bazaar_http_request_duration_seconds_count{method="GET",route="/api/home/get-product/:slugOrId",status_code="404"}';
    const before = sample((await metricsText(server.baseUrl)).text, series);
    await api.get('/home/get-product/no-such-product-4711');
    await api.get('/home/get-product/no-such-product-4712');
    const { status, type, text } = await metricsText(server.baseUrl);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(text, series) - before).toBe(2);
    expect(text).not.toContain('no-such-product-4711');
    expect(text).toContain('# TYPE bazaar_http_request_duration_seconds histogram');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('counts response-cache hits and misses, and reports the hit ratio', async () => {
    const hits = 'bazaar_response_cache_lookups_total{result="hit"}';
    const misses = 'bazaar_response_cache_lookups_total{result="miss"}';
    const before = (await metricsText(server.baseUrl)).text;
    expect((await api.get('/home/get-categorys')).headers.get('x-cache')).toBe('MISS');
    expect((await api.get('/home/get-categorys')).headers.get('x-cache')).toBe('HIT');
    expect((await api.get('/home/get-categorys')).headers.get('x-cache')).toBe('HIT');
    const after = (await metricsText(server.baseUrl)).text;
    expect(sample(after, misses) - sample(before, misses)).toBe(1);
    expect(sample(after, hits) - sample(before, hits)).toBe(2);
    const ratio = sample(after, 'bazaar_response_cache_hit_ratio');
    expect(ratio).toBeGreaterThan(0);
    expect(ratio).toBeLessThanOrEqual(1);
  });

  it('reports when the reservation-expiry job last ran and how long it took', async () => {
    const text = await eventuallyMetrics(server.baseUrl, (t) =>
      t.includes('bazaar_job_last_success_timestamp_seconds{job="reservation_expiry"}'),
    );
    const lastRun = sample(text, 'bazaar_job_last_run_timestamp_seconds{job="reservation_expiry"}');
    expect(Math.abs(lastRun - Date.now() / 1000)).toBeLessThan(120);
    expect(
      sample(text, 'bazaar_job_last_run_duration_seconds{job="reservation_expiry"}'),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'bazaar_job_runs_total{job="reservation_expiry",outcome="success"}')).toBeGreaterThan(
      0,
    );
  });

  it(`reports the database pool ${testDialect === 'postgres' ? 'of PostgreSQL' : 'only where there is one (not SQLite)'}`, async () => {
    const { text } = await metricsText(server.baseUrl);
    if (testDialect === 'postgres') {
      expect(text).toMatch(/^bazaar_db_pool_connections\{state="idle"\} \d+$/m);
      expect(text).toMatch(/^bazaar_db_pool_waiting_queries \d+$/m);
    } else {
      expect(text).not.toMatch(/^bazaar_db_pool_connections\{/m);
    }
  });

  it('refuses metrics to requests a proxy forwarded, even over loopback', async () => {
    const res = await metricsText(server.baseUrl, { 'x-forwarded-for': '203.0.113.9' });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text).error).toMatch(/METRICS_TOKEN/);
    expect(res.text).not.toContain('bazaar_');
  });
});

describe(`metrics behind a token (${testDialect})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { metricsToken: METRICS_TOKEN } });
  });
  afterAll(() => server.close());

  it('needs the bearer token from every address once one is set', async () => {
    expect((await metricsText(server.baseUrl)).status).toBe(401);
    expect(
      (await metricsText(server.baseUrl, { authorization: 'Bearer wrong-token-of-some-length' })).status,
    ).toBe(401);
    const allowed = await metricsText(server.baseUrl, {
      authorization: `Bearer ${METRICS_TOKEN}`,
      'x-forwarded-for': '203.0.113.9',
    });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain('bazaar_http_request_duration_seconds');
  });
});

describe(`readiness with Redis and when a dependency is down (${testDialect})`, () => {
  it('checks Redis when the server uses it', async () => {
    const server = await startTestServer({
      config: { redisUrl, redisKeyPrefix: `health-test-${Date.now()}` },
    });
    try {
      const ready = await new ApiClient(server.baseUrl).get('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    } finally {
      await server.close();
    }
  });

  it('answers 503 once the process is stopping, so load balancers route elsewhere during the grace period', async () => {
    const server = await startTestServer();
    try {
      const api = new ApiClient(server.baseUrl);
      expect((await api.get('/health/ready')).status).toBe(200);
      server.app.startDraining();
      const ready = await api.get('/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'stopping' });
      expect((await api.get('/health/live')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('answers 503 naming the database once it cannot be reached, while liveness still answers', async () => {
    const server = await startTestServer();
    const database = openDatabase(server.config);
    const app = await buildApp({ config: server.config, database });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      await database.destroy();
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'unreachable' } });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await server.close();
    }
  });
});
