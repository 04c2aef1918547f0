import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { sql, type Insertable, type Transaction } from 'kysely';
import { commandLineActor, recordAudit, type AuditActor } from '@bazaar/server/src/audit/service';
import type { Database } from '@bazaar/server/src/db/schema';
import type { DatabaseHandle, DB, Dialect } from '@bazaar/server/src/db/database';
import { SELLER_EMAIL_DOMAIN } from '@bazaar/server/src/sellers/demoAccounts';
import type { MediaStorage } from '@bazaar/server/src/storage';
import { CITY_PICKUPS } from '@bazaar/shared';
import { banners, groups, shops } from './catalogue';
import { generateCatalogue, type GeneratedProduct, type Shelf } from './generate';
import { pictureOfKey, pictureUrl, storePictures, type Picture } from './pictures';
import { Random } from './random';
import { variantSku } from './sizes';
import { slugify } from '@bazaar/shared/slug';

export const DEFAULT_PRODUCT_COUNT = 720;
const DEFAULT_RANDOM_SEED = 20250101;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Bound parameters per statement: SQLite allows 32766, PostgreSQL 65535; stay a little under. */
const PARAMETER_LIMIT: Record<Dialect, number> = { sqlite: 32_000, postgres: 65_000 };

/** Tables the seed owns; `reset` empties them (and, through foreign keys, whatever refers to them). */
const CATALOGUE_TABLES = [
  'reviews',
  'product_images',
  'product_variants',
  'products',
  'categories',
  'sellers',
  'banners',
] as const;

export interface SeedOptions {
  /** How many products to create (default 720). */
  products?: number;
  /** Replace an existing catalogue (and everything that refers to it, such as carts); the audit log records it. */
  reset?: boolean;
  /** Whom the audit log names for a reset: by default the shell's user@host running this process. */
  actor?: AuditActor;
  /** Do nothing when products already exist. */
  ifEmpty?: boolean;
  /** PRNG seed; the same seed on the same day gives the same catalogue. */
  randomSeed?: number;
  /**
   * Where the pictures the catalogue names go (each distinct one rendered once). When seeding is skipped, the
   * existing catalogue's missing pictures are stored. Without it only rows are written (tests that never load
   * a picture).
   */
  storage?: MediaStorage;
  log?: (message: string) => void;
}

/** A seeded shop's console sign-in; the password exists nowhere else (only its hash is stored). */
export interface SeedCredential {
  email: string;
  password: string;
}

export interface SeedResult {
  skipped: boolean;
  sellers: number;
  /** Each seeded shop's sign-in, to be shown once by whoever ran the seed (none when skipped). */
  sellerCredentials: SeedCredential[];
  categories: number;
  products: number;
  /** Sizes (or default variants) with their own stock: about five a product. */
  variants: number;
  images: number;
  reviews: number;
  /** Pictures rendered into the storage (the distinct ones it did not have yet). */
  pictures: number;
  milliseconds: number;
}

type Trx = Transaction<Database>;

/**
 * Fills the catalogue: sellers, the five groups and their subcategories, banners, then products with their
 * variants, images and reviews, all in one transaction: on SQLite in multi-row inserts sized to its parameter
 * limit, on PostgreSQL one array per column (`insertByColumns`).
 */
