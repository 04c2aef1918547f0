import type { IncomingMessage } from 'node:http';

/** Which hop of a request's path Fastify may believe: 0 is the connection's own peer, 1 the address it forwarded for. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * Fastify's `trustProxy` for the number of reverse proxies in front of the server (TRUST_PROXY). Each proxy appends
 * the address it received the request from to X-Forwarded-For, so the client is the entry `hops` places from the
 * right; entries further left were written by the client and could be anything. A function, because Fastify's own
 * numeric `trustProxy` ignores the header altogether since 5.12.1, which would put every client behind the proxy
 * under the proxy's one address.
 */
export function proxyTrust(hops: number): ProxyTrust | false {
  return hops === 0 ? false : (_address, hop) => hop < hops;
}

/**
 * The client's address as Fastify reports `request.ip` under `proxyTrust(hops)`, for requests Fastify does not see
 * (the Socket.IO handshake), so socket caps and rate limits count the same addresses.
 */
export function clientAddress(request: IncomingMessage, hops: number): string {
  const header = request.headers['x-forwarded-for'];
  const forwarded = typeof header === 'string' ? header.split(',').map((entry) => entry.trim()) : [];
  // Nearest first: the connection's peer, then what each proxy says it received the request from.
  const path = [request.socket.remoteAddress ?? 'unknown', ...forwarded.filter(Boolean).reverse()];
  return path[Math.min(hops, path.length - 1)];
}
