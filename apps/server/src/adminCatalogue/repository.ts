import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB, Dialect } from '../db/database';
import type { BannerTable, CategoryTable } from '../catalog/tables';

/** All SQL of the admin console's categories and banners (issue 17). */

/** Every category with how many products are filed under it, in storefront order (groups, then position). */
export function categoriesWithCounts(db: DB) {
  return db
    .selectFrom('categories')
    .select(['id', 'parent_id', 'name', 'slug', 'image', 'position', 'hidden'])
    .select((eb) =>
      eb
        .selectFrom('products')
        .select((sub) => sub.fn.countAll<number | string>().as('count'))
        .whereRef('products.category_id', '=', 'categories.id')
        .as('product_count'),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
}
export type CategoryWithCount = Awaited<ReturnType<typeof categoriesWithCounts>>[number];

export function findCategory(db: DB, id: number) {
  return db
    .selectFrom('categories')
    .select(['id', 'parent_id', 'name', 'slug', 'image', 'position', 'hidden'])
    .where('id', '=', id)
    .executeTakeFirst();
}
export type CategoryRecord = NonNullable<Awaited<ReturnType<typeof findCategory>>>;

/**
 * The ids of the categories under one parent (null: the groups), in order. On PostgreSQL the rows are locked, so
 * two admins reordering the same list queue instead of both writing positions from the same starting order (SQLite
 * runs one write transaction at a time already).
 */
export async function siblingIds(trx: DB, dialect: Dialect, parentId: number | null): Promise<number[]> {
  const read = trx
    .selectFrom('categories')
    .select('id')
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .orderBy('position')
    .orderBy('id');
  const rows = await (dialect === 'postgres' ? read.forUpdate() : read).execute();
  return rows.map((row) => row.id);
}

export async function bannerIds(trx: DB, dialect: Dialect): Promise<number[]> {
  const read = trx.selectFrom('banners').select('id').orderBy('position').orderBy('id');
  const rows = await (dialect === 'postgres' ? read.forUpdate() : read).execute();
  return rows.map((row) => row.id);
}

/** Numbers the rows 0, 1, 2… in the given order; only rows whose position changes are written. */
export async function setPositions(
  trx: DB,
  table: 'categories' | 'banners',
  orderedIds: readonly number[],
): Promise<void> {
  if (!orderedIds.length) return;
  const current = await trx
    .selectFrom(table)
    .select(['id', 'position'])
    .where('id', 'in', [...orderedIds])
    .execute();
  const positionOf = new Map(current.map((row) => [row.id, row.position]));
  for (const [position, id] of orderedIds.entries())
    if (positionOf.get(id) !== position)
      await trx.updateTable(table).set({ position }).where('id', '=', id).execute();
}

export async function slugTaken(db: DB, slug: string): Promise<boolean> {
  const row = await db.selectFrom('categories').select('id').where('slug', '=', slug).executeTakeFirst();
  return row !== undefined;
}

export async function insertCategory(trx: DB, values: Insertable<CategoryTable>): Promise<number> {
  const row = await trx.insertInto('categories').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCategory(trx: DB, id: number, patch: Updateable<CategoryTable>): Promise<void> {
  await trx.updateTable('categories').set(patch).where('id', '=', id).execute();
}

export async function deleteCategory(trx: DB, id: number): Promise<void> {
  await trx.deleteFrom('categories').where('id', '=', id).execute();
}

/** How many products and subcategories a category has: what keeps it from being deleted. */
export async function categoryContents(trx: DB, id: number): Promise<{ products: number; children: number }> {
  const [products, children] = await Promise.all([
    trx
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('category_id', '=', id)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('parent_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return { products: Number(products.count), children: Number(children.count) };
}

/**
 * Adds words to the search terms of the products of these categories (a new name, a new group), so a search for
 * them finds the products. The old words stay: shoppers who learnt them still find what they found before.
 */
export async function addSearchTerms(trx: DB, categoryIds: readonly number[], words: string): Promise<void> {
  if (!categoryIds.length) return;
  await trx
    .updateTable('products')
    .set({ category_terms: sql<string>`category_terms || ${` ${words}`}` })
    .where('category_id', 'in', [...categoryIds])
    .execute();
}

const BANNER_COLUMNS = [
  'id',
  'path',
  'heading',
  'description',
  'button_text',
  'link',
  'position',
  'hidden',
] as const;

export function allBanners(db: DB) {
  return db.selectFrom('banners').select(BANNER_COLUMNS).orderBy('position').orderBy('id').execute();
}

export function findBanner(db: DB, id: number) {
  return db.selectFrom('banners').select(BANNER_COLUMNS).where('id', '=', id).executeTakeFirst();
}
export type BannerRecord = NonNullable<Awaited<ReturnType<typeof findBanner>>>;

export async function insertBanner(trx: DB, values: Insertable<BannerTable>): Promise<number> {
  const row = await trx.insertInto('banners').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBanner(trx: DB, id: number, patch: Updateable<BannerTable>): Promise<void> {
  await trx.updateTable('banners').set(patch).where('id', '=', id).execute();
}

export async function deleteBanner(trx: DB, id: number): Promise<void> {
  await trx.deleteFrom('banners').where('id', '=', id).execute();
}
