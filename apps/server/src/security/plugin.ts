import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { installCsrfGuard } from './csrf';
import { installSecurityHeaders } from './headers';
import { installRouteTable } from './routeTable';

export interface SecurityOptions {
  /** Origins besides the server's own trusted to send cookie-authenticated changes. */
  trustedOrigins: string[];
}

/**
 * Headers (helmet + CSP), the CSRF origin check and the route inventory, applied to the whole server.
 * Body size and request time limits are server options, set where Fastify is created (app.ts).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    installRouteTable(app);
    await installSecurityHeaders(app);
    installCsrfGuard(app, options);
  },
  { name: 'bazaar-security', dependencies: ['@fastify/cookie'] },
);
