import type { RouteEntry } from '../lib/route-table.ts';

/** "GET /api/v2/projects/:id": how the generated security tests name a route. */
export const routeKey = (r: Pick<RouteEntry, 'method' | 'url'>) => `${r.method} ${r.url}`;

/** The URL of a route with every path parameter replaced by `value`. */
export function fillParams(url: string, value: (name: string) => string): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => encodeURIComponent(value(name))).replace(/\*$/, 'x');
}
