import { vi } from 'vitest';

/** One API call a component made: method, path under /api, and the JSON body it sent. */
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/** Answers a call: the JSON to return (status 200), or a status with a body. */
export type ApiAnswer = unknown | { status: number; body: unknown };
type Route = (call: ApiCall) => ApiAnswer;

const isStatusAnswer = (answer: unknown): answer is { status: number; body: unknown } =>
  typeof answer === 'object' && answer !== null && 'status' in answer && 'body' in answer;

/**
 * Replaces fetch for one test with answers keyed by "METHOD /path" (the path under /api), and records every call.
 * A route named without a query string answers every query string of its path that no route names exactly
 * (the route reads `call.path` for it). A call no route answers fails the test loudly instead of reaching the
 * network.
 */
export function fakeApi(routes: Record<string, Route>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input).replace(/^\/api/, '');
    const call = { method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const route = routes[`${method} ${path}`] ?? routes[`${method} ${path.split('?')[0]}`];
    if (!route) throw new Error(`No fake answer for ${method} ${path}`);
    const answer = route(call);
    const { status, body } = isStatusAnswer(answer) ? answer : { status: 200, body: answer };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}
