/**
 * JSON calls to the server under /api, with cookies, as the spec says. Failures reject with the server's body.
 * Components do not call this directly: every call goes through the RTK Query API slice (bazaarApi.ts), whose
 * base query is `apiRequest`.
 */

import { apiInit, takeEarlyRequest, TOKEN_KEY } from './request';

export { TOKEN_KEY } from './request';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: { error?: string; [key: string]: unknown },
  ) {
    super(body?.error ?? `Request failed (${status})`);
  }
}

/** Seller, operator and admin calls: their 401s are about those consoles' own sign-in, never the shopper's session. */
const STAFF_API = /^\/(ops|admin|seller|chat\/seller)\//;

let sessionEndedListener: (() => void) | undefined;

/**
 * `listener` runs when the server refuses the shopper's stored session (a 401 to a call that carried it): the
 * session ended elsewhere (logout on another device, a password change, expiry). Returns the unsubscribe.
 */
export function whenSessionEnds(listener: () => void): () => void {
  sessionEndedListener = listener;
  return () => {
    if (sessionEndedListener === listener) sessionEndedListener = undefined;
  };
}

export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<T> {
  const sentToken = localStorage.getItem(TOKEN_KEY);
  const early = method === 'GET' ? takeEarlyRequest(path) : undefined;
  const response = await (early ?? fetch(`/api${path}`, apiInit(method, body, init)));
  const text = await response.text();
  let data: unknown = {};
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { error: text };
    }
  }
  // Only while the token sent is still the stored one: several calls refused together end the session once, and a
  // sign-in that replaced the token meanwhile is not undone.
  if (
    response.status === 401 &&
    sentToken &&
    sentToken === localStorage.getItem(TOKEN_KEY) &&
    !STAFF_API.test(path)
  )
    sessionEndedListener?.();
  if (!response.ok) throw new ApiError(response.status, data as { error?: string });
  return data as T;
}

/** The server's body of a failed call, with its `error` text (the API slice's failures carry it). */
export function rejectBody(error: unknown): { error: string } {
  if (error instanceof ApiError) return { ...error.body, error: error.body?.error ?? error.message };
  return { error: error instanceof Error ? error.message : 'Something went wrong' };
}
