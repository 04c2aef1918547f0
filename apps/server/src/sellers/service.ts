import { hash } from '@node-rs/argon2';
import type { Selectable } from 'kysely';
import {
  sellerRegisterMessages,
  type ChangePasswordInput,
  type SellerLoginInput,
  type SellerProfile,
  type SellerRegistration,
} from '@bazaar/shared';
import { slugify } from '@bazaar/shared/slug';
import type { SellerTable } from '../catalog/tables';
import type { AppContext } from '../context';
import { passwordMatches } from '../auth/credentials';
import { announceSessionsEnded } from '../auth/session';
import { WrongSecret } from '../auth/throttle';
import { conflict, unauthorized } from '../http/errors';
import { isUniqueViolation } from '../db/errors';
import { nowIso } from '../db/database';
import { enqueueNotification } from '../notifications/outbox';
import { sellerProfileOf } from './profile';
import {
  findSellerByEmail,
  findSellerById,
  findSellerIdByEmail,
  insertSeller,
  slugsLike,
  updateSellerPassword,
} from './repository';

const INVALID_CREDENTIALS = 'Invalid email or password';

export interface AuthenticatedSeller {
  profile: SellerProfile;
  token_version: Selectable<SellerTable>['token_version'];
}

export async function authenticateSeller(
  ctx: AppContext,
  input: SellerLoginInput,
): Promise<AuthenticatedSeller> {
  const seller = await findSellerByEmail(ctx.db, input.email);
  // Checked before looking at `seller`, so an unknown email pays for a verification too.
  const matches = await passwordMatches(seller?.password_hash, input.password);
  if (!seller || !matches) throw new WrongSecret(401, INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  return {
    profile: sellerProfileOf(seller),
    token_version: seller.token_version,
  };
}

/** A new password ends every session of the seller; returns the token version the caller's new session needs. */
export async function changeSellerPassword(
  ctx: AppContext,
  sellerId: number,
  input: ChangePasswordInput,
): Promise<number> {
  const seller = await findSellerById(ctx.db, sellerId);
  if (!seller) throw unauthorized('Please sign in as a seller');
  if (!(await passwordMatches(seller.password_hash, input.old_password)))
    throw new WrongSecret(400, 'Old password is incorrect', 'INVALID_CREDENTIALS');
  const tokenVersion = await updateSellerPassword(ctx.db, sellerId, await hash(input.new_password));
  announceSessionsEnded(ctx, { kind: 'seller', accountId: sellerId });
  return tokenVersion;
}

/** `base`, or `base-2`, `base-3`, … : the first that no shop has. */
export function freeSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/**
 * A new shop (issue 16): `pending` until the marketplace approves it, with a page slug of its own. An e-mail
 * another seller uses is a 409, as the customers' sign-up answers (the same e-mail may be a customer's too: the two
 * accounts are separate). Two registrations racing for one slug: the loser takes the next free one.
 */
export async function registerSeller(
  ctx: AppContext,
  input: SellerRegistration,
): Promise<AuthenticatedSeller> {
  if (await findSellerIdByEmail(ctx.db, input.email))
    throw conflict(sellerRegisterMessages.emailTaken, 'EMAIL_TAKEN');
  const passwordHash = await hash(input.password);
  const base = slugify(input.shopName);
  for (let attempt = 0; ; attempt++) {
    const slug = freeSlug(base, await slugsLike(ctx.db, base));
    try {
      const row = await ctx.db.transaction().execute(async (trx) => {
        const inserted = await insertSeller(trx, {
          name: input.ownerName,
          shop_name: input.shopName,
          email: input.email,
          password_hash: passwordHash,
          mobile: input.mobile,
          city: input.pickupAddress.city,
          pickup_address: input.pickupAddress.address,
          pickup_state: input.pickupAddress.state,
          pickup_pincode: input.pickupAddress.pincode,
          gstin: input.gstin,
          pan: input.pan,
          slug,
          status: 'pending',
          created_at: nowIso(),
        });
        // Every admin is asked to review the new shop.
        await enqueueNotification(trx, {
          kind: 'admin_new_seller',
          to: 'admins',
          params: { sellerId: inserted.id },
        });
        return inserted;
      });
      return { profile: sellerProfileOf(row), token_version: row.token_version };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
      if (await findSellerIdByEmail(ctx.db, input.email))
        throw conflict(sellerRegisterMessages.emailTaken, 'EMAIL_TAKEN');
    }
  }
}
