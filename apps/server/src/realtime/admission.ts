import type { IncomingMessage } from 'node:http';
import { carriesAmbientSession, originChecker } from '../security/csrf';

/** The last of a comma-separated header's values: what the proxy nearest to this server put there. */
function lastEntryOf(header: string | string[] | undefined): string | undefined {
  const values = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  return values.at(-1);
}

/** This server's host as the request names it, as Fastify reports `request.host` to the CSRF guard. */
function ownHost(request: IncomingMessage, trustedProxyHops: number): string {
  const forwarded = trustedProxyHops > 0 ? lastEntryOf(request.headers['x-forwarded-host']) : undefined;
  return forwarded ?? request.headers.host ?? '';
}

/**
 * Decides whether a Socket.IO handshake may proceed, for the websocket and the polling transport alike. It sees
 * the first request of a connection, whose headers (cookies included) are also what the socket is identified by;
 * the later requests of a polling session are tied to the id that request answered with, which a foreign page
 * cannot read. The origin is judged as the CSRF guard judges it (Origin, else Referer; own host or PUBLIC_ORIGIN):
 * - a handshake naming a foreign origin is refused, with or without a cookie. CORS does not guard a WebSocket, so
 *   unlike an API call with an Authorization header, a token in `auth` does not make it acceptable;
 * - a handshake naming no origin is refused when it carries a session cookie: browsers always name the origin of a
 *   WebSocket (and a same-origin polling request's Referer), so only something else sends such a cookie bare;
 * - a handshake with neither an origin nor a cookie (an app or script with `auth.token`) may proceed, as the CSRF
 *   guard lets a request without cookies through.
 */
export function handshakeOriginGuard(options: {
  trustedOrigins: string[];
  trustedProxyHops: number;
  parseCookie(header: string): Record<string, string | undefined>;
}): (request: IncomingMessage) => boolean {
  const isTrustedSender = originChecker(options.trustedOrigins);
  return (request) => {
    const { origin, referer, cookie } = request.headers;
    if (origin === undefined && referer === undefined) {
      return !carriesAmbientSession(options.parseCookie(cookie ?? ''));
    }
    return isTrustedSender({ origin, referer }, ownHost(request, options.trustedProxyHops));
  };
}
