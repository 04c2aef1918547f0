import type { DB } from '../db/database';

/** All SQL of seller sign-in. */
export function findSellerByEmail(db: DB, email: string) {
  return db
    .selectFrom('sellers')
    .select(['id', 'name', 'shop_name', 'email', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function findSellerById(db: DB, id: number) {
  return db
    .selectFrom('sellers')
    .select(['id', 'name', 'shop_name', 'email'])
    .where('id', '=', id)
    .executeTakeFirst();
}
