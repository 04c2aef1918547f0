import { addressMessages, type Address, type SaveAddressInput } from '@bazaar/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import * as repo from './repository';

export function toAddress(row: repo.AddressRow): Address {
  return {
    _id: row.id,
    name: row.name,
    address: row.address,
    phonenumber: row.phonenumber,
    alternatephonenumber: row.alternatephonenumber,
    pincode: row.pincode,
    state: row.state,
    cityDistTown: row.city_dist_town,
    landmark: row.landmark,
    locality: row.locality,
    defaultAddress: row.is_default === 1,
  };
}

/**
 * Keeps the rule "exactly one default whenever the customer has an address": when none is default (the
 * default was deleted or unticked), the newest address takes over, preferring one other than `avoidId`.
 */
async function ensureOneDefault(trx: Kysely<Database>, customerId: number, avoidId?: number): Promise<void> {
  if (await repo.findDefaultAddress(trx, customerId)) return;
  const promoted = await repo.newestAddressId(trx, customerId, avoidId);
  if (promoted !== undefined) await repo.setDefaultFlag(trx, customerId, promoted, true);
}

/** Runs an address-book change in one transaction, with the customer's book locked against concurrent edits. */
function inAddressBook<T>(
  ctx: AppContext,
  customerId: number,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    await repo.lockCustomerAddressBook(trx, ctx.dialect, customerId);
    return work(trx);
  });
}

/** Creates an address, or updates the customer's own one when `addressId` is given (someone else's → 404). */
export async function saveAddress(
  ctx: AppContext,
  customerId: number,
  input: SaveAddressInput,
): Promise<{ address: Address; message: string }> {
  const values: repo.AddressValues = {
    name: input.name,
    phonenumber: input.phonenumber,
    alternatephonenumber: input.alternatephonenumber,
    pincode: input.pincode,
    state: input.state,
    city_dist_town: input.cityDistTown,
    address: input.address,
    landmark: input.landmark,
    locality: input.locality,
  };
  return inAddressBook(ctx, customerId, async (trx) => {
    const now = nowIso();
    if (input.defaultAddress) await repo.clearDefault(trx, customerId);
    let addressId: number;
    if (input.addressId !== undefined) {
      const existing = await repo.findAddress(trx, customerId, input.addressId);
      if (!existing) throw notFound(addressMessages.notFound);
      addressId = existing.id;
      await repo.updateAddress(trx, customerId, addressId, values, input.defaultAddress, now);
    } else {
      addressId = await repo.insertAddress(trx, customerId, values, input.defaultAddress, now);
    }
    await ensureOneDefault(trx, customerId, input.defaultAddress ? undefined : addressId);
    const saved = await repo.findAddress(trx, customerId, addressId);
    return {
      address: toAddress(saved!),
      message: input.addressId !== undefined ? addressMessages.updated : addressMessages.saved,
    };
  });
}

export async function listAddresses(ctx: AppContext, customerId: number): Promise<Address[]> {
  return (await repo.listAddresses(ctx.db, customerId)).map(toAddress);
}

export async function defaultAddress(ctx: AppContext, customerId: number): Promise<Address | null> {
  const row = await repo.findDefaultAddress(ctx.db, customerId);
  return row ? toAddress(row) : null;
}

/** Ticking makes this the only default; unticking hands the default to the newest other address, if any. */
export async function markDefaultAddress(
  ctx: AppContext,
  customerId: number,
  addressId: number,
  makeDefault: boolean,
) {
  await inAddressBook(ctx, customerId, async (trx) => {
    if (!(await repo.findAddress(trx, customerId, addressId))) throw notFound(addressMessages.notFound);
    if (makeDefault) {
      await repo.clearDefault(trx, customerId);
      await repo.setDefaultFlag(trx, customerId, addressId, true);
    } else {
      await repo.setDefaultFlag(trx, customerId, addressId, false);
      await ensureOneDefault(trx, customerId, addressId);
    }
  });
  return { addressId, message: addressMessages.defaultChanged };
}

/** Deleting the default promotes the newest remaining address. */
export async function deleteAddress(ctx: AppContext, customerId: number, addressId: number) {
  await inAddressBook(ctx, customerId, async (trx) => {
    if (!(await repo.deleteAddress(trx, customerId, addressId))) throw notFound(addressMessages.notFound);
    await ensureOneDefault(trx, customerId);
  });
  return { userId: customerId, addressId, message: addressMessages.deleted };
}
