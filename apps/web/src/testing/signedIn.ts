import { afterEach } from 'vitest';
import { TOKEN_KEY } from '../api/request';

const base64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * Signs a customer in for the next store `renderWithApp` creates, as a returning shopper is: a stored session token
 * (unsigned; only the server checks signatures, and `fakeApi` answers for it). Forgotten after the test.
 */
export function signIn(user: { id: number; name: string } = { id: 1, name: 'Asha Rao' }): void {
  const claims = { ...user, email: null, exp: Math.floor(Date.now() / 1000) + 3600 };
  localStorage.setItem(TOKEN_KEY, `${base64Url('{"alg":"none"}')}.${base64Url(JSON.stringify(claims))}.x`);
}

afterEach(() => localStorage.removeItem(TOKEN_KEY));
