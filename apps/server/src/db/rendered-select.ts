import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * A select list (`expr as "wire_name", …`) rendered to SQL text once, for the list queries every grid asks: run with
 * `db.execute`, their rows come back from node-postgres already in the wire's shape. Drizzle's select builder walks
 * every column expression again for each query and maps each row field by field (about a fifth of the server's CPU
 * under bench:api-load, for pages of 100 rows and 28 columns; docs/decisions.md). The expressions must carry no
 * parameters, and their values must be what node-postgres parses them to (dates as ISO text via isoOf, no bigint).
 */
export function renderedSelectList(columns: Record<string, AnyColumn | SQL>): SQL {
  const q = dialect.sqlToQuery(sql.join(Object.entries(columns).map(([name, expr]) => sql`${expr} as ${sql.identifier(name)}`), sql`, `));
  if (q.params.length > 0) throw new Error(`a rendered select list takes no parameters (got ${q.params.length})`);
  return sql.raw(q.sql);
}
