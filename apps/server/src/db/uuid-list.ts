import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../lib/uuid.ts';

/**
 * Controller ids as one uuid[] parameter: `unnest(${uuidList(ids)})`. Not `in ($1, …, $n)`: that is another statement
 * text for every count of ids, and db/prepared-statements.ts names the first 100 texts that recur, so batches of every
 * size would take the names that the statements asked all day need (and each backend would keep a plan for each). One
 * text, whatever the count; sent as text, so PGlite reads it as PostgreSQL does. An id that is no UUID is left out: it
 * names no controller, and in the cast it would fail the statement for every id of the batch.
 */
export const uuidList = (ids: readonly string[]): SQL => sql`string_to_array(${ids.filter(isUuid).join(',')}, ',')::uuid[]`;

/** The column is one of the ids (see uuidList). */
export const inUuids = (column: AnyColumn, ids: readonly string[]): SQL => sql`${column} = any(${uuidList(ids)})`;
