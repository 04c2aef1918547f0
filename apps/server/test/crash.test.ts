/**
 * Crash safety of the real server process (`main.ts`), on the database of the project run (TEST_DB):
 * - SIGKILL in the middle of a burst of order placements, then a restart: every order the client saw
 *   acknowledged exists, stock went down by exactly what the orders hold, and no order is half written.
 * - SIGTERM while requests are in flight: they all finish, then the process exits cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { compiledServer, runNode, type CompiledServer } from './compiledServer';
import { testDialect } from './harness';
import { setDefaultVariantStock } from './variant-fixtures';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-crash-'));
const schema = `crash_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const port = 5300 + Math.floor(Math.random() * 600);
const baseUrl = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  // Plain http on 127.0.0.1 with many sign-ups from one address, as in the browser tests.
  E2E: '1',
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  JWT_SECRET: `crash-test-${schema}`,
  DATABASE_URL: testDialect === 'postgres' ? postgresUrl : '',
  DATABASE_SCHEMA: testDialect === 'postgres' ? schema : '',
  REDIS_URL: '',
  LOG_LEVEL: 'warn',
};
const CUSTOMERS = 12;
const ORDERS_PER_CUSTOMER = 6;

let build: CompiledServer;

/** The server as production runs it (compiled main.js, plain `node`): a signal reaches the process that serves. */
function startServer(): ChildProcess {
  return spawn(process.execPath, [path.join(build.dir, 'main.js')], {
    cwd: repoRoot,
    env,
    stdio: 'ignore',
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

async function waitForHealth(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

interface HeldPost {
  /** Sends the rest of the body. */
  finish(): void;
  answer: Promise<{ status: number; body: any }>;
}

/**
 * One request on its own connection (no keep-alive), so a shutdown cannot mistake it for an idle socket.
 * Its headers and the first half of its body go at once; the rest waits for `finish()`, so the server holds the
 * request, received but unanswered, for as long as the test needs.
 */
function postHeld(pathname: string, body: unknown, token?: string): HeldPost {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);
  let req!: ReturnType<typeof httpRequest>;
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req = httpRequest(
      `${baseUrl}/api${pathname}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(payload.subarray(0, half));
  });
  return { finish: () => req.end(payload.subarray(half)), answer };
}

function post(pathname: string, body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const held = postHeld(pathname, body, token);
  held.finish();
  return held.answer;
}

async function refusesNewConnections(): Promise<boolean> {
  try {
    await fetch(`${baseUrl}/api/health/live`);
    return false;
  } catch {
    return true;
  }
}

/** Requests the server has received and not yet answered, read from its own /metrics (this scrape included). */
async function requestsInFlight(): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('bazaar_http_requests_in_flight '));
  return line ? Number(line.split(' ')[1]) : 0;
}

interface Shopper {
  token: string;
  addressId: number;
}

async function signUpShoppers(label: string): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const registered = await post('/customer/customer-register', {
      name: `Crash Shopper ${i}`,
      email: `${label}${i}.${schema}@example.in`,
      password: 'correct horse 42',
    });
    expect(registered.status).toBe(201);
    const token = registered.body.token;
    const address = await post(
      '/home/customer/add_address',
      {
        name: `Crash Shopper ${i}`,
        phonenumber: '9876543210',
        pincode: '500001',
        state: 'Telangana',
        cityDistTown: 'Hyderabad',
        address: `Flat ${i}, Madhapur`,
        defaultAddress: true,
      },
      token,
    );
    expect(address.status).toBe(200);
    shoppers.push({ token, addressId: address.body.address._id });
  }
  return shoppers;
}

let database: DatabaseHandle;
let server: ChildProcess | undefined;

beforeAll(async () => {
  build = await compiledServer();
  await runNode([build.seed, '--products', '60'], env);
  database = openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    sqlitePath: path.join(dataDir, 'shop.db'),
  });
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    await exited(server);
  }
  await database?.destroy();
  build?.dispose();
  if (testDialect === 'postgres') {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** The products the burst buys: plenty of stock, so refusals come from the crash and not from selling out. */
async function productsToBuy(count: number) {
  return (
    database.db
      .selectFrom('products')
      .select(['id', 'stock'])
      .where('stock', '>=', CUSTOMERS * ORDERS_PER_CUSTOMER)
      // Without sizes: bought as the spec's calls buy (no variantId).
      .where('size_system', 'is', null)
      .orderBy('id')
      .limit(count)
      .execute()
  );
}

describe(`crash safety of the server process (${testDialect})`, () => {
  it('keeps every acknowledged order, whole, with its stock taken, across a SIGKILL mid-burst', async () => {
    server = startServer();
    await waitForHealth(server);
    const shoppers = await signUpShoppers('burst');
    let products = await productsToBuy(3);
    if (products.length < 3) {
      // A small seed may not stock that much; give three products enough for the whole burst.
      const ids = (
        await database.db
          .selectFrom('products')
          .select('id')
          .where('size_system', 'is', null)
          .orderBy('id')
          .limit(3)
          .execute()
      ).map((p) => p.id);
      await setDefaultVariantStock(database.db, ids, CUSTOMERS * ORDERS_PER_CUSTOMER * 2);
      products = await productsToBuy(3);
    }
    const stockBefore = new Map(products.map((p) => [p.id, p.stock]));

    const acknowledged: string[] = [];
    let killedAt = 0;
    const burst = shoppers.flatMap((shopper, s) =>
      Array.from({ length: ORDERS_PER_CUSTOMER }, (_, n) =>
        post(
          '/home/order/palce-order',
          {
            addressId: shopper.addressId,
            idempotencyKey: `crash-${s}-${n}-${schema}`,
            buyNow: { productId: products[(s + n) % products.length].id, quantity: 1 + (n % 2) },
          },
          shopper.token,
        ).then((res) => {
          if (res.status === 201) acknowledged.push(res.body.orderId);
          // Once a fifth of the burst is acknowledged, the power goes out.
          if (acknowledged.length === Math.ceil((CUSTOMERS * ORDERS_PER_CUSTOMER) / 5) && !killedAt) {
            killedAt = Date.now();
            server!.kill('SIGKILL');
          }
        }),
      ),
    );
    const outcomes = await Promise.allSettled(burst);
    expect((await exited(server)).signal).toBe('SIGKILL');
    expect(killedAt).toBeGreaterThan(0);
    // The kill really was mid-burst: some requests never got an answer.
    expect(outcomes.some((o) => o.status === 'rejected')).toBe(true);

    server = startServer();
    await waitForHealth(server);

    const orders = await database.db
      .selectFrom('customer_orders')
      .select(['id', 'order_code', 'items'])
      .execute();
    const codes = new Set(orders.map((o) => o.order_code));
    for (const code of acknowledged)
      expect(codes.has(code), `acknowledged order ${code} is missing`).toBe(true);

    // No half-written order: every order has its shop sub-orders and lines, every line its order.
    const items = await database.db
      .selectFrom('order_items')
      .select(['customer_order_id', 'product_id', 'quantity'])
      .execute();
    const sellerOrders = await database.db.selectFrom('seller_orders').select('customer_order_id').execute();
    const orderIds = new Set(orders.map((o) => o.id));
    for (const order of orders) {
      const lines = items.filter((i) => i.customer_order_id === order.id);
      expect(lines.length, `order ${order.order_code} has no lines`).toBeGreaterThan(0);
      expect(lines.reduce((sum, l) => sum + l.quantity, 0)).toBe(order.items);
      expect(sellerOrders.some((so) => so.customer_order_id === order.id)).toBe(true);
    }
    for (const item of items) expect(orderIds.has(item.customer_order_id)).toBe(true);

    // Stock went down by exactly what the surviving orders hold.
    const stockAfter = await database.db
      .selectFrom('products')
      .select(['id', 'stock'])
      .where('id', 'in', [...stockBefore.keys()])
      .execute();
    for (const { id, stock } of stockAfter) {
      const ordered = items.filter((i) => i.product_id === id).reduce((sum, i) => sum + i.quantity, 0);
      expect(stockBefore.get(id)! - stock, `stock of product ${id}`).toBe(ordered);
    }
  }, 120_000);

  it('finishes in-flight requests on SIGTERM, then exits 0', async () => {
    if (!server || server.exitCode !== null) {
      server = startServer();
      await waitForHealth(server);
    }
    const shoppers = await signUpShoppers('term');
    const [product] = await productsToBuy(1);
    const held = shoppers.map((shopper, s) =>
      postHeld(
        '/home/order/palce-order',
        {
          addressId: shopper.addressId,
          idempotencyKey: `term-${s}-${schema}`,
          buyNow: { productId: product.id, quantity: 1 },
        },
        shopper.token,
      ),
    );
    const inFlight = held.map(({ answer }) => answer.then((res) => ({ ...res, answeredAt: Date.now() })));
    // Every order has reached the server (its body still coming) when the server is asked to stop.
    await expect.poll(requestsInFlight, { timeout: 30_000 }).toBeGreaterThanOrEqual(shoppers.length + 1);
    const terminated = Date.now();
    server.kill('SIGTERM');
    // The bodies come only once the server has stopped listening: what it finishes is what it had received.
    await expect.poll(refusesNewConnections, { timeout: 30_000 }).toBe(true);
    for (const request of held) request.finish();
    const results = await Promise.allSettled(inFlight);
    const { code } = await exited(server);
    expect(code).toBe(0);
    const failed = results.filter((r) => r.status === 'rejected' || r.value.status !== 201);
    expect(failed, JSON.stringify(failed).slice(0, 500)).toEqual([]);
    const orders = await database.db
      .selectFrom('customer_orders')
      .select('order_code')
      .where('idempotency_key', 'like', `term-%-${schema}`)
      .execute();
    expect(orders).toHaveLength(shoppers.length);
    // Some answers came after the signal: those requests were in flight and were allowed to finish.
    const answeredAfterSignal = results.filter(
      (r) => r.status === 'fulfilled' && r.value.answeredAt >= terminated,
    );
    expect(answeredAfterSignal.length).toBeGreaterThan(0);
  }, 120_000);
});
