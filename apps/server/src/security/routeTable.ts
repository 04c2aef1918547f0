import type { FastifyInstance, FastifySchema } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The full path as registered, with `:param` placeholders, e.g. `/api/home/customer/gat-order/:orderId`. */
  url: string;
  /** What the route declared (zod schemas of its params, query, body, headers and responses); see http/routeSchema. */
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the server answers, filled in as features register; the authorization and schema tests walk it. */
    routeTable: RouteEntry[];
  }
}

/** Records routes as they are added; must be installed before any feature registers its routes. */
export function installRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds a HEAD twin for every GET; it answers exactly what the GET does.
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, schema: route.schema });
    }
  });
}