export async function seedDatabase(handle: DatabaseHandle, options: SeedOptions = {}): Promise<SeedResult> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const productCount = options.products ?? DEFAULT_PRODUCT_COUNT;
  if (!Number.isInteger(productCount) || productCount < 0)
    throw new Error('products must be a whole number ≥ 0');
  const { db, dialect } = handle;

  const existing = await catalogueSize(handle);
  if (existing.products > 0 && options.ifEmpty && !options.reset) {
    log(`Catalogue already has ${existing.products} products; leaving it as it is.`);
    // A catalogue seeded before pictures were stored (or restored without them) gets its pictures back.
    const pictures = options.storage ? await storeCataloguePictures(db, options.storage) : 0;
    if (pictures) log(`Stored ${pictures} missing pictures.`);
    return {
      skipped: true,
      sellers: 0,
      sellerCredentials: [],
      categories: 0,
      products: 0,
      variants: 0,
      images: 0,
      reviews: 0,
      pictures,
      milliseconds: Date.now() - started,
    };
  }
  if ((existing.products > 0 || existing.categories > 0) && !options.reset) {
    throw new Error(
      `The catalogue already has ${existing.products} products in ${existing.categories} categories: ` +
        'pass --reset to replace it or --if-empty to keep it.',
    );
  }

  // Every database gets its own random shop passwords: nothing a README or a repository could publish.
  const sellerLogins = await Promise.all(shops.map(sellerLogin));
  const randomSeed = options.randomSeed ?? DEFAULT_RANDOM_SEED;
  const random = new Random(randomSeed);
  // Dates are relative to the start of today (UTC), so a re-seed on the same day gives identical data.
  const anchor = Math.floor(Date.now() / DAY_MS) * DAY_MS;

  // A crash mid-seed rolls back the whole transaction, so the durability of each page write buys nothing here.
  if (dialect === 'sqlite') await sql`pragma synchronous = off`.execute(db);
  try {
    const result = await db.transaction().execute(async (trx) => {
      if (options.reset) await clearCatalogue(trx, dialect, log);
      const sellers = await insertSellers(trx, sellerLogins, anchor);
      const placements = await insertCategories(trx, sellers);
      await insertBanners(trx);
      const counts = await insertProducts(trx, dialect, random, placements, productCount, anchor, log);
      // Inside the transaction: a picture that cannot be stored leaves no catalogue pointing at it.
      const pictures = options.storage ? await storeCataloguePictures(trx, options.storage) : 0;
      const categories = placements.length + groups.length;
      if (options.reset) {
        // A reset empties orders, carts and wishlists with the catalogue: admins see who did it and when. In the
        // seed's transaction, so the row is there exactly when the new catalogue is.
        await recordAudit(trx, options.actor ?? commandLineActor(), {
          action: 'database.reset',
          subjectKind: 'seed',
          subjectId: randomSeed,
          before: existing,
          after: { products: counts.products, categories },
        });
      }
      return {
        sellers: sellers.length,
        sellerCredentials: sellerLogins.map(({ email, password }) => ({ email, password })),
        categories,
        ...counts,
        pictures,
      };
    });
    // Fresh statistics let the query planner pick the listing indexes right away.
    await sql`analyze`.execute(db);
    const milliseconds = Date.now() - started;
    log(
      `Seeded ${result.products} products, ${result.variants} variants, ${result.images} images, ${result.reviews} reviews, ` +
        `${result.categories} categories and ${result.sellers} shops, and stored ${result.pictures} pictures, ` +
        `in ${(milliseconds / 1000).toFixed(1)} s.`,
    );
    return { skipped: false, ...result, milliseconds };
  } finally {
    if (dialect === 'sqlite') await sql`pragma synchronous = normal`.execute(db);
  }
}

/** Every generated picture the catalogue's rows name, each once. */
async function cataloguePictures(db: DB): Promise<Picture[]> {
  const urls = await db
    .selectFrom('product_images')
    .select('url')
    .union(db.selectFrom('categories').select('image as url'))
    .union(db.selectFrom('banners').select('path as url'))
    .execute();
  return urls.flatMap(({ url }) => {
    const picture = url.startsWith('/media/') ? pictureOfKey(url.slice('/media/'.length)) : undefined;
    return picture ? [picture] : [];
  });
}

/** Stores the pictures the catalogue names that the storage lacks; returns how many. */
async function storeCataloguePictures(db: DB, storage: MediaStorage): Promise<number> {
  return storePictures(storage, await cataloguePictures(db));
}

async function catalogueSize({ db }: DatabaseHandle) {
  const count = async (table: 'products' | 'categories') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return { products: await count('products'), categories: await count('categories') };
}

/** Empties the catalogue and every table whose rows point into it (carts, wishlists, orders …). */
async function clearCatalogue(trx: Trx, dialect: Dialect, log: (message: string) => void): Promise<void> {
  if (dialect === 'postgres') {
    await sql`truncate table ${sql.join(CATALOGUE_TABLES.map((t) => sql.table(t)))} restart identity cascade`.execute(
      trx,
    );
    log('Cleared the catalogue and the rows that referred to it.');
    return;
  }
  const links = await sql<{ child: string; parent: string }>`
    select m.name as child, f."table" as parent
    from sqlite_master m, pragma_foreign_key_list(m.name) f
    where m.type = 'table'`.execute(trx);
  const doomed = new Set<string>(CATALOGUE_TABLES);
  for (let grew = true; grew;) {
    grew = false;
    for (const { child, parent } of links.rows) {
      if (doomed.has(parent) && !doomed.has(child)) {
        doomed.add(child);
        grew = true;
      }
    }
  }
  // Checked at commit, by which point every referring row is gone too.
  await sql`pragma defer_foreign_keys = on`.execute(trx);
  for (const table of doomed) await sql`delete from ${sql.table(table)}`.execute(trx);
  const hasSequences = await sql`select 1 from sqlite_master where name = 'sqlite_sequence'`.execute(trx);
  if (hasSequences.rows.length) {
    await sql`delete from sqlite_sequence where name in (${sql.join([...doomed])})`.execute(trx);
  }
  log(`Cleared ${[...doomed].join(', ')}.`);
}

