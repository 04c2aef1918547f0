import { hash, verify } from '@node-rs/argon2';

/** Verified against when there is no stored hash, so an unknown email costs as long as a wrong password. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hash('decoy-password-that-never-matches'));

/**
 * Whether `password` matches an account's stored argon2 hash. Customers, sellers and operators all sign in
 * through this: a missing account (or one without a password) still pays for a full verification, so response
 * time cannot be used to probe which emails exist. A malformed stored hash counts as a mismatch.
 */
export async function passwordMatches(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    await verify(await decoy(), password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
