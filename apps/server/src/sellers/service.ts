import { hash, verify } from '@node-rs/argon2';
import type { SellerLoginInput, SellerProfile } from '@bazaar/shared';
import type { AppContext } from '../context';
import { unauthorized } from '../http/errors';
import { findSellerByEmail } from './repository';

const INVALID_CREDENTIALS = 'Invalid email or password';

/** Verified against when the email is unknown, so a wrong email costs as long as a wrong password. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hash('decoy password that never matches'));

export async function authenticateSeller(ctx: AppContext, input: SellerLoginInput): Promise<SellerProfile> {
  const seller = await findSellerByEmail(ctx.db, input.email);
  if (!seller?.password_hash) {
    await verify(await decoy(), input.password);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  const matches = await verify(seller.password_hash, input.password).catch(() => false);
  if (!matches) throw unauthorized(INVALID_CREDENTIALS);
  return { id: seller.id, name: seller.name, shopName: seller.shop_name, email: seller.email };
}
