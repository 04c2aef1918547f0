import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../apps/server/src/db/schema';
import {
  ensureSchema,
  openDatabase,
  sql,
  type DatabaseHandle,
  type Dialect,
} from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { seedDatabase } from '@bazaar/seed';
import { mediaStorage } from '../apps/server/src/storage';

export const BENCH_POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const BENCH_POSTGRES_SCHEMA = process.env.BENCH_DATABASE_SCHEMA ?? 'bench';
/** Every bench customer has this password (hashed once: argon2 is deliberately slow). */
export const BENCH_CUSTOMER_PASSWORD = 'bench-password-1';

export interface BenchDatabase {
  dialect: Dialect;
  /** Environment for the server process so it opens this database. */
  env: Record<string, string>;
  handle: DatabaseHandle;
  fixtures: Fixtures;
  /** Closes the handle and drops the schema / deletes the temp directory. */
  cleanUp(): Promise<void>;
}

export interface Fixtures {
  productCount: number;
  customerCount: number;
  /** Slugs the product-detail scenario rotates through. */
  productSlugs: string[];
  /** Category slugs and names (groups and subcategories) the listing mix filters by. */
  categorySlugs: string[];
  /** Products (one size each) with plenty of stock for the cart scenario. */
  cartProducts: BenchVariant[];
  /** Products (one size each) whose stock the order scenario races for, with their stock before it starts. */
  orderProducts: (BenchVariant & { stock: number })[];
  /** Customer ids with their default address id, in id order. */
  customers: { id: number; addressId: number }[];
  /** Slugs of a fifth of the catalogue: enough product pages that none is asked for twice in a run. */
  missProductSlugs: string[];
  /** Products the mixed scenario orders while shoppers read their pages: stock that never runs out. */
  mixedOrderProducts: (BenchVariant & { slug: string })[];
  /** Facet values the facet scenario filters by: the most common brands and colours, every size sold. */
  facetValues: { brands: string[]; colours: string[]; sizes: string[] };
}

/**
 * A product and the one variant the bench buys of it: its first size (a product without sizes has only its default
 * variant), so orders and carts go through the size checks a shopper's do.
 */
export interface BenchVariant {
  id: number;
  variantId: number;
}

/**
 * The first variant of each product matching `where`, with the product's stock all moved to it: `stock` on that
 * variant, 0 on the product's others, and the product's total their sum, as the catalogue keeps it.
 */
async function stockOneVariant(
  db: Kysely<Database>,
  where: RawBuilder<boolean>,
  limit: number,
  stock: number,
): Promise<(BenchVariant & { slug: string })[]> {
  const rows = await db
    .selectFrom('products')
    .innerJoin('product_variants as v', 'v.product_id', 'products.id')
    .select(['products.id', 'products.slug', 'v.id as variantId'])
    .where(where)
    .where('v.id', '=', (eb) =>
      eb
        .selectFrom('product_variants as first')
        .select((f) => f.fn.min('first.id').as('id'))
        .whereRef('first.product_id', '=', 'products.id'),
    )
    .orderBy('products.id')
    .limit(limit)
    .execute();
  const productIds = rows.map((row) => row.id);
  if (!productIds.length) return rows;
  await db.updateTable('product_variants').set({ stock: 0 }).where('product_id', 'in', productIds).execute();
  await db
    .updateTable('product_variants')
    .set({ stock })
    .where(
      'id',
      'in',
      rows.map((row) => row.variantId),
    )
    .execute();
  await db.updateTable('products').set({ stock }).where('id', 'in', productIds).execute();
  return rows;
}

/** Brands and colours the facet scenario names: the most common, as a shopper's clicks would be. */
const FACET_VALUES_PER_FACET = 40;

/** Products the order scenario competes for, and how much of each is in stock: demand exceeds supply. */
const ORDER_PRODUCTS = 200;
const ORDER_PRODUCT_STOCK = 30;
const MIXED_ORDER_PRODUCTS = 200;
/** Enough of each cart product that shoppers adding one each never run it out. */
const CART_PRODUCT_STOCK = 10_000;
const MIXED_ORDER_PRODUCT_STOCK = 1_000_000;
const MISS_PRODUCT_SLUGS = 20_000;
const INSERT_BATCH = 2_000;

async function insertCustomers(handle: DatabaseHandle, count: number): Promise<void> {
  const passwordHash = await hash(BENCH_CUSTOMER_PASSWORD);
  const now = new Date().toISOString();
  for (let start = 1; start <= count; start += INSERT_BATCH) {
    const rows = [];
    for (let n = start; n < Math.min(start + INSERT_BATCH, count + 1); n++) {
      rows.push({
        name: `Bench Shopper ${n}`,
        email: `shopper${n}@bench.bazaar.test`,
        phone: String(7_000_000_000 + n),
        password_hash: passwordHash,
        method: 'email',
        token_version: 0,
        created_at: now,
      });
    }
    await handle.db.insertInto('customers').values(rows).execute();
  }
  // One default delivery address each, copied from the customer rows in a single statement.
  await sql`
    insert into addresses (customer_id, name, phonenumber, pincode, state, city_dist_town, address, is_default, created_at, updated_at)
    select id, name, phone, '500081', 'Telangana', 'Hyderabad', 'Plot 12, Hitech City Road', 1, created_at, created_at
    from customers where email like '%@bench.bazaar.test'`.execute(handle.db);
}