interface SeededSeller {
  id: number;
  shopName: string;
  city: string;
  groups: string[];
}

/** 16 random URL-safe characters (96 bits) per shop, and its argon2 hash. */
async function sellerLogin(shop: (typeof shops)[number]) {
  const password = randomBytes(12).toString('base64url');
  return {
    email: `${slugify(shop.shopName)}@${SELLER_EMAIL_DOMAIN}`,
    password,
    passwordHash: await hash(password),
  };
}

async function insertSellers(
  trx: Trx,
  logins: Array<{ email: string; passwordHash: string }>,
  anchor: number,
): Promise<SeededSeller[]> {
  const rows = shops.map((shop, index) => {
    const joined = new Date(anchor - (800 + index * 9) * DAY_MS).toISOString();
    return {
      name: shop.owner,
      shop_name: shop.shopName,
      email: logins[index].email,
      password_hash: logins[index].passwordHash,
      city: shop.city,
      pickup_state: CITY_PICKUPS[shop.city].state,
      pickup_pincode: shop.pickupPincode,
      created_at: joined,
      // The seeded shops trade (issue 16): approved since they joined, each with its page at /shop/{slug}.
      slug: slugify(shop.shopName),
      status: 'approved',
      approved_at: joined,
    };
  });
  const inserted = await trx.insertInto('sellers').values(rows).returning(['id', 'email']).execute();
  const idByEmail = new Map(inserted.map((r) => [r.email, r.id]));
  return shops.map((shop, index) => ({
    id: idByEmail.get(rows[index].email)!,
    shopName: shop.shopName,
    city: shop.city,
    groups: shop.groups,
  }));
}

