import { chmodSync, writeFileSync } from 'node:fs';
import type { SeedCredential } from './index';

/** The seeded shops' sign-ins as lines of `email password`, under a heading that says what they are. */
export function formatCredentials(credentials: SeedCredential[]): string {
  return [
    '# Seller console (/seller/login) sign-ins made by the seed for this database. Shown once; keep them private.',
    ...credentials.map(({ email, password }) => `${email} ${password}`),
    '',
  ].join('\n');
}

/**
 * Writes the sign-ins for the owner only (0600). The create mode alone would be cut down by the umask but could
 * not narrow a file that already exists, so the mode is set explicitly as well.
 */
export function writeCredentialsFile(file: string, credentials: SeedCredential[]): void {
  writeFileSync(file, formatCredentials(credentials), { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** Reads a file written by `writeCredentialsFile` back into e-mail → password. */
export function parseCredentials(text: string): Map<string, string> {
  const logins = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [email, password] = line.trim().split(' ');
    if (email && password && !email.startsWith('#')) logins.set(email, password);
  }
  return logins;
}
