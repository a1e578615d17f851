import { type SQL, sql } from 'drizzle-orm';
import type { CriticalStatusReport, Heartbeat } from '@syrx/contracts/agent-protocol';
import { canonicalServiceId } from '@syrx/contracts/services';
import type { Db } from '../../db/client.ts';
import { agentStateSql } from './status-reports.repo.ts';
import { uuidList } from '../../db/array-params.ts';

/**
 * Many agents' heartbeats in one statement: the services' own reports where they changed (version, rollout; a
 * service's last contact is its controller's last report), and the controller's row of unit statuses and services'
 * diagnostics (upserted; each answers whether the statuses changed, or its agent was silent or disconnected until now,
 * for the browsers). Controllers deleted meanwhile are skipped. Rows are taken in id order, so two instances' batches
 * wait for each other rather than deadlock.
 */
export async function recordHeartbeats(db: Db, batch: Map<string, Heartbeat>): Promise<Map<string, CriticalStatusReport | null>> {
  const r = await db.execute<{ id: string; changed: boolean; reported_at: string }>(heartbeatsStatement(batch));
  const answers = new Map<string, CriticalStatusReport | null>([...batch.keys()].map((id) => [id, null]));
  for (const row of r.rows) {
    if (row.changed) answers.set(row.id, { statuses: (batch.get(row.id) as Heartbeat).critical_statuses, reported_at: row.reported_at, agent_state: 'reporting' });
  }
  return answers;
}

/**
 * The batch's one statement, so one round trip and its own transaction: a batch that waited on five (begin, three
 * statements, commit) waited for the event loop between each (issue 26: heartbeat acknowledgement p99).
 */
export function heartbeatsStatement(batch: Map<string, Heartbeat>): SQL {
  const ids = [...batch.keys()].sort();
  // One JSON text for the batch, each controller's services nested under it (their id is not repeated per service).
  const controllers = ids.map((id) => {
    const hb = batch.get(id) as Heartbeat;
    const diagnostics: Record<string, unknown> = {};
    const services: { service_id: string; reported_version: string | null; rollout: unknown }[] = [];
    for (const s of hb.services) {
      const serviceId = canonicalServiceId(s.service_id);
      if (!serviceId) continue;
      services.push({ service_id: serviceId, reported_version: s.reported_version, rollout: s.rollout ?? null });
      if (s.diagnostics) diagnostics[serviceId] = s.diagnostics;
    }
    return { controller_id: id, statuses: hb.critical_statuses, heartbeat_seconds: hb.heartbeat_seconds ?? null, service_diagnostics: diagnostics, services };
  });

  return sql`
    with batch as (
      select * from jsonb_to_recordset(${JSON.stringify(controllers)}::jsonb)
        as v(controller_id uuid, statuses jsonb, heartbeat_seconds real, service_diagnostics jsonb, services jsonb)
    ),
    -- The batch's controllers that exist (deleted meanwhile: skipped), from an id array, and every join below from
    -- them: an array's row count is estimated from the array (10 when the plan is generic), a JSON set's as 100, for
    -- which PostgreSQL reads whole tables rather than look the batch's rows up by index (syrx_controllers,
    -- critical_service_statuses or enabled_services: 3 to 17 ms a batch at 10,000 controllers instead of 1;
    -- docs/decisions.md, "Batch statements find their rows from an id array").
    ids as (
      select c.id from unnest(${uuidList(ids)}) as b(id) join syrx_controllers c on c.id = b.id
    ),
    reported as (
      select b.controller_id, s.service_id, s.reported_version, s.rollout
      from batch b cross join lateral jsonb_to_recordset(b.services) as s(service_id text, reported_version text, rollout jsonb)
    ),
    -- The enabled services of the batch's controllers that this heartbeat changes: never reached before, or reported
    -- with another version or rollout. The others are not written: their last contact is the controller's reported_at
    -- and their diagnostics its service_diagnostics, both written below (enabled-services.repo.ts), so a heartbeat
    -- writes one row, not one per service (issue 26: these updates were most of the database's time at 18,000 agents,
    -- and an agent's diagnostics move between most heartbeats). Locked in
    -- (controller, service) order as a change of the list locks them (enabledServicesRepo.replace): an update alone
    -- takes its rows in whatever order its join yields them, and could wait for a change that waits for it.
    touched as (
      select e.syrx_controller_id, e.service_id, r.service_id is not null as has_report, r.reported_version, r.rollout
      from enabled_services e join ids on e.syrx_controller_id = ids.id
      left join reported r on r.controller_id = e.syrx_controller_id and r.service_id = e.service_id
      where e.last_contact is null
        or (r.service_id is not null and (e.reported_version, e.rollout) is distinct from (r.reported_version, r.rollout))
      order by e.syrx_controller_id, e.service_id
      for update of e
    ),
    contact as (
      update enabled_services e
      set last_contact = now(),
        reported_version = case when t.has_report then t.reported_version else e.reported_version end,
        rollout = case when t.has_report then t.rollout else e.rollout end
      from touched t
      where e.syrx_controller_id = t.syrx_controller_id and e.service_id = t.service_id
    ),
    v as (
      select v.controller_id, v.statuses, v.heartbeat_seconds, v.service_diagnostics
      from ids join batch v on v.controller_id = ids.id
      order by v.controller_id
    ),
    old as (
      select c.syrx_controller_id, c.statuses, ${agentStateSql(sql`c`)} as agent_state
      from critical_service_statuses c join v on c.syrx_controller_id = v.controller_id
    ),
    up as (
      insert into critical_service_statuses (syrx_controller_id, statuses, heartbeat_seconds, service_diagnostics)
      select controller_id, statuses, heartbeat_seconds, service_diagnostics from v
      on conflict (syrx_controller_id) do update
        set statuses = excluded.statuses, reported_at = now(), heartbeat_seconds = excluded.heartbeat_seconds, disconnected_at = null,
          service_diagnostics = excluded.service_diagnostics
      returning syrx_controller_id, statuses, reported_at
    )
    select up.syrx_controller_id as id,
      (old.syrx_controller_id is null or old.statuses is distinct from up.statuses or old.agent_state <> 'reporting') as changed,
      to_char(up.reported_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as reported_at
    from up left join old using (syrx_controller_id)`;
}