/** Inserts groups then subcategories; returns, per subcategory, where its products go and who may sell them. */
async function insertCategories(trx: Trx, sellers: SeededSeller[]): Promise<Shelf[]> {
  const placements: Shelf[] = [];
  for (const [position, group] of groups.entries()) {
    const { id: groupId } = await trx
      .insertInto('categories')
      .values({
        parent_id: null,
        name: group.name,
        slug: group.slug,
        image: pictureUrl({ type: 'category', kind: group.kind, colour: group.colour.hex }),
        position,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = group.subcategories.map((sub, subPosition) => ({
      parent_id: groupId,
      name: sub.name,
      slug: `${group.slug}-${slugify(sub.name)}`,
      image: pictureUrl({
        type: 'category',
        kind: sub.kind,
        colour: sub.colours[subPosition % sub.colours.length].hex,
      }),
      position: subPosition,
    }));
    const inserted = await trx.insertInto('categories').values(rows).returning(['id', 'slug']).execute();
    const idBySlug = new Map(inserted.map((r) => [r.slug, r.id]));
    const groupSellers = sellers.filter((s) => s.groups.includes(group.slug));
    group.subcategories.forEach((subcategory, i) => {
      placements.push({ group, subcategory, categoryId: idBySlug.get(rows[i].slug)!, sellers: groupSellers });
    });
  }
  return placements;
}

async function insertBanners(trx: Trx): Promise<void> {
  await trx
    .insertInto('banners')
    .values(
      banners.map((banner, index) => ({
        path: pictureUrl({ type: 'banner', number: index + 1 }),
        heading: banner.heading,
        description: banner.description,
        button_text: banner.buttonText,
        link: '/shops',
        position: index,
      })),
    )
    .execute();
}

async function insertProducts(
  trx: Trx,
  dialect: Dialect,
  random: Random,
  shelves: Shelf[],
  total: number,
  anchor: number,
  log: (message: string) => void,
) {
  const limit = PARAMETER_LIMIT[dialect];
  const productColumns = 16;
  const batchSize = Math.floor(limit / productColumns);
  const products = generateCatalogue(random, shelves, total, anchor);
  let images = 0;
  let reviews = 0;
  let variants = 0;
  let nextProgress = 0.25;
  for (let start = 0; start < total; start += batchSize) {
    const batch = Array.from({ length: Math.min(batchSize, total - start) }, () => {
      const next = products.next();
      if (next.done) throw new Error('The generator ended before the catalogue did');
      return next.value;
    });
    const productRows = batch.map((p) => p.row);
    const inserted =
      dialect === 'postgres'
        ? await insertByColumns<{ id: number; slug: string }>(trx, 'products', productRows, ['id', 'slug'])
        : await trx.insertInto('products').values(productRows).returning(['id', 'slug']).execute();
    const idBySlug = new Map(inserted.map((r) => [r.slug, r.id]));

    const imageRows = batch.flatMap((p) =>
      p.images.map((url, position) => ({ product_id: idBySlug.get(p.row.slug)!, position, url })),
    );
    const reviewRows = batch.flatMap((p) =>
      p.reviews.map((r) => ({ product_id: idBySlug.get(p.row.slug)!, customer_id: null, ...r })),
    );
    await insertInChunks(trx, dialect, 'product_images', imageRows);
    await insertInChunks(trx, dialect, 'reviews', reviewRows);
    const sizes = variantRows(batch, idBySlug);
    await insertInChunks(trx, dialect, 'product_variants', sizes);
    variants += sizes.length;
    images += imageRows.length;
    reviews += reviewRows.length;

    const done = start + batch.length;
    if (total >= 10_000 && done / total >= nextProgress) {
      log(`  ${done} / ${total} products`);
      nextProgress += 0.25;
    }
  }
  return { products: total, variants, images, reviews };
}

/** The variants of a batch of products, as generated (`row.stock` is their sum), with their SKUs (`variantSku`). */
function variantRows(
  batch: readonly GeneratedProduct[],
  idBySlug: ReadonlyMap<string, number>,
): Insertable<Database['product_variants']>[] {
  return batch.flatMap((p) => {
    const productId = idBySlug.get(p.row.slug)!;
    return p.variants.map(({ size, position, stock }) => ({
      product_id: productId,
      sku: variantSku(productId, size),
      size,
      position,
      stock,
    }));
  });
}

async function insertInChunks<T extends 'product_images' | 'reviews' | 'product_variants'>(
  trx: Trx,
  dialect: Dialect,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  if (!rows.length) return;
  if (dialect === 'postgres') {
    await insertByColumns(trx, table, rows);
    return;
  }
  const size = Math.floor(PARAMETER_LIMIT.sqlite / Object.keys(rows[0]).length);
  for (let i = 0; i < rows.length; i += size) {
    // Kysely's row typing cannot follow a generic table name; the rows were typed by the caller.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

/** Rows per PostgreSQL statement when each column travels as one array. */
const POSTGRES_ROWS_PER_INSERT = 50_000;

/**
 * PostgreSQL: one array per column, spread back into rows by `unnest`. A statement then has a handful of
 * parameters instead of one per value, which PostgreSQL parses and binds far faster than a 65,000-parameter
 * VALUES list: with it, 100,000 products and their half a million variants seed in about the time (~120 s on a
 * loaded machine) 100,000 products alone took before (~130 s), instead of ~160 s. A column null in every row is left out (its default, null, applies), as an array of only
 * nulls has no element type to infer.
 */
async function insertByColumns<R = never>(
  trx: Trx,
  table: string,
  rows: readonly object[],
  returning: string[] = [],
): Promise<R[]> {
  const answered: R[] = [];
  for (let i = 0; i < rows.length; i += POSTGRES_ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + POSTGRES_ROWS_PER_INSERT) as Record<string, unknown>[];
    const columns = Object.keys(chunk[0])
      .map((name) => ({ name, values: chunk.map((row) => row[name] ?? null) }))
      .filter(({ values }) => values.some((v) => v !== null));
    const arrays = columns.map(({ values }) => {
      const sample = values.find((v) => v !== null);
      const type =
        typeof sample === 'string'
          ? 'text'
          : values.every((v) => v === null || Number.isInteger(v))
            ? 'int8'
            : 'float8';
      return sql`${values}::${sql.raw(type)}[]`;
    });
    const answer = returning.length
      ? sql` returning ${sql.join(returning.map((name) => sql.ref(name)))}`
      : sql``;
    const { rows: back } =
      await sql<R>`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c.name)))})
      select * from unnest(${sql.join(arrays)})${answer}`.execute(trx);
    answered.push(...back);
  }
  return answered;
}
