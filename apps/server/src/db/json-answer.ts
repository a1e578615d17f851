import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * An answer's JSON text as the database built it, of the wire type T: lib/serve-route.ts sends it as it is, so the
 * server neither parses the rows into objects nor checks and writes them again (issue 26: a 100-point page is 2,700
 * values). The statement is what makes it T: its select list must be the wire's (names, JSON types, ISO dates via
 * isoOf), as db/rendered-select.ts lists are; tests parse such answers with the route's response schema.
 */
export class JsonAnswer<T> {
  declare private readonly wireType: T;
  constructor(readonly text: string) {}
}

/** The rows of `rows` (in its order) as one JSON array, in one round trip: `[]` when there are none. */
export async function jsonArrayOf<T>(db: DbOrTx, rows: SQL): Promise<JsonAnswer<T[]>> {
  // json_agg keeps the order of a sorted subquery it reads from alone (PostgreSQL's documentation of aggregates).
  const r = await db.execute<{ json: string }>(sql`select coalesce(json_agg(r), '[]')::text as json from (${rows}) r`);
  return new JsonAnswer<T[]>(r.rows[0]?.json ?? '[]');
}

/** Whether a JSON array answer holds nothing. */
export const isEmptyJsonArray = (a: JsonAnswer<unknown[]>): boolean => a.text === '[]';
