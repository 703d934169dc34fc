import type { FastifyInstance } from 'fastify';

/** One registered route, as the router matches it. */
export interface RouteEntry {
  method: string;
  /** The route pattern (`/api/customer/qa/:id/`). */
  url: string;
  /** Hidden from the OpenAPI document (`schema.hide`). */
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, filled while plugins register (for introspection: sweeps, authorisation matrices). */
    routeTable: RouteEntry[];
  }
}

/** Must be registered before the routes it should see. HEAD routes Fastify adds for GET are left out. */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, hidden });
    }
  });
}
