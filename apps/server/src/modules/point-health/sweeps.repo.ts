import { type SQL, sql } from 'drizzle-orm';
import {
  type CategoryCounts, type FleetRow, pointHealthCategories, type PointHealthSweep, type SweepComparison, type SweepController,
} from '@syrx/contracts/point-health';
import type { DbOrTx } from '../../db/client.ts';
import { pointHealthSweepControllers, pointHealthSweeps } from '../../db/schema/index.ts';
import { isoOf } from '../../lib/sql-dates.ts';

/** "The caller sees this group": the groups service's condition on a group id expression. */
export type Visible = (groupId: SQL) => SQL;

/** Findings of controllers the caller sees (a controller moved out of the scope's groups after the sweep: not theirs). */
export const visibleController = (visible: Visible, controllerId: SQL): SQL =>
  sql`exists (select 1 from syrx_controllers vc where vc.id = ${controllerId} and ${visible(sql`vc.group_id`)})`;

/** The sweep is the caller's to see: its controller's group, or its group, is visible. */
const sweepVisible = (visible: Visible): SQL => sql`(
  (s.syrx_controller_id is not null and ${visibleController(visible, sql`s.syrx_controller_id`)})
  or (s.group_id is not null and ${visible(sql`s.group_id`)}))`;

/** Counts per category as JSON ({ fault: 2, … }, categories without findings absent). */
const countsJson = (where: SQL) => sql`(select coalesce(json_object_agg(x.category, x.n), '{}'::json)
  from (select f.category, count(*)::int as n from point_health_findings f where ${where} group by f.category) x)`;

export const countsOf = (raw: Record<string, number> | null): CategoryCounts =>
  Object.fromEntries(pointHealthCategories.map((c) => [c, raw?.[c] ?? 0])) as CategoryCounts;

/** The previous succeeded sweep of the same scope (as `prev`), for a succeeded sweep `s`. */
const previousJoin = sql`left join lateral (select s2.id from point_health_sweeps s2 join jobs j2 on j2.id = s2.job_id
  where s2.scope_key = s.scope_key and s2.id < s.id and j2.status = 'succeeded' order by s2.id desc limit 1) prev on j.status = 'succeeded'`;

const keyIn = (sweep: SQL, key: SQL) => sql`exists (select 1 from point_health_findings o where o.sweep_id = ${sweep} and o.finding_key = ${key})`;

function sweepColumns(visible: Visible): SQL {
  const mine = (alias: string) => visibleController(visible, sql.raw(`${alias}.syrx_controller_id`));
  return sql`s.id, case when s.syrx_controller_id is null then 'group' else 'controller' end as scope, s.syrx_controller_id::text,
    sc.name as syrx_controller_name, s.group_id, g.name as group_name, coalesce(j.status, 'failed') as status, coalesce(j.progress, 0)::float8 as progress,
    s.job_id::int as job_id, u.username, ${isoOf(sql`s.created_at`)} as created_at, ${isoOf(sql`j.run_started_time`)} as started_at,
    ${isoOf(sql`j.finished_time`)} as finished_at, j.error_message, s.operator_priorities, s.program_priorities,
    (select count(*)::int from point_health_sweep_controllers x where x.sweep_id = s.id) as controller_count,
    (select coalesce(sum(x.device_count), 0)::int from point_health_sweep_controllers x where x.sweep_id = s.id) as device_count,
    (select coalesce(sum(x.point_count), 0)::int from point_health_sweep_controllers x where x.sweep_id = s.id) as point_count,
    ${countsJson(sql`f.sweep_id = s.id and ${mine('f')}`)} as counts,
    case when prev.id is null then null else json_build_object('previous_sweep_id', prev.id,
      'new', (select count(*)::int from point_health_findings a where a.sweep_id = s.id and ${mine('a')} and not ${keyIn(sql`prev.id`, sql`a.finding_key`)}),
      'unchanged', (select count(*)::int from point_health_findings a where a.sweep_id = s.id and ${mine('a')} and ${keyIn(sql`prev.id`, sql`a.finding_key`)}),
      'resolved', (select count(*)::int from point_health_findings a where a.sweep_id = prev.id and ${mine('a')} and not ${keyIn(sql`s.id`, sql`a.finding_key`)})) end as comparison`;
}
const sweepFrom = sql`point_health_sweeps s left join syrx_controllers sc on sc.id = s.syrx_controller_id left join groups g on g.id = s.group_id
  left join jobs j on j.id = s.job_id left join users u on u.id = s.user_id ${previousJoin}`;

