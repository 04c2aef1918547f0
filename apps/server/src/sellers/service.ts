import { hash } from '@node-rs/argon2';
import type { Selectable } from 'kysely';
import type { ChangePasswordInput, SellerLoginInput, SellerProfile } from '@bazaar/shared';
import type { SellerTable } from '../catalog/tables';
import type { AppContext } from '../context';
import { passwordMatches } from '../auth/credentials';
import { announceSessionsEnded } from '../auth/session';
import { WrongSecret } from '../auth/throttle';
import { unauthorized } from '../http/errors';
import { sellerProfileOf } from './profile';
import { findSellerByEmail, findSellerById, updateSellerPassword } from './repository';

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
