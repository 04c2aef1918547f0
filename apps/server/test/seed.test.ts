import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash, verify } from '@node-rs/argon2';
import { PUBLISHED_DEMO_PASSWORDS } from '../src/sellers/demoAccounts';
import { SIZE_SYSTEMS, isSizeSystem, type SizeSystem } from '@bazaar/shared';
import { seedDatabase, type SeedCredential } from '@bazaar/seed';
import { parseCredentials } from '@bazaar/seed/credentials';
import { accountsWithPublishedPasswords } from '../src/flows/publishedPasswords';
import { commandLineActor } from '../src/audit/service';
import type { DatabaseHandle } from '../src/db/database';
import { mediaStorage } from '../src/storage';
import { compiledServer, type CompiledServer } from './compiledServer';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';

/** The audit log's rows of catalogue resets, oldest first. */
const resetRows = (database: DatabaseHandle) =>
  database.db
    .selectFrom('audit_log')
    .select(['staff_id', 'command_line_user', 'subject_kind', 'subject_id', 'before', 'after'])
    .where('action', '=', 'database.reset')
    .orderBy('id')
    .execute();

describe(`catalogue seed (${testDialect})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const count = async (
    table:
      'products' | 'product_variants' | 'product_images' | 'reviews' | 'sellers' | 'categories' | 'banners',
  ) =>
    Number(
      (
        await server.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  let firstCredentials: SeedCredential[] = [];

  it('seeds 2000 products with images, reviews, shops, categories and banners', async () => {
    const result = await seedDatabase(server.database, {
      products: 2000,
      storage: mediaStorage(server.config),
    });
    firstCredentials = result.sellerCredentials;
    expect(result).toMatchObject({ skipped: false, products: 2000, sellers: 16, categories: 39 });
    expect(await count('product_variants')).toBe(result.variants);
    expect(await count('products')).toBe(2000);
    expect(await count('sellers')).toBeGreaterThanOrEqual(12);
    expect(await count('banners')).toBe(5);
    expect(await count('product_images')).toBe(result.images);
    expect(await count('reviews')).toBe(result.reviews);

    const db = server.database.db;
    const stats = await db
      .selectFrom('products')
      .select((eb) => [
        eb.fn.min('price').as('minPrice'),
        eb.fn.max('price').as('maxPrice'),
        eb.fn.min('discount').as('minDiscount'),
        eb.fn.max('discount').as('maxDiscount'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(stats.minPrice)).toBeGreaterThanOrEqual(199);
    expect(Number(stats.maxPrice)).toBeLessThanOrEqual(9999);
    expect(Number(stats.minDiscount)).toBe(0);
    expect(Number(stats.maxDiscount)).toBeLessThanOrEqual(70);
    const soldOut = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('stock', '=', 0)
      .executeTakeFirstOrThrow();
    expect(Number(soldOut.n) / 2000).toBeGreaterThan(0.04);
    expect(Number(soldOut.n) / 2000).toBeLessThan(0.12);

    const perProduct = await db
      .selectFrom('product_images')
      .select((eb) => ['product_id', eb.fn.countAll<number>().as('n')])
      .groupBy('product_id')
      .execute();
    expect(perProduct).toHaveLength(2000);
    for (const row of perProduct) expect(Number(row.n)).toBeGreaterThanOrEqual(2);
    for (const row of perProduct) expect(Number(row.n)).toBeLessThanOrEqual(4);
  });

  it('gives every product its variants: a size run with uneven stock summing to its stock, or one default variant', async () => {
    const db = server.database.db;
    const products = await db
      .selectFrom('products')
      .select(['id', 'stock', 'size_system', 'style_code', 'colour', 'name', 'brand', 'price', 'category_id'])
      .orderBy('id')
      .execute();
    const variants = await db
      .selectFrom('product_variants')
      .select(['product_id', 'sku', 'size', 'position', 'stock'])
      .orderBy('product_id')
      .orderBy('position')
      .execute();
    // About five variants a product, as 100,000 products give about half a million.
    expect(variants.length / products.length).toBeGreaterThan(4.3);
    expect(variants.length / products.length).toBeLessThan(5.7);
    const byProduct = new Map<number, typeof variants>();
    for (const v of variants) byProduct.set(v.product_id, [...(byProduct.get(v.product_id) ?? []), v]);

    let soldOutSize = 0;
    let lastUnits = 0;
    for (const product of products) {
      const own = byProduct.get(product.id) ?? [];
      expect(
        own.reduce((sum, v) => sum + v.stock, 0),
        `product ${product.id}`,
      ).toBe(product.stock);
      if (!product.size_system) {
        expect(own).toEqual([
          { product_id: product.id, sku: `P${product.id}`, size: null, position: 0, stock: product.stock },
        ]);
        continue;
      }
      expect(isSizeSystem(product.size_system)).toBe(true);
      const run: readonly string[] = SIZE_SYSTEMS[product.size_system as SizeSystem].sizes;
      const sizes = own.map((v) => v.size!);
      expect(sizes).toEqual(run.slice(run.indexOf(sizes[0]), run.indexOf(sizes[0]) + sizes.length));
      expect(own.map((v) => v.position)).toEqual(sizes.map((_, i) => i));
      for (const v of own) expect(v.sku).toBe(`P${product.id}-${v.size!.replace(/\s+/g, '').toUpperCase()}`);
      const inStock = own.filter((v) => v.stock > 0);
      if (product.stock > 0 && inStock.length < own.length) soldOutSize += 1;
      if (inStock.length === 1 && inStock[0].stock <= 2) lastUnits += 1;
    }
    const sized = products.filter((p) => p.size_system).length;
    expect(sized / products.length).toBeGreaterThan(0.6);
    expect(soldOutSize / sized).toBeGreaterThan(0.2);
    // "Only 2 left": a few products are down to one size with a unit or two.
    expect(lastUnits).toBeGreaterThan(10);
    const systems = new Set(products.map((p) => p.size_system));
    expect(systems).toEqual(new Set([null, 'apparel', 'waist', 'footwear-uk', 'footwear-kids', 'kids-age']));

    // Colour siblings: 2–4 products of one style code, each its own colour, the same brand, price and shelf.
    const byStyle = new Map<string, typeof products>();
    for (const p of products.filter((p) => p.style_code))
      byStyle.set(p.style_code!, [...(byStyle.get(p.style_code!) ?? []), p]);
    expect(byStyle.size).toBeGreaterThan(50);
    for (const siblings of byStyle.values()) {
      expect(siblings.length).toBeGreaterThanOrEqual(2);
      expect(siblings.length).toBeLessThanOrEqual(4);
      expect(new Set(siblings.map((s) => s.colour)).size).toBe(siblings.length);
      for (const field of ['brand', 'price', 'category_id', 'size_system'] as const)
        expect(new Set(siblings.map((s) => s[field])).size).toBe(1);
    }
  });

  it('stores each distinct picture the rows name once, where the server serves it', async () => {
    const db = server.database.db;
    const urls = await db
      .selectFrom('product_images')
      .select('url')
      .union(db.selectFrom('categories').select('image as url'))
      .union(db.selectFrom('banners').select('path as url'))
      .execute();
    const storage = mediaStorage(server.config);
    const stored: string[] = [];
    for await (const key of storage.list()) stored.push(`/media/${key}`);
    // Thousands of product images share far fewer pictures: one per kind, colour and pose.
    expect(stored.sort()).toEqual(urls.map((u) => u.url).sort());
    expect(stored.length).toBeLessThan((await count('product_images')) / 2);
    for (const url of [stored[0], stored.at(-1)!, '/media/banner/5.svg']) {
      const res = await fetch(server.baseUrl + url);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
    // Seeding again renders nothing the storage already holds.
    const again = await seedDatabase(server.database, { ifEmpty: true, storage });
    expect(again).toMatchObject({ skipped: true, pictures: 0 });
  });

  it('keeps each rating the half-step average of its reviews', async () => {
    const db = server.database.db;
    const products = await db
      .selectFrom('products')
      .select(['id', 'rating', 'review_count'])
      .limit(200)
      .orderBy('id')
      .execute();
    const reviews = await db
      .selectFrom('reviews')
      .select((eb) => [
        'product_id',
        eb.fn.avg<number>('rating').as('average'),
        eb.fn.countAll<number>().as('n'),
      ])
      .where(
        'product_id',
        'in',
        products.map((p) => p.id),
      )
      .groupBy('product_id')
      .execute();
    const byProduct = new Map(reviews.map((r) => [r.product_id, r]));
    for (const product of products) {
      const stats = byProduct.get(product.id);
      expect(product.review_count).toBe(stats ? Number(stats.n) : 0);
      expect(product.rating).toBe(stats ? Math.round(Number(stats.average) * 2) / 2 : 0);
    }
    const dates = await db
      .selectFrom('reviews')
      .select((eb) => [eb.fn.min('created_at').as('oldest'), eb.fn.max('created_at').as('newest')])
      .executeTakeFirstOrThrow();
    const twoYears = 731 * 24 * 60 * 60 * 1000;
    expect(Date.now() - Date.parse(dates.oldest as string)).toBeLessThan(twoYears);
    expect(Date.parse(dates.newest as string)).toBeLessThanOrEqual(Date.now());
  });

  it('gives every seeded shop its own random password, handed back once and stored only as a hash', async () => {
    const sellers = await server.database.db
      .selectFrom('sellers')
      .select(['email', 'password_hash'])
      .orderBy('id')
      .execute();
    for (const seller of sellers) expect(seller.email).toMatch(/^[a-z0-9-]+@sellers\.bazaar\.in$/);
    expect(firstCredentials.map((c) => c.email)).toEqual(sellers.map((s) => s.email));
    const passwords = firstCredentials.map((c) => c.password);
    expect(new Set(passwords).size).toBe(passwords.length);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await verify(sellers[0].password_hash!, firstCredentials[0].password)).toBe(true);
    expect(await verify(sellers[0].password_hash!, PUBLISHED_DEMO_PASSWORDS[0])).toBe(false);
    expect(await accountsWithPublishedPasswords(server.database.db)).toEqual([]);

    // The credentials sign in to the seller console.
    const login = await new ApiClient(server.baseUrl).post('/seller/login', firstCredentials[1]);
    expect(login.status).toBe(200);
  });

  it('refuses to seed twice, skips with ifEmpty and replaces with reset, which the audit log records', async () => {
    await expect(seedDatabase(server.database, { products: 10 })).rejects.toThrow(/--reset/);
    expect(await seedDatabase(server.database, { products: 10, ifEmpty: true })).toMatchObject({
      skipped: true,
    });
    expect(await count('products')).toBe(2000);
    expect(await resetRows(server.database)).toEqual([]);
    const replaced = await seedDatabase(server.database, {
      products: 30,
      reset: true,
      actor: { commandLineUser: 'deploy@shop-01' },
    });
    expect(replaced.products).toBe(30);
    expect(await count('products')).toBe(30);
    expect(await count('categories')).toBe(39);
    expect(await resetRows(server.database)).toEqual([
      {
        staff_id: null,
        command_line_user: 'deploy@shop-01',
        subject_kind: 'seed',
        subject_id: '20250101',
        before: JSON.stringify({ products: 2000, categories: 39 }),
        after: JSON.stringify({ products: 30, categories: 39 }),
      },
    ]);
    // Ids start again from 1 after a reset.
    const first = await server.database.db
      .selectFrom('products')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(first.id).toBe(1);
  });

  it('builds the same catalogue from the same seed', async () => {
    const names = async () => [
      ...(
        await server.database.db
          .selectFrom('products')
          .select(['slug', 'price', 'discount', 'style_code'])
          .orderBy('id')
          .execute()
      ).map((r) => JSON.stringify(r)),
      ...(
        await server.database.db
          .selectFrom('product_variants')
          .select(['sku', 'stock'])
          .orderBy('id')
          .execute()
      ).map((r) => JSON.stringify(r)),
    ];
    await seedDatabase(server.database, { products: 30, reset: true });
    const first = await names();
    await seedDatabase(server.database, { products: 30, reset: true });
    expect(await names()).toEqual(first);
    // Each reset first deletes the 2,000 products seeded above (9 s on PostgreSQL on a quiet machine, over 30 s
    // in a fresh-clone run sharing two cores with the journeys and other work).
  }, 90_000);
});

describe(`published demo passwords (${testDialect})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      prepare: (database) => seedDatabase(database, { products: 10 }).then(() => {}),
    });
  });
  // The server and the seed command as production runs them: compiled, under plain node.
  let build: CompiledServer;
  beforeAll(async () => {
    build = await compiledServer();
  }, 120_000);
  afterAll(() => {
    build?.dispose();
    return server.close();
  });

  const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

  /** Runs the seed command or the server against this test's database and answers its exit code and output. */
  function run(program: 'server' | 'seed', args: string[], env: NodeJS.ProcessEnv) {
    const script = program === 'server' ? path.join(build.dir, 'main.js') : build.seed;
    return new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [script, ...args], {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATA_DIR: server.config.dataDir,
          SQLITE_PATH: server.config.sqlitePath,
          DATABASE_URL: server.config.databaseUrl ?? '',
          DATABASE_SCHEMA: server.config.databaseSchema ?? '',
          JWT_SECRET: 'a-production-secret-for-this-test-0123456789',
          PORT: '0',
          HOST: '127.0.0.1',
          REDIS_URL: '',
          ...env,
        },
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      // A server that did start is told to stop once it says it is open.
      child.stdout.on('data', () => {
        if (output.includes('Bazaar is open')) child.kill('SIGTERM');
      });
      child.on('exit', (code) => resolve({ code, output }));
    });
  }

  it('a production start refuses to run while a seeded shop has the README password of old', async () => {
    const shop = await server.database.db
      .selectFrom('sellers')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await server.database.db
      .updateTable('sellers')
      .set({ password_hash: await hash(PUBLISHED_DEMO_PASSWORDS[0]) })
      .where('id', '=', shop.id)
      .execute();
    expect(await accountsWithPublishedPasswords(server.database.db)).toEqual([
      'seeded shops (@sellers.bazaar.in)',
    ]);

    const refused = await run('server', [], { NODE_ENV: 'production' });
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toMatch(/Refusing to start in production: seeded shops .*seller123/);

    // Re-seeding gives every shop a random password again; the sign-ins go to an owner-only file.
    const dir = mkdtempSync(path.join(tmpdir(), 'bazaar-credentials-'));
    try {
      const file = path.join(dir, 'seed-credentials.txt');
      const seeded = await run('seed', ['--products', '10', '--reset', '--credentials-file', file], {
        NODE_ENV: 'production',
      });
      expect(seeded.code, seeded.output).toBe(0);
      // The command as it ships records its reset, by the shell's user@host (this test's, which ran it).
      expect(await resetRows(server.database)).toEqual([
        expect.objectContaining({
          staff_id: null,
          command_line_user: commandLineActor().commandLineUser,
          after: JSON.stringify({ products: 10, categories: 39 }),
        }),
      ]);
      expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
      const logins = parseCredentials(readFileSync(file, 'utf8'));
      expect(logins.size).toBeGreaterThanOrEqual(12);
      // Printed once as well, for whoever ran the seed.
      for (const [email, password] of logins) expect(seeded.output).toContain(`${email} ${password}`);
      expect(await accountsWithPublishedPasswords(server.database.db)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const started = await run('server', [], { NODE_ENV: 'production' });
    expect(started.output).toContain('Bazaar is open');
  }, 90_000);
});
