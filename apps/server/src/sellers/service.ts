import { hash } from '@node-rs/argon2';
import type { ChangePasswordInput, SellerLoginInput, SellerProfile } from '@bazaar/shared';
import type { AppContext } from '../context';
import { passwordMatches } from '../auth/credentials';
import { announceSessionsEnded } from '../auth/session';
import { WrongSecret } from '../auth/throttle';
import { unauthorized } from '../http/errors';
import type { DB } from '../db/database';
import { operatorPasswordHashes } from '../ops/repository';
import { PUBLISHED_DEMO_PASSWORDS, SELLER_EMAIL_DOMAIN } from './demoAccounts';
import {
  findSellerByEmail,
  findSellerById,
  seededSellerPasswordHashes,
  updateSellerPassword,
} from './repository';

const INVALID_CREDENTIALS = 'Invalid email or password';

export interface AuthenticatedSeller {
  profile: SellerProfile;
  token_version: number;
}

export async function authenticateSeller(
  ctx: AppContext,
  input: SellerLoginInput,
): Promise<AuthenticatedSeller> {
  const seller = await findSellerByEmail(ctx.db, input.email);
  // Checked before looking at `seller`, so an unknown email pays for a verification too.
  const matches = await passwordMatches(seller?.password_hash, input.password);
  if (!seller || !matches) throw new WrongSecret(401, INVALID_CREDENTIALS);
  return {
    profile: { id: seller.id, name: seller.name, shopName: seller.shop_name, email: seller.email },
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
    throw new WrongSecret(400, 'Old password is incorrect');
  const tokenVersion = await updateSellerPassword(ctx.db, sellerId, await hash(input.new_password));
  announceSessionsEnded(ctx, { kind: 'seller', accountId: sellerId });
  return tokenVersion;
}

/**
 * Which staff accounts still use a password this project once published (the seeded shops' `seller123`): a
 * production start refuses to run while any does. Only seeded shops (their e-mail domain) and operators are
 * checked, each distinct hash once, so the check stays quick however many real sellers sign up.
 */
export async function accountsWithPublishedPasswords(db: DB): Promise<string[]> {
  const [sellerHashes, operatorHashes] = await Promise.all([
    seededSellerPasswordHashes(db, SELLER_EMAIL_DOMAIN),
    operatorPasswordHashes(db),
  ]);
  const usesPublished = async (storedHash: string) =>
    (
      await Promise.all(PUBLISHED_DEMO_PASSWORDS.map((password) => passwordMatches(storedHash, password)))
    ).some(Boolean);
  const found: string[] = [];
  if ((await Promise.all(sellerHashes.map(usesPublished))).some(Boolean))
    found.push(`seeded shops (@${SELLER_EMAIL_DOMAIN})`);
  if ((await Promise.all(operatorHashes.map(usesPublished))).some(Boolean)) found.push('operators');
  return found;
}
