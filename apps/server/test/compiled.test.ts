import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledServer, runNode, type CompiledServer } from './compiledServer';
import { dropSchema, postgresUrl, testDialect } from './harness';

/**
 * What `npm start` ships: the compiled commands and server, run by plain `node` (no TypeScript loader), against a
 * fresh database of the project's dialect.
 */
let build: CompiledServer;
let server: ChildProcess;
let baseUrl: string;
const logLines: Record<string, unknown>[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-compiled-'));
const schema = `compiled_${randomBytes(4).toString('hex')}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  JWT_SECRET: `compiled-test-${schema}`,
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'info',
  REDIS_URL: '',
  DATABASE_URL: testDialect === 'postgres' ? postgresUrl : '',
  DATABASE_SCHEMA: testDialect === 'postgres' ? schema : '',
};

/** Starts the compiled server and resolves with its address, read from Fastify's "listening" log line. */
function startServer(): Promise<string> {
  server = spawn(process.execPath, [path.join(build.dir, 'main.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  server.stderr!.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    let pending = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logLines.push(entry);
        const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(String(entry.msg));
        if (address) resolve(address[1]);
      }
    });
    server.on('exit', (code) => reject(new Error(`server exited ${code}: ${stderr}`)));
  });
}

beforeAll(async () => {
  build = await compiledServer();
  await runNode([path.join(build.dir, 'cli/migrate.js')], env);
  await runNode([build.seed, '--products', '20', '--if-empty'], env);
  baseUrl = await startServer();
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  build?.dispose();
  if (testDialect === 'postgres') await dropSchema(schema);
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`the compiled server (${testDialect})`, () => {
  it('is JavaScript that imports no TypeScript', () => {
    const files = readdirSync(build.dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.js'),
    );
    expect(files).toEqual(expect.arrayContaining(['main.js', 'cluster.js', path.join('cli', 'migrate.js')]));
    for (const file of files) {
      expect(readFileSync(path.join(build.dir, file), 'utf8')).not.toMatch(/from ["'][^"']+\.tsx?["']/);
    }
  });

  it("carries neither the demo catalogue nor the picture generator (they are the seed's)", () => {
    const files = readdirSync(build.dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.js'),
    );
    for (const file of files) {
      const code = readFileSync(path.join(build.dir, file), 'utf8');
      // A shop of the demo catalogue, the generator's entry point and a silhouette of its drawings.
      expect(code).not.toMatch(/Jaipur Threads|renderProductImage|function sharedDefs|packages\/seed\//);
    }
    expect(readFileSync(build.seed, 'utf8')).toMatch(/Jaipur Threads[\s\S]*function renderProductImage/);
  });

  it('serves the pictures the seed stored, and the seed puts back missing ones of a kept catalogue', async () => {
    const listing = await fetch(`${baseUrl}/api/home/query-products`);
    const [product] = ((await listing.json()) as { products: Array<{ images: string[] }> }).products;
    const picture = product.images[0];
    const served = await fetch(baseUrl + picture);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await served.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    rmSync(path.join(dataDir, picture));
    expect((await fetch(baseUrl + picture)).status).toBe(404);
    const output = await runNode([build.seed, '--if-empty'], env);
    expect(output).toMatch(/leaving it as it is[\s\S]*Stored 1 missing pictures/);
    expect((await fetch(baseUrl + picture)).status).toBe(200);
  });

  it('starts with plain node and answers the health checks', async () => {
    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: testDialect });
    const ready = await fetch(`${baseUrl}/api/health/ready`);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
    const products = await fetch(`${baseUrl}/api/home/get-products`);
    expect(products.status).toBe(200);
  });

  it('carries one request id through every log line of a request, including lines services write', async () => {
    const requestId = `compiled-otp-${randomBytes(3).toString('hex')}`;
    const res = await fetch(`${baseUrl}/api/customer/send-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ mobile: '9876501234' }),
    });
    expect(res.headers.get('x-request-id')).toBe(requestId);
    const deadline = Date.now() + 5_000;
    while (!logLines.some((l) => l.reqId === requestId && l.msg === 'request completed')) {
      if (Date.now() > deadline) throw new Error('the request was never logged as completed');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const messages = logLines.filter((l) => l.reqId === requestId).map((l) => String(l.msg));
    expect(messages[0]).toBe('incoming request');
    expect(messages.some((m) => m.startsWith('sms mobile=9876501234'))).toBe(true);
    expect(messages.at(-1)).toBe('request completed');
    expect(logLines.filter((l) => String(l.msg).startsWith('sms mobile=9876501234'))).toHaveLength(1);
  });

  it('refuses to start on a bad setting, saying which and why', async () => {
    const failure = runNode([path.join(build.dir, 'main.js')], { ...env, PG_POOL_SIZE: 'lots' });
    await expect(failure).rejects.toThrow(
      /exited 1:\nInvalid configuration:\n {2}PG_POOL_SIZE must be a whole number/,
    );
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
