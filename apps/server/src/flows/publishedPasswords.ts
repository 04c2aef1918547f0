import { passwordMatches } from '../auth/credentials';
import type { DB } from '../db/database';
import { operatorPasswordHashes } from '../ops/repository';
import { PUBLISHED_DEMO_PASSWORDS, SELLER_EMAIL_DOMAIN } from '../sellers/demoAccounts';
import { seededSellerPasswordHashes } from '../sellers/repository';

/**
 * Which staff accounts (sellers and operators, two features) still use a password this project once published
 * (the seeded shops' `seller123`): a production start (main.ts) refuses to run while any does. Only seeded shops
 * (their e-mail domain) and operators are checked, each distinct hash once, so the check stays quick however many
 * real sellers sign up.
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
