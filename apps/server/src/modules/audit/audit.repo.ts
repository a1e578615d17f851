import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { AuditAction, AuditEntry } from '@syrx/contracts/audit';
import { filterableAuditFields, sortableAuditFields } from '@syrx/contracts/audit';
import type { GridFilter, Sort } from '@syrx/contracts/grid';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, groups } from '../../db/schema/index.ts';
import { type GridColumn, filtersSqlOf, orderByOf } from '../../lib/grid-sql.ts';
import { isoOf } from '../../lib/sql-dates.ts';

/** A row as it is written: who (a user id, or only the name tried), what, on what, from where. */
export interface AuditRow {
  userId: number | null;
  username: string | null;
  /** The name of the personal API token the user acted through, shown with their name. */
  apiToken: string | null;
  action: AuditAction;
  targetType: string | null;
  targetId: string | null;
  groupId: number | null;
  details: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
}

/** Which entries a reader sees: every one, or those of the listed groups. */
export type AuditScope = { all: true } | { groupIds: number[] };

const columns = {
  id: auditLog.id,
  at: isoOf(auditLog.at),
  user_id: auditLog.userId,
  username: auditLog.username,
  action: auditLog.action,
  target_type: auditLog.targetType,
  target_id: auditLog.targetId,
  group_id: auditLog.groupId,
  group_name: groups.name,
  details: sql<Record<string, unknown>>`${auditLog.details}`,
  ip: auditLog.ip,
  user_agent: auditLog.userAgent,
};

const gridColumns: Record<keyof typeof filterableAuditFields, GridColumn> = {
  action: { expr: sql`${auditLog.action}`, type: filterableAuditFields.action },
  username: { expr: sql`${auditLog.username}`, type: filterableAuditFields.username },
  target_type: { expr: sql`${auditLog.targetType}`, type: filterableAuditFields.target_type },
  target_id: { expr: sql`${auditLog.targetId}`, type: filterableAuditFields.target_id },
  ip: { expr: sql`${auditLog.ip}`, type: filterableAuditFields.ip },
  at: { expr: sql`${auditLog.at}`, type: filterableAuditFields.at },
};
const sortColumns: Record<string, SQL> = { ...Object.fromEntries(Object.entries(gridColumns).map(([k, c]) => [k, c.expr])), username: sql`lower(${auditLog.username})` };

function whereOf(scope: AuditScope, filters: GridFilter[] | undefined): SQL | undefined {
  const visible = 'all' in scope ? undefined : sql`${auditLog.groupId} = any(${sql.param(scope.groupIds)}::int[])`;
  return and(visible, filtersSqlOf(filters, gridColumns));
}

export const auditRepo = {
  /** One entry; the username is the user's own when only the id is known (and names the API token acted through). */
  async insert(db: DbOrTx, r: AuditRow): Promise<void> {
    const via = r.apiToken === null ? '' : ` via API token "${r.apiToken}"`;
    await db.execute(sql`
      insert into audit_log (user_id, username, action, target_type, target_id, group_id, details, ip, user_agent)
      values (${r.userId}, coalesce(${r.username}, (select username || ${via}::text from users where id = ${r.userId})), ${r.action}, ${r.targetType},
        ${r.targetId}, ${r.groupId}, ${JSON.stringify(r.details)}::jsonb, ${r.ip}, ${r.userAgent})`);
  },

  /** A page, newest first unless sorted otherwise (ties newest id first). */
  async list(db: DbOrTx, scope: AuditScope, q: { filters?: GridFilter[] | undefined; sort?: Sort[] | undefined }, page: { offset: number; limit: number }): Promise<AuditEntry[]> {
    const order = orderByOf(q.sort, sortColumns, sortableAuditFields);
    return db
      .select(columns)
      .from(auditLog)
      .leftJoin(groups, eq(groups.id, auditLog.groupId))
      .where(whereOf(scope, q.filters))
      .orderBy(...order, sql`${auditLog.at} desc nulls last`, sql`${auditLog.id} desc nulls last`)
      .offset(page.offset)
      .limit(page.limit) as Promise<AuditEntry[]>;
  },

  async count(db: DbOrTx, scope: AuditScope, filters: GridFilter[] | undefined): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${auditLog} where ${whereOf(scope, filters) ?? sql`true`}`);
    return r.rows[0]?.n ?? 0;
  },
};
