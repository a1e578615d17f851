import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../lib/uuid.ts';

/**
 * Arrays as one parameter each, written here in PostgreSQL's array text form rather than by node-postgres, which
 * quotes and escapes every element (two regular expressions and three strings an element; the records' columns made
 * it 15 % of an instance's allocations at 10,000 agents, issue 26). Numbers and UUIDs need neither quotes nor escapes.
 */

/**
 * Controller ids as one uuid[] parameter: `unnest(${uuidList(ids)})`. Not `in ($1, …, $n)`: that is another statement
 * text for every count of ids, and db/prepared-statements.ts names the first 100 texts that recur, so batches of every
 * size would take the names that the statements asked all day need (and each backend would keep a plan for each). One
 * text, whatever the count; sent as text, so PGlite reads it as PostgreSQL does. An id that is no UUID is left out: it
 * names no controller, and in the cast it would fail the statement for every id of the batch.
 */
export const uuidList = (ids: readonly string[]): SQL => uuidColumn(ids.filter(isUuid));

/** The column is one of the ids (see uuidList). */
export const inUuids = (column: AnyColumn, ids: readonly string[]): SQL => sql`${column} = any(${uuidList(ids)})`;

/**
 * A column of UUIDs known to be UUIDs (the controller ids agents signed in with) as one uuid[] parameter, every element
 * kept in its place so that it lines up with the other columns of an `unnest`: a malformed one fails the statement.
 */
export function uuidColumn(ids: readonly string[]): SQL {
  return sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;
}

/**
 * Numbers as one `int[]` or `float8[]` parameter. JavaScript's text of a number is one PostgreSQL reads (`1e+21`,
 * `-5e-324`); an element that is not an integer fails an `int[]` cast, as it would have with node-postgres.
 */
export const numberList = (xs: readonly number[], type: 'int' | 'float8'): SQL => sql`${`{${xs.join(',')}}`}::${sql.raw(type)}[]`;

/** Booleans as one bool[] parameter. */
export const boolList = (xs: readonly boolean[]): SQL => sql`${`{${xs.map((x) => (x ? 't' : 'f')).join(',')}}`}::bool[]`;
