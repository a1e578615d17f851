import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * The tables a statement's plan reads whole (`Seq Scan` nodes, by table name; EXPLAIN only, nothing runs). A batch or
 * page statement that finds its rows by key must name none, however large the tables grow: PostgreSQL picks a scan
 * when it estimates more rows than the statement will meet (docs/decisions.md, "Batch statements find their rows from
 * an id array", "A page's rows look their device and series summary up by key"). Run `analyze` first so the estimates
 * see the data.
 */
export async function tablesReadWhole(db: Db, statement: SQL): Promise<string[]> {
  const plan = (await db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${statement}`)).rows[0]?.['QUERY PLAN'];
  const scanned: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (node['Node Type'] === 'Seq Scan') scanned.push(String(node['Relation Name']));
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  const [top] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: Record<string, unknown> }[];
  if (top) walk(top.Plan);
  return scanned;
}
