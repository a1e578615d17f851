import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
  /** The route declares a body schema (it reads a JSON body). */
  hasBody: boolean;
  /** The route declares a querystring schema. */
  hasQuery: boolean;
  /** The body's schema as the route declared it (a zod schema on our routes), for generated requests. */
  bodySchema: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for the generated security tests (the authorisation matrix, the bad-input sweep). */
    routeTable: RouteEntry[];
  }
}

/** Records every route as it is registered; call before registering any. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      table.push({ method, url: route.url, hasBody: route.schema?.body !== undefined, hasQuery: route.schema?.querystring !== undefined, bodySchema: route.schema?.body });
    }
  });
}
