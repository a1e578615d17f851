import { faker } from '@faker-js/faker';
import type { z } from 'zod';
import { fake, seed, setFaker } from 'zod-schema-faker/v4';
import type { RouteEntry } from '../lib/route-table.ts';

/**
 * Requests that get past a route's validation, generated from the route table, so that what answers is the route's
 * own access check: path parameters from real objects (by the parameter's name and the route's path), and bodies
 * faked from the route's zod schema, with the fields that name other objects pointed at real ones.
 */

/** Values for path parameters: by name, and for `:id` by the path before it (the first matching prefix wins). */
export interface ParamValues {
  byName: Record<string, string[]>;
  idByPrefix: [prefix: string, values: string[]][];
}

/** Every combination of parameter values for a route's path (a path without parameters: itself). */
export function urlsFor(url: string, values: ParamValues, limit = 8): string[] {
  const names = [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] ?? '');
  let urls = [url];
  for (const name of names) {
    const options = name === 'id' ? (values.idByPrefix.find(([prefix]) => url.startsWith(prefix))?.[1] ?? ['1']) : (values.byName[name] ?? ['1']);
    urls = urls.flatMap((u) => options.map((v) => u.replace(`:${name}`, encodeURIComponent(v))));
  }
  return urls.slice(0, limit);
}

setFaker(faker);

/**
 * Up to `count` bodies that the route's schema accepts after a trip through JSON, with `references` (field name →
 * value) put wherever a generated object has such a field. Empty when none could be made (a refinement the faker
 * cannot meet); the caller's examples cover those routes.
 */
export function validBodies(route: RouteEntry, references: Record<string, unknown>, count = 2): unknown[] {
  const schema = route.bodySchema as z.ZodType | undefined;
  if (!schema || typeof schema.safeParse !== 'function') return [];
  const bodies: unknown[] = [];
  for (let attempt = 0; attempt < 40 && bodies.length < count; attempt++) {
    seed(attempt + 1);
    let candidate: unknown;
    try {
      candidate = JSON.parse(JSON.stringify(withReferences(fake(schema), references)) ?? 'null');
    } catch {
      continue;
    }
    if (schema.safeParse(candidate).success) bodies.push(candidate);
  }
  return bodies;
}

function withReferences(value: unknown, references: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((v) => withReferences(v, references));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k in references ? references[k] : withReferences(v, references)]));
}
