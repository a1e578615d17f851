import { type SQL, sql } from 'drizzle-orm';
import type { Assignee, FieldChoice, Issue, IssueComment, IssueField, IssueHistoryEntry, IssueKind, IssueLink, IssueLinkKind, IssuesFilter } from '@syrx/contracts/issues';
import type { Sort } from '@syrx/contracts/grid';
import type { DbOrTx } from '../../db/client.ts';
import { issueComments, issueHistory, issueLinks, issues } from '../../db/schema/index.ts';
import { orderByOf } from '../../lib/grid-sql.ts';
import { isoOf } from '../../lib/sql-dates.ts';

/** "The caller sees this group": the groups service's condition on a group id expression. */
export type Visible = (groupId: SQL) => SQL;
export type Change = IssueHistoryEntry['changes'][number];

/** An entry's group: its project's, else its controller's (an entry follows them when they move). */
const groupOf = sql`coalesce(pr.group_id, sc.group_id)`;
const from = sql`issues i join issue_field_options st on st.id = i.status_id left join issue_field_options pp on pp.id = i.priority_id
  left join issue_field_options ty on ty.id = i.type_id left join users au on au.id = i.assignee_id left join users cu on cu.id = i.created_by
  left join projects pr on pr.id = i.project_id left join syrx_controllers sc on sc.id = i.syrx_controller_id`;
const columns = sql`i.id, i.kind, i.title, i.description, i.status_id, st.name as status, st.closed, i.priority_id, pp.name as priority, i.type_id,
  ty.name as type, i.assignee_id, au.username as assignee, i.due_date::text as due_date, i.project_id, pr.name as project_name,
  i.syrx_controller_id::text as syrx_controller_id, sc.name as syrx_controller_name, ${groupOf} as group_id, cu.username as created_by,
  ${isoOf(sql`i.created_at`)} as created_at, ${isoOf(sql`i.updated_at`)} as updated_at, ${isoOf(sql`i.closed_at`)} as closed_at`;

