import { type AnyColumn, Placeholder, type SQL, is, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * A select list (`expr as "wire_name", …`) rendered to SQL text once, for the list queries every grid asks: run with
 * `db.execute`, their rows come back from node-postgres already in the wire's shape. Drizzle's select builder walks
 * every column expression again for each query and maps each row field by field: drizzle's part of the server's busy
 * time in a minute of bench:api-load went 10 → 6 s when the point page stopped using it (docs/decisions.md). The
 * expressions must carry no parameters, and their values must be what node-postgres parses them to (dates as ISO text
 * via isoOf, no bigint).
 */
export function renderedSelectList(columns: Record<string, AnyColumn | SQL>): SQL {
  const q = dialect.sqlToQuery(sql.join(Object.entries(columns).map(([name, expr]) => sql`${expr} as ${sql.identifier(name)}`), sql`, `));
  if (q.params.length > 0) throw new Error(`a rendered select list takes no parameters (got ${q.params.length})`);
  return sql.raw(q.sql);
}

/**
 * A statement of fixed shape rendered to text once, its values bound on each call: for statements asked again and
 * again (the actor's session, permissions and grants on every request; a device's controller), whose templates
 * drizzle would otherwise assemble and walk again each time. `build` gets a placeholder per named value; each placeholder must appear once.
 */
export function renderedStatement<K extends string>(names: readonly K[], build: (value: Record<K, SQL>) => SQL): (values: Record<K, unknown>) => SQL {
  // Not drizzle's prepare(): a prepared query is tied to one session (the pool or a transaction) and names its own
  // server-side statement, which db/prepared-statements.ts does for every recurring text already.
  const marks = Object.fromEntries(names.map((n) => [n, sql.placeholder(n)])) as unknown as Record<K, SQL>;
  const q = dialect.sqlToQuery(build(marks));
  const order = q.params.map((p) => (is(p, Placeholder) ? (p.name as K) : undefined));
  const texts = q.sql.split(/\$\d+/);
  // Each name once, nothing else bound, and the markers $1…$n in order (so the pieces between them can be rejoined).
  const once = order.length === names.length && names.every((n) => order.includes(n));
  if (!once || texts.length !== order.length + 1 || [...q.sql.matchAll(/\$(\d+)/g)].some((m, i) => m[1] !== String(i + 1))) {
    throw new Error('a rendered statement takes each named value exactly once, and no other parameter');
  }
  const chunks = texts.map((t) => sql.raw(t));
  return (values) => sql.join(chunks.flatMap((chunk, i) => (i < order.length ? [chunk, sql`${values[order[i] as K]}`] : [chunk])));
}
