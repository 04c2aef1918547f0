/** Where the session token is kept (spec §3: local storage under the customer token key). */
export const TOKEN_KEY = 'customerToken';

/** The fetch options of every API call: JSON, cookies, and the stored session token when there is one. */
export function apiInit(method: string, body?: unknown, init: RequestInit = {}): RequestInit {
  const token = localStorage.getItem(TOKEN_KEY);
  // A form (an upload) goes as multipart/form-data: the browser writes its Content-Type with the boundary.
  const form = body instanceof FormData;
  return {
    method,
    credentials: 'include',
    ...init,
    headers: {
      Accept: 'application/json',
      ...(body !== undefined && !form ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  };
}

const earlyRequests = new Map<string, Promise<Response>>();

/**
 * Starts a GET the app is about to make, before the app's code has even loaded (main.tsx does this for the listing
 * a visit opens on). The app's own call for the same path then takes this response instead of asking again.
 */
export function requestEarly(path: string): void {
  if (!earlyRequests.has(path)) earlyRequests.set(path, fetch(`/api${path}`, apiInit('GET')));
}

/** The response of an early request for `path`, once: later calls fetch afresh. */
export function takeEarlyRequest(path: string): Promise<Response> | undefined {
  const response = earlyRequests.get(path);
  earlyRequests.delete(path);
  return response;
}
