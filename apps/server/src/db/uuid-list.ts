import { type SQL, sql } from 'drizzle-orm';

/**
 * Controller ids (UUIDs) as one uuid[] parameter: `col = any(${uuidList(ids)})`. Not `in ($1, …, $n)`: that is another
 * statement text for every count of ids, and db/prepared-statements.ts names the first 100 texts that recur, so batches
 * of every size would take the names that the statements asked all day need (and each backend would keep a plan for
 * each). One text, whatever the count; sent as text (its elements are checked UUIDs), so PGlite reads it as PostgreSQL does.
 */
export const uuidList = (ids: readonly string[]): SQL => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;
