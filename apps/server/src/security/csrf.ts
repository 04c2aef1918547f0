import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../http/errors';
import { AMBIENT_SESSION_COOKIES } from '../auth/session';

export const CSRF_REFUSAL = 'Cross-site request refused';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The bank webhook carries no cookies a browser could add and proves itself with an HMAC signature. */
const EXEMPT_PATHS = new Set(['/api/payment/webhook']);

export interface CsrfOptions {
  /** Origins besides the server's own that may send cookie-authenticated changes (the Vite dev server, a public URL). */
  trustedOrigins: string[];
}

/** The scheme-less `host[:port]` of an Origin or Referer value, or null when it is absent, `null` or not a URL. */
function hostOf(value: string | undefined): string | null {
  if (!value || value === 'null') return null;
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Whether the request carries a session cookie the browser would have attached on its own. */
export function carriesAmbientSession(cookies: Record<string, string | undefined> | undefined): boolean {
  return AMBIENT_SESSION_COOKIES.some((name) => cookies?.[name] !== undefined);
}

function needsOriginCheck(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (EXEMPT_PATHS.has(request.url.split('?')[0])) return false;
  // A script can only set Authorization on a same-origin request or one CORS allowed, so a valid Bearer session
  // is not something a foreign page can ride on. Any other Authorization header proves nothing.
  if (request.customerByBearer) return false;
  return carriesAmbientSession(request.cookies);
}

/** The headers a browser names a request's sender with. */
export interface SenderHeaders {
  origin?: string;
  referer?: string;
}

/**
 * Whether a request says, through Origin (or Referer when a browser leaves Origin out), that it comes from this
 * site (`ownHost`, the request's Host) or a trusted origin. A request naming no origin at all is not.
 */
export function originChecker(trustedOrigins: string[]) {
  const trustedHosts = new Set(trustedOrigins.map(hostOf).filter((host): host is string => host !== null));
  return (headers: SenderHeaders, ownHost: string): boolean => {
    const sender = hostOf(headers.origin) ?? (headers.origin ? null : hostOf(headers.referer));
    return sender !== null && (sender === ownHost.toLowerCase() || trustedHosts.has(sender));
  };
}

/**
 * CSRF protection for cookie-authenticated changes: a non-GET request that carries a session cookie must say,
 * through Origin (or Referer when a browser leaves Origin out), that it comes from this site. A request that
 * names no origin at all is refused too, since the cookie alone proves nothing about who sent it.
 */
export function installCsrfGuard(app: FastifyInstance, options: CsrfOptions): void {
  const isTrustedSender = originChecker(options.trustedOrigins);
  // After the session hook (onRequest), which tells a valid Bearer token from any other Authorization header.
  app.addHook('preValidation', async (request) => {
    if (!needsOriginCheck(request)) return;
    if (!isTrustedSender(request.headers, request.host)) throw forbidden(CSRF_REFUSAL, 'CROSS_SITE_REQUEST');
  });
}