const sortColumns: Record<string, SQL | SQL[]> = {
  id: sql`i.id`, title: sql`lower(i.title)`, status: [sql`st.position`, sql`lower(st.name)`], priority: [sql`pp.position`, sql`lower(pp.name)`],
  type: sql`lower(ty.name)`, assignee: sql`lower(au.username)`, due_date: sql`i.due_date`, created_at: sql`i.created_at`, updated_at: sql`i.updated_at`,
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(kind: IssueKind, visible: Visible, f: IssuesFilter): SQL {
  const text = f.q ? `%${likeEscape(f.q)}%` : null;
  return sql.join([
    sql`i.kind = ${kind}`, visible(groupOf),
    ...(f.status_id ? [sql`i.status_id = ${f.status_id}`] : []),
    ...(f.priority_id ? [sql`i.priority_id = ${f.priority_id}`] : []),
    ...(f.type_id ? [sql`i.type_id = ${f.type_id}`] : []),
    ...(f.assignee_id ? [sql`i.assignee_id = ${f.assignee_id}`] : []),
    ...(f.project_id ? [sql`i.project_id = ${f.project_id}`] : []),
    ...(f.syrx_controller_id ? [sql`i.syrx_controller_id = ${f.syrx_controller_id}`] : []),
    ...(text ? [sql`(i.title ilike ${text} or i.description ilike ${text})`] : []),
    ...(f.open === undefined ? [] : [f.open ? sql`not st.closed` : sql`st.closed`]),
  ], sql` and `);
}

/** What a link names, as one row: the point, device, equipment or finding (with its sweep). */
const linkLabel = sql`case l.kind
  when 'point' then coalesce(p.name, 'Point ' || p.id) || ' (' || coalesce(pd.name, 'device ' || pd.instance_number) || ')'
  when 'device' then coalesce(d.name, 'Device') || ' (' || d.instance_number || ')'
  when 'equipment' then coalesce(e.name, 'Equipment ' || e.id)
  else f.category || ': ' || coalesce(fp.name, fd.name, 'device ' || fd.instance_number) || ' (' || coalesce(fd.name, 'device ' || fd.instance_number) || '), sweep #' || f.sweep_id end`;

export interface NewIssue {
  kind: IssueKind;
  title: string;
  description: string;
  statusId: number;
  priorityId: number | null;
  typeId: number | null;
  assigneeId: number | null;
  dueDate: string | null;
  projectId: number | null;
  syrxControllerId: string | null;
  createdBy: number;
  closed: boolean;
}

/** What a linked target is: its controller (null for equipment) and group, when it exists. */
export type LinkTarget = {
  id: number;
  syrx_controller_id: string | null;
  group_id: number | null;
};

export const issuesRepo = {
  async page(db: DbOrTx, kind: IssueKind, visible: Visible, f: IssuesFilter, sort: Sort[] | undefined, page: { offset: number; limit: number }): Promise<Issue[]> {
    const order = [...orderByOf(sort, sortColumns, Object.keys(sortColumns)), sql`i.id desc`];
    return (await db.execute<Issue>(sql`select ${columns} from ${from} where ${whereOf(kind, visible, f)}
      order by ${sql.join(order, sql`, `)} limit ${page.limit} offset ${page.offset}`)).rows;
  },

  async count(db: DbOrTx, kind: IssueKind, visible: Visible, f: IssuesFilter): Promise<number> {
    return (await db.execute<{ n: number }>(sql`select count(*)::int as n from ${from} where ${whereOf(kind, visible, f)}`)).rows[0]?.n ?? 0;
  },

  async get(db: DbOrTx, kind: IssueKind, visible: Visible, id: number): Promise<Issue | null> {
    return (await db.execute<Issue>(sql`select ${columns} from ${from} where i.id = ${id} and i.kind = ${kind} and ${visible(groupOf)}`)).rows[0] ?? null;
  },

  /** The options of a kind's field, in order. */
  async options(db: DbOrTx, kind: IssueKind): Promise<(FieldChoice & { field: IssueField })[]> {
    return (await db.execute<FieldChoice & { field: IssueField }>(sql`select id, field, name, closed from issue_field_options
      where kind = ${kind} order by position, lower(name), id`)).rows;
  },

  async assignees(db: DbOrTx, visible: Visible): Promise<Assignee[]> {
    return (await db.execute<Assignee>(sql`select u.id, u.username, trim(u.first_name || ' ' || u.last_name) as name from users u
      where u.deactivated_at is null and exists (select 1 from group_memberships m where m.user_id = u.id and ${visible(sql`m.group_id`)})
      order by lower(u.username), u.id limit 1000`)).rows;
  },

  async username(db: DbOrTx, userId: number): Promise<string | null> {
    return (await db.execute<{ username: string }>(sql`select username from users where id = ${userId}`)).rows[0]?.username ?? null;
  },

  async projectGroup(db: DbOrTx, projectId: number): Promise<number | null> {
    return (await db.execute<{ group_id: number }>(sql`select group_id from projects where id = ${projectId}`)).rows[0]?.group_id ?? null;
  },

  async controllerGroup(db: DbOrTx, controllerId: string): Promise<number | null> {
    return (await db.execute<{ group_id: number | null }>(sql`select group_id from syrx_controllers where id = ${controllerId}`)).rows[0]?.group_id ?? null;
  },

  /** The targets of these ids of one kind that exist, with their controller and group. */
  async targets(db: DbOrTx, kind: IssueLinkKind, ids: readonly number[]): Promise<LinkTarget[]> {
    if (ids.length === 0) return [];
    const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
    const query = {
      point: sql`select p.id, c.id::text as syrx_controller_id, c.group_id from bacnet_points p join bacnet_devices d on d.id = p.device_id
        join syrx_controllers c on c.id = d.syrx_controller_id where p.id in (${list})`,
      device: sql`select d.id, c.id::text as syrx_controller_id, c.group_id from bacnet_devices d join syrx_controllers c on c.id = d.syrx_controller_id where d.id in (${list})`,
      equipment: sql`select e.id, null as syrx_controller_id, e.group_id from equipments e where e.id in (${list})`,
      finding: sql`select f.id, c.id::text as syrx_controller_id, c.group_id from point_health_findings f join syrx_controllers c on c.id = f.syrx_controller_id where f.id in (${list})`,
    }[kind];
    return (await db.execute<LinkTarget>(query)).rows;
  },

  /** The points and devices of these findings (an unreachable device's finding has no point). */
  async findingSubjects(db: DbOrTx, findingIds: readonly number[]): Promise<{ pointIds: number[]; deviceIds: number[] }> {
    if (findingIds.length === 0) return { pointIds: [], deviceIds: [] };
    const r = await db.execute<{ point_id: number | null; device_id: number }>(sql`select point_id, device_id from point_health_findings
      where id in (${sql.join(findingIds.map((id) => sql`${id}`), sql`, `)})`);
    return { pointIds: [...new Set(r.rows.flatMap((x) => (x.point_id === null ? [] : [x.point_id])))], deviceIds: [...new Set(r.rows.map((x) => x.device_id))] };
  },

  async insert(tx: DbOrTx, n: NewIssue): Promise<number> {
    const [row] = await tx.insert(issues).values({
      kind: n.kind, title: n.title, description: n.description, statusId: n.statusId, priorityId: n.priorityId, typeId: n.typeId, assigneeId: n.assigneeId,
      dueDate: n.dueDate, projectId: n.projectId, syrxControllerId: n.syrxControllerId, createdBy: n.createdBy, closedAt: n.closed ? sql`now()` : null,
    }).returning({ id: issues.id });
    if (!row) throw new Error('issue not inserted');
    return row.id;
  },

  /** Writes the changed columns; `closed` moves closed_at (set when it closes, cleared when it opens again). */
  async update(tx: DbOrTx, id: number, set: Partial<Record<'title' | 'description' | 'due_date', string | null> & Record<'status_id' | 'priority_id' | 'type_id' | 'assignee_id', number | null>>, closed: boolean | undefined): Promise<void> {
    const parts = Object.entries(set).map(([c, v]) => sql`${sql.identifier(c)} = ${v}`);
    if (closed !== undefined) parts.push(closed ? sql`closed_at = coalesce(closed_at, now())` : sql`closed_at = null`);
    await tx.execute(sql`update issues set ${sql.join([...parts, sql`updated_at = now()`], sql`, `)} where id = ${id}`);
  },

  async addLinks(tx: DbOrTx, issueId: number, kind: IssueLinkKind, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const column = { point: 'pointId', device: 'deviceId', equipment: 'equipmentId', finding: 'findingId' } as const;
    const rows = await tx.insert(issueLinks).values(ids.map((id) => ({ issueId, kind, [column[kind]]: id }))).onConflictDoNothing().returning({ id: issueLinks.id });
    return rows.map((r) => r.id);
  },

  async links(db: DbOrTx, issueId: number, linkId?: number): Promise<IssueLink[]> {
    return (await db.execute<IssueLink>(sql`select l.id, l.kind, coalesce(l.point_id, l.device_id, l.equipment_id, l.finding_id) as target_id,
        ${linkLabel} as label, f.sweep_id
      from issue_links l left join bacnet_points p on p.id = l.point_id left join bacnet_devices pd on pd.id = p.device_id
      left join bacnet_devices d on d.id = l.device_id left join equipments e on e.id = l.equipment_id
      left join point_health_findings f on f.id = l.finding_id left join bacnet_points fp on fp.id = f.point_id left join bacnet_devices fd on fd.id = f.device_id
      where l.issue_id = ${issueId} ${linkId === undefined ? sql`` : sql`and l.id = ${linkId}`}
      order by array_position(array['finding', 'point', 'device', 'equipment']::text[], l.kind), l.id`)).rows;
  },

  async removeLink(tx: DbOrTx, issueId: number, linkId: number): Promise<boolean> {
    return ((await tx.execute(sql`delete from issue_links where id = ${linkId} and issue_id = ${issueId}`)).rowCount ?? 0) > 0;
  },

  async comments(db: DbOrTx, issueId: number, commentId?: number): Promise<IssueComment[]> {
    return (await db.execute<IssueComment>(sql`select c.id, u.username, c.body, ${isoOf(sql`c.created_at`)} as created_at
      from issue_comments c left join users u on u.id = c.user_id where c.issue_id = ${issueId} ${commentId === undefined ? sql`` : sql`and c.id = ${commentId}`}
      order by c.id`)).rows;
  },

  async addComment(tx: DbOrTx, issueId: number, userId: number, body: string): Promise<number> {
    const [row] = await tx.insert(issueComments).values({ issueId, userId, body }).returning({ id: issueComments.id });
    if (!row) throw new Error('comment not inserted');
    return row.id;
  },

  async history(db: DbOrTx, issueId: number): Promise<IssueHistoryEntry[]> {
    return (await db.execute<IssueHistoryEntry>(sql`select h.id, u.username, ${isoOf(sql`h.at`)} as at, h.action, h.changes, h.message
      from issue_history h left join users u on u.id = h.user_id where h.issue_id = ${issueId} order by h.id`)).rows;
  },

  /** One entry of the history; `userId` null: the server itself. */
  async record(tx: DbOrTx, issueId: number, userId: number | null, action: string, changes: Change[], message: string | null = null): Promise<void> {
    await tx.insert(issueHistory).values({ issueId, userId, action, changes, message });
  },
};
