import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { siteSchema, type Site } from './site.schema.ts';

/** The default site: the demo building that `npm start` shows and the agent's tests run against. */
export const demoSitePath = fileURLToPath(new URL('../sites/demo-building.json', import.meta.url));

/** A site file that cannot be used; `issues` lists every bad field as "path: message". */
export class SiteFileError extends Error {
  constructor(
    readonly source: string,
    readonly issues: string[],
  ) {
    super(`Invalid site file ${source}:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'SiteFileError';
  }
}

/** Reads and validates a site file. Throws SiteFileError with the list of bad fields. */
export async function loadSite(path: string = demoSitePath): Promise<Site> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new SiteFileError(path, [`cannot read the file: ${(error as Error).message}`]);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new SiteFileError(path, [`not valid JSON: ${(error as Error).message}`]);
  }
  return parseSite(raw, path);
}

/** Validates a site already in memory (for tests and the server's demo mode). */
export function parseSite(raw: unknown, source = 'site'): Site {
  const result = siteSchema.safeParse(raw);
  if (result.success) return result.data;
  throw new SiteFileError(source, result.error.issues.map((issue) => describeIssue(issue, raw)));
}

function describeIssue(issue: z.core.$ZodIssue, raw: unknown): string {
  return `${describePath(issue.path, raw)}: ${issue.message}`;
}

/** "devices[2] (AHU-1).objects[0] (Supply Air Temp).units": the names make a long file easy to fix. */
function describePath(path: PropertyKey[], raw: unknown): string {
  if (path.length === 0) return '(site)';
  let node: unknown = raw;
  let text = '';
  for (const key of path) {
    node = node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    if (typeof key === 'number') {
      text += `[${key}]`;
      const name = node !== null && typeof node === 'object' ? (node as { name?: unknown }).name : undefined;
      if (typeof name === 'string') text += ` (${name})`;
    } else {
      text += `${text ? '.' : ''}${String(key)}`;
    }
  }
  return text;
}
