import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database } from '../db/schema';
import type { AddressTable } from './tables';

/** The database or an open transaction: every function here works with either. */
type Executor = Kysely<Database>;

export type AddressRow = Selectable<AddressTable>;

export type AddressValues = Pick<
  AddressRow,
  | 'name'
  | 'phonenumber'
  | 'alternatephonenumber'
  | 'pincode'
  | 'state'
  | 'city_dist_town'
  | 'address'
  | 'landmark'
  | 'locality'
>;

/**
 * Serialises address changes of one customer on PostgreSQL, so two concurrent saves cannot both decide they
 * are "the first address" and both claim the default. SQLite already runs one write transaction at a time.
 */
export async function lockCustomerAddressBook(
  trx: Executor,
  dialect: Dialect,
  customerId: number,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
}

/** Default first, then newest first. */
export function listAddresses(db: Executor, customerId: number): Promise<AddressRow[]> {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findAddress(
  db: Executor,
  customerId: number,
  addressId: number,
): Promise<AddressRow | undefined> {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', addressId)
    .executeTakeFirst();
}

export function findDefaultAddress(db: Executor, customerId: number): Promise<AddressRow | undefined> {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
}

export async function insertAddress(
  trx: Executor,
  customerId: number,
  values: AddressValues,
  isDefault: boolean,
  now: string,
): Promise<number> {
  const row = await trx
    .insertInto('addresses')
    .values({
      ...values,
      customer_id: customerId,
      is_default: isDefault ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAddress(
  trx: Executor,
  customerId: number,
  addressId: number,
  values: AddressValues,
  isDefault: boolean,
  now: string,
): Promise<void> {
  await trx
    .updateTable('addresses')
    .set({ ...values, is_default: isDefault ? 1 : 0, updated_at: now })
    .where('customer_id', '=', customerId)
    .where('id', '=', addressId)
    .execute();
}

export async function setDefaultFlag(
  trx: Executor,
  customerId: number,
  addressId: number,
  isDefault: boolean,
): Promise<void> {
  await trx
    .updateTable('addresses')
    .set({ is_default: isDefault ? 1 : 0 })
    .where('customer_id', '=', customerId)
    .where('id', '=', addressId)
    .execute();
}

export async function clearDefault(trx: Executor, customerId: number): Promise<void> {
  await trx
    .updateTable('addresses')
    .set({ is_default: 0 })
    .where('customer_id', '=', customerId)
    .where('is_default', '=', 1)
    .execute();
}

/** True when a row was deleted. */
export async function deleteAddress(trx: Executor, customerId: number, addressId: number): Promise<boolean> {
  const result = await trx
    .deleteFrom('addresses')
    .where('customer_id', '=', customerId)
    .where('id', '=', addressId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The newest address, preferring any other than `avoidId` (the one just un-defaulted). */
export async function newestAddressId(
  trx: Executor,
  customerId: number,
  avoidId?: number,
): Promise<number | undefined> {
  const rows = await trx
    .selectFrom('addresses')
    .select('id')
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  return (rows.find((row) => row.id !== avoidId) ?? rows[0])?.id;
}
