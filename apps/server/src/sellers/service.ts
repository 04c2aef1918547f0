import type { SellerLoginInput, SellerProfile } from '@bazaar/shared';
import type { AppContext } from '../context';
import { passwordMatches } from '../auth/credentials';
import { unauthorized } from '../http/errors';
import { findSellerByEmail } from './repository';

const INVALID_CREDENTIALS = 'Invalid email or password';

export async function authenticateSeller(ctx: AppContext, input: SellerLoginInput): Promise<SellerProfile> {
  const seller = await findSellerByEmail(ctx.db, input.email);
  // Checked before looking at `seller`, so an unknown email pays for a verification too.
  const matches = await passwordMatches(seller?.password_hash, input.password);
  if (!seller || !matches) throw unauthorized(INVALID_CREDENTIALS);
  return { id: seller.id, name: seller.name, shopName: seller.shop_name, email: seller.email };
}