type SweepRow = Omit<PointHealthSweep, 'counts' | 'comparison'> & { counts: Record<string, number> | null; comparison: SweepComparison | null };
const toSweep = (r: SweepRow): PointHealthSweep => ({ ...r, counts: countsOf(r.counts) });

/** What the sweep job needs of its sweep. */
export type SweepWork = {
  id: number;
  operator_priorities: number[];
  program_priorities: number[] | null;
}

export const sweepsRepo = {
  async insert(tx: DbOrTx, s: { controllerId: string | null; groupId: number | null; userId: number | null; operatorPriorities: number[]; programPriorities: number[] | null }): Promise<number> {
    const scopeKey = s.controllerId !== null ? `controller:${s.controllerId}` : `group:${s.groupId}`;
    const [row] = await tx.insert(pointHealthSweeps).values({
      syrxControllerId: s.controllerId, groupId: s.groupId, scopeKey, userId: s.userId, operatorPriorities: s.operatorPriorities, programPriorities: s.programPriorities,
    }).returning({ id: pointHealthSweeps.id });
    if (!row) throw new Error('sweep not inserted');
    return row.id;
  },

  async setJob(tx: DbOrTx, sweepId: number, jobId: number): Promise<void> {
    await tx.execute(sql`update point_health_sweeps set job_id = ${jobId} where id = ${sweepId}`);
  },

  async addControllers(tx: DbOrTx, sweepId: number, controllerIds: string[]): Promise<void> {
    if (controllerIds.length > 0) await tx.insert(pointHealthSweepControllers).values(controllerIds.map((syrxControllerId) => ({ sweepId, syrxControllerId })));
  },

  /** The claimed controllers of a group and its subgroups. */
  async controllersUnder(db: DbOrTx, groupId: number): Promise<string[]> {
    const r = await db.execute<{ id: string }>(sql`select c.id::text from syrx_controllers c where c.group_id in
      (with recursive t(id) as (select ${groupId}::int union select g.id from groups g join t on g.parent_id = t.id) select id from t) order by c.name, c.id`);
    return r.rows.map((x) => x.id);
  },

  async work(db: DbOrTx, sweepId: number): Promise<SweepWork | null> {
    const r = await db.execute<SweepWork>(sql`select id, operator_priorities, program_priorities from point_health_sweeps where id = ${sweepId}`);
    return r.rows[0] ?? null;
  },

  /** The sweep's controllers still to sweep (pending), by name. */
  async pendingControllers(db: DbOrTx, sweepId: number): Promise<string[]> {
    const r = await db.execute<{ id: string }>(sql`select x.syrx_controller_id::text as id from point_health_sweep_controllers x
      join syrx_controllers c on c.id = x.syrx_controller_id where x.sweep_id = ${sweepId} and x.status = 'pending' order by c.name, c.id`);
    return r.rows.map((x) => x.id);
  },

  async addCounts(tx: DbOrTx, sweepId: number, controllerId: string, devices: number, points: number): Promise<void> {
    await tx.execute(sql`update point_health_sweep_controllers set device_count = device_count + ${devices}, point_count = point_count + ${points}
      where sweep_id = ${sweepId} and syrx_controller_id = ${controllerId}`);
  },

  async markUnavailable(tx: DbOrTx, sweepId: number, controllerId: string, message: string): Promise<void> {
    await tx.execute(sql`update point_health_sweep_controllers set status = 'agent_unavailable', error_message = ${message}, swept_at = now()
      where sweep_id = ${sweepId} and syrx_controller_id = ${controllerId}`);
  },

  async markSwept(tx: DbOrTx, sweepId: number): Promise<void> {
    await tx.execute(sql`update point_health_sweep_controllers set status = 'swept', swept_at = now() where sweep_id = ${sweepId} and status = 'pending'`);
  },

  /** The sweep if the caller sees it. */
  async get(db: DbOrTx, visible: Visible, id: number): Promise<PointHealthSweep | null> {
    const r = await db.execute<SweepRow>(sql`select ${sweepColumns(visible)} from ${sweepFrom} where s.id = ${id} and ${sweepVisible(visible)}`);
    return r.rows[0] ? toSweep(r.rows[0]) : null;
  },

  /** A page of the sweeps the caller sees (of a controller, or of a group's scope), newest first. */
  async list(db: DbOrTx, visible: Visible, f: { controllerId?: string | undefined; groupId?: number | undefined }, page: { offset: number; limit: number }) {
    const where = sql.join([
      sweepVisible(visible),
      ...(f.controllerId ? [sql`(s.syrx_controller_id = ${f.controllerId} or exists (select 1 from point_health_sweep_controllers x where x.sweep_id = s.id and x.syrx_controller_id = ${f.controllerId}))`] : []),
      ...(f.groupId ? [sql`s.group_id = ${f.groupId}`] : []),
    ], sql` and `);
    const rows = await db.execute<SweepRow>(sql`select ${sweepColumns(visible)} from ${sweepFrom} where ${where} order by s.id desc limit ${page.limit} offset ${page.offset}`);
    const total = await db.execute<{ n: number }>(sql`select count(*)::int as n from point_health_sweeps s where ${where}`);
    return { items: rows.rows.map(toSweep), total: total.rows[0]?.n ?? 0 };
  },

  /** How far the sweep got with each of its controllers the caller sees, and their counts. */
  async controllers(db: DbOrTx, visible: Visible, sweepId: number): Promise<SweepController[]> {
    const r = await db.execute<Omit<SweepController, 'counts'> & { counts: Record<string, number> | null }>(sql`
      select x.syrx_controller_id::text, c.name as syrx_controller_name, g.name as group_name, x.status, x.error_message, x.device_count, x.point_count,
        ${countsJson(sql`f.sweep_id = x.sweep_id and f.syrx_controller_id = x.syrx_controller_id`)} as counts
      from point_health_sweep_controllers x join syrx_controllers c on c.id = x.syrx_controller_id left join groups g on g.id = c.group_id
      where x.sweep_id = ${sweepId} and ${visible(sql`c.group_id`)} order by c.name, c.id`);
    return r.rows.map((row) => ({ ...row, counts: countsOf(row.counts) }));
  },

  /** Each controller the caller sees (under a group, or all), with the counts of its latest sweep that reached it. */
  async fleet(db: DbOrTx, visible: Visible, groupId: number | undefined): Promise<FleetRow[]> {
    const under = groupId === undefined ? sql`true`
      : sql`c.group_id in (with recursive t(id) as (select ${groupId}::int union select g2.id from groups g2 join t on g2.parent_id = t.id) select id from t)`;
    const r = await db.execute<Omit<FleetRow, 'counts'> & { counts: Record<string, number> | null }>(sql`
      select c.id::text as syrx_controller_id, c.name as syrx_controller_name, c.group_id, g.name as group_name, last.sweep_id, ${isoOf(sql`last.swept_at`)} as swept_at,
        last.status as sweep_status,
        case when last.sweep_id is null then null else ${countsJson(sql`f.sweep_id = last.sweep_id and f.syrx_controller_id = c.id`)} end as counts
      from syrx_controllers c left join groups g on g.id = c.group_id
      left join lateral (select x.sweep_id, x.swept_at, x.status from point_health_sweep_controllers x
        where x.syrx_controller_id = c.id and x.status <> 'pending' order by x.sweep_id desc limit 1) last on true
      where ${visible(sql`c.group_id`)} and ${under} order by c.name, c.id`);
    return r.rows.map((row) => ({ ...row, counts: row.counts === null ? null : countsOf(row.counts) }));
  },
};
