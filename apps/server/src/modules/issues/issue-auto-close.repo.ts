import { sql } from 'drizzle-orm';
import type { IssueKind } from '@syrx/contracts/issues';
import type { PointHealthCategory } from '@syrx/contracts/point-health';
import type { DbOrTx } from '../../db/client.ts';

/** A linked finding of an open entry that a sweep of its scope can decide: whether the latest such sweep still finds it. */
export type LinkedFinding = {
  issue_id: number;
  kind: IssueKind;
  status: string;
  category: PointHealthCategory;
  point_name: string | null;
  device_name: string | null;
  device_instance: number;
  /** The latest sweep of the finding's scope after it (the one completing, or a succeeded one); null: none yet. */
  later_sweep_id: number | null;
  /** That sweep read the finding's controller and device and did not find the condition (same category, device, point). */
  gone: boolean;
};

export const issueAutoCloseRepo = {
  /**
   * The findings linked to open entries that have a finding of this sweep's scope from an earlier sweep. A finding is
   * gone when the latest later sweep of its scope (this one, still running its last step, or a succeeded one) swept its
   * controller, had no finding of the same key, and (for a point's finding) heard its device answer.
   */
  async linkedFindings(tx: DbOrTx, sweepId: number): Promise<LinkedFinding[]> {
    const r = await tx.execute<LinkedFinding>(sql`
      with candidates as (
        select distinct i.id from issues i join issue_field_options st on st.id = i.status_id join issue_links l on l.issue_id = i.id
        join point_health_findings f on f.id = l.finding_id join point_health_sweeps fs on fs.id = f.sweep_id
        join point_health_sweeps s on s.id = ${sweepId}
        where not st.closed and fs.scope_key = s.scope_key and fs.id < s.id),
      linked as (
        select i.id as issue_id, i.kind, st.name as status, f.category, f.finding_key, f.device_id, f.syrx_controller_id, p.name as point_name,
          d.name as device_name, d.instance_number as device_instance,
          (select max(s2.id) from point_health_sweeps s2 left join jobs j2 on j2.id = s2.job_id
            where s2.scope_key = fs.scope_key and s2.id > f.sweep_id and (s2.id = ${sweepId} or j2.status = 'succeeded')) as later_sweep_id
        from candidates c join issues i on i.id = c.id join issue_field_options st on st.id = i.status_id
        join issue_links l on l.issue_id = i.id join point_health_findings f on f.id = l.finding_id join point_health_sweeps fs on fs.id = f.sweep_id
        join bacnet_devices d on d.id = f.device_id left join bacnet_points p on p.id = f.point_id)
      select x.issue_id, x.kind, x.status, x.category, x.point_name, x.device_name, x.device_instance, x.later_sweep_id,
        (x.later_sweep_id is not null
          and exists (select 1 from point_health_sweep_controllers sc where sc.sweep_id = x.later_sweep_id and sc.syrx_controller_id = x.syrx_controller_id and sc.status = 'swept')
          and not exists (select 1 from point_health_findings o where o.sweep_id = x.later_sweep_id and o.finding_key = x.finding_key)
          and (x.category = 'unreachable' or not exists (select 1 from point_health_findings o where o.sweep_id = x.later_sweep_id
            and o.device_id = x.device_id and o.category = 'unreachable'))) as gone
      from linked x order by x.issue_id`);
    return r.rows;
  },

  /** The status an automatic close moves an entry of the kind to: the last closed status in order; null when none. */
  async closedStatus(tx: DbOrTx, kind: IssueKind): Promise<{ id: number; name: string } | null> {
    const r = await tx.execute<{ id: number; name: string }>(sql`select id, name from issue_field_options
      where kind = ${kind} and field = 'status' and closed order by position desc, id desc limit 1`);
    return r.rows[0] ?? null;
  },

  async close(tx: DbOrTx, issueId: number, statusId: number): Promise<void> {
    await tx.execute(sql`update issues set status_id = ${statusId}, closed_at = now(), updated_at = now() where id = ${issueId}`);
  },
};
