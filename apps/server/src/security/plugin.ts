import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { installCsrfGuard } from './csrf';
import { installSecurityHeaders } from './headers';
import { installInputGuard } from './inputGuard';
import { installRouteTable } from './routeTable';

export interface SecurityOptions {
  /** Origins besides the server's own trusted to send cookie-authenticated changes. */
  trustedOrigins: string[];
}

/**
 * Headers (helmet + CSP), the CSRF origin check, the NUL-byte guard and the route inventory, for the whole server.
 * Body size and request time limits are server options, set where Fastify is created (app.ts).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    installRouteTable(app);
    installSecurityHeaders(app);
    installCsrfGuard(app, options);
    installInputGuard(app);
  },
  { name: 'bazaar-security', dependencies: ['@fastify/cookie'] },
);
