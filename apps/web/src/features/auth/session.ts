import { jwtDecode } from 'jwt-decode';
import { TOKEN_KEY } from '../../api/client';

export interface UserInfo {
  id: number;
  name: string;
  email: string | null;
}

/** The session is decoded from the stored token; an expired or unreadable token means no session. */
export function decodeToken(token: string | null): UserInfo | null {
  if (!token) return null;
  try {
    const claims = jwtDecode<UserInfo & { exp?: number }>(token);
    if (claims.exp && claims.exp * 1000 < Date.now()) return null;
    return { id: claims.id, name: claims.name, email: claims.email ?? null };
  } catch {
    return null;
  }
}

export function storedUser(): UserInfo | null {
  const user = decodeToken(localStorage.getItem(TOKEN_KEY));
  if (!user) localStorage.removeItem(TOKEN_KEY);
  return user;
}