export async function loadFixtures(handle: DatabaseHandle): Promise<Fixtures> {
  const { db } = handle;
  const count = async (table: 'products' | 'customers') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  // Spread over the whole id range so the detail scenario is not just the newest, hottest rows.
  const slugs = await db
    .selectFrom('products')
    .select('slug')
    .where(sql<boolean>`id % 97 = 0`)
    .orderBy('id')
    .limit(1_000)
    .execute();
  const categories = await db.selectFrom('categories').select(['slug']).orderBy('id').execute();
  const cartProducts = await stockOneVariant(db, sql<boolean>`products.id % 89 = 0`, 500, CART_PRODUCT_STOCK);
  // The order scenario's products get a known, limited stock so the race for the last units is real.
  const orderProducts = await stockOneVariant(
    db,
    sql<boolean>`products.id % 43 = 0`,
    ORDER_PRODUCTS,
    ORDER_PRODUCT_STOCK,
  );
  const mixedOrderProducts = await stockOneVariant(
    db,
    sql<boolean>`products.id % 47 = 0 and products.id % 43 <> 0`,
    MIXED_ORDER_PRODUCTS,
    MIXED_ORDER_PRODUCT_STOCK,
  );
  const missSlugs = await db
    .selectFrom('products')
    .select('slug')
    .where(sql<boolean>`id % 5 = 1`)
    .orderBy('id')
    .limit(MISS_PRODUCT_SLUGS)
    .execute();
  const customers = await db
    .selectFrom('customers')
    .innerJoin('addresses', 'addresses.customer_id', 'customers.id')
    .select(['customers.id as id', 'addresses.id as addressId'])
    .where('customers.email', 'like', '%@bench.bazaar.test')
    .orderBy('customers.id')
    .execute();
  const mostCommon = async (column: 'brand' | 'colour') =>
    (
      await db
        .selectFrom('products')
        .select(`${column} as value`)
        .groupBy(column)
        .orderBy((eb) => eb.fn.countAll(), 'desc')
        .orderBy(column)
        .limit(FACET_VALUES_PER_FACET)
        .execute()
    ).map((row) => row.value);
  const sizes = await db
    .selectFrom('product_variants')
    .select('size')
    .distinct()
    .where('size', 'is not', null)
    .execute();
  const facetValues = {
    brands: await mostCommon('brand'),
    colours: await mostCommon('colour'),
    sizes: sizes.flatMap((row) => (row.size === null ? [] : [row.size])),
  };
  return {
    productCount: await count('products'),
    customerCount: await count('customers'),
    productSlugs: slugs.map((s) => s.slug),
    categorySlugs: categories.map((c) => c.slug),
    cartProducts: cartProducts.map(({ id, variantId }) => ({ id, variantId })),
    orderProducts: orderProducts.map(({ id, variantId }) => ({ id, variantId, stock: ORDER_PRODUCT_STOCK })),
    customers,
    missProductSlugs: missSlugs.map((s) => s.slug),
    mixedOrderProducts,
    facetValues,
  };
}

async function dropPostgresSchema(): Promise<void> {
  const client = new pg.Client({ connectionString: BENCH_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${BENCH_POSTGRES_SCHEMA}" CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database just for the bench (a temp SQLite file, or the `bench` PostgreSQL schema, dropped and
 * recreated) with the catalogue seed's products and `customers` shoppers inserted in bulk.
 */
export async function prepareBenchDatabase(
  dialect: Dialect,
  size: { products: number; customers: number },
  log: (message: string) => void,
): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-bench-'));
  const sqlitePath = path.join(dataDir, 'shop.db');
  const config =
    dialect === 'postgres'
      ? { databaseUrl: BENCH_POSTGRES_URL, databaseSchema: BENCH_POSTGRES_SCHEMA, sqlitePath }
      : { sqlitePath };
  if (dialect === 'postgres') await dropPostgresSchema();
  await ensureSchema(config);
  const handle = openDatabase(config);
  await migrateToLatest(handle.db, handle.dialect);
  const started = Date.now();
  await seedDatabase(handle, {
    products: size.products,
    // The server under test serves the pictures from its DATA_DIR, and Lighthouse loads them.
    storage: mediaStorage({ dataDir }),
    log: (line) => log(`  seed: ${line.trim()}`),
  });
  await insertCustomers(handle, size.customers);
  const fixtures = await loadFixtures(handle);
  await sql`analyze`.execute(handle.db);
  log(
    `  ${dialect}: ${fixtures.productCount} products and ${fixtures.customerCount} customers ready in ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SQLITE_PATH: sqlitePath,
    // The order mix has each shopper place order after order without paying; the cap on open unpaid orders per
    // customer (3 by default) would turn most of them into refusals instead of measuring order placement.
    MAX_OPEN_UNPAID_ORDERS: '1000000',
  };
  if (dialect === 'postgres')
    Object.assign(env, { DATABASE_URL: BENCH_POSTGRES_URL, DATABASE_SCHEMA: BENCH_POSTGRES_SCHEMA });
  return {
    dialect,
    env,
    handle,
    fixtures,
    async cleanUp() {
      await handle.destroy();
      if (dialect === 'postgres') await dropPostgresSchema();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
