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
