import type { Insertable, Updateable } from 'kysely';
import type { SellerTable } from '../catalog/tables';
import type { DB } from '../db/database';
import { sessionNotRevoked } from '../auth/repository';
import { SELLER_PROFILE_COLUMNS } from './profile';

/** All SQL of seller sign-in and sessions. */
export function findSellerByEmail(db: DB, email: string) {
  return db
    .selectFrom('sellers')
    .select([...SELLER_PROFILE_COLUMNS, 'password_hash', 'token_version'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function findSellerById(db: DB, id: number) {
  return db
    .selectFrom('sellers')
    .select(['id', 'name', 'shop_name', 'email', 'password_hash'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The seller a live console session belongs to. */
export function findSellerForSession(db: DB, id: number, tokenVersion: number, sessionId: string) {
  return db
    .selectFrom('sellers')
    .select(SELLER_PROFILE_COLUMNS)
    .where('id', '=', id)
    .where('token_version', '=', tokenVersion)
    .where(sessionNotRevoked(sessionId))
    .executeTakeFirst();
}

/** Stores a new hash and signs the seller out everywhere; returns the new token version. */
export async function updateSellerPassword(db: DB, id: number, passwordHash: string): Promise<number> {
  const row = await db
    .updateTable('sellers')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  return row.token_version;
}

export async function bumpSellerTokenVersion(db: DB, id: number): Promise<void> {
  await db
    .updateTable('sellers')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** The seller opts into (or out of) cash on delivery (issue 19); orders placed before keep how they were paid. */
export async function updateSellerCod(db: DB, id: number, acceptsCod: boolean): Promise<void> {
  await db
    .updateTable('sellers')
    .set({ accepts_cod: acceptsCod ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** Distinct password hashes of the shops the seed creates (they share its e-mail domain). */
export async function seededSellerPasswordHashes(db: DB, emailDomain: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sellers')
    .select('password_hash')
    .distinct()
    .where('email', 'like', `%@${emailDomain}`)
    .where('password_hash', 'is not', null)
    .execute();
  return rows.map((row) => row.password_hash!);
}

// ---- Onboarding (issue 16) -----------------------------------------------------------------------

/** The slugs already taken by `base` or `base-<n>`, for choosing a new shop's slug. */
export async function slugsLike(db: DB, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sellers')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  return rows.flatMap((row) => (row.slug ? [row.slug] : []));
}

export function insertSeller(db: DB, seller: Insertable<SellerTable>) {
  return db
    .insertInto('sellers')
    .values(seller)
    .returning([...SELLER_PROFILE_COLUMNS, 'token_version'])
    .executeTakeFirstOrThrow();
}

export function findSellerStatus(db: DB, id: number) {
  return db
    .selectFrom('sellers')
    .select(['id', 'email', 'shop_name', 'status', 'approved_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findSellerIdByEmail(db: DB, email: string) {
  return db.selectFrom('sellers').select('id').where('email', '=', email).executeTakeFirst();
}

/** Moves a seller from `from` to `to`; false when its status was no longer `from` (a concurrent change won). */
export async function updateSellerStatus(
  db: DB,
  id: number,
  from: string,
  change: Pick<Updateable<SellerTable>, 'status' | 'status_reason' | 'approved_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('sellers')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
