import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { passwordMatches } from './credentials';

describe('passwordMatches', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hash('correct horse battery');
    expect(await passwordMatches(stored, 'correct horse battery')).toBe(true);
    expect(await passwordMatches(stored, 'correct horse battery ')).toBe(false);
  });

  it('refuses when there is no account or no password, after a decoy verification', async () => {
    expect(await passwordMatches(undefined, 'anything')).toBe(false);
    expect(await passwordMatches(null, 'decoy-password-that-never-matches')).toBe(false);
  });

  it('treats a malformed stored hash as a mismatch rather than an error', async () => {
    expect(await passwordMatches('not-an-argon2-hash', 'anything')).toBe(false);
  });
});
