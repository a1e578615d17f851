import { sql } from 'drizzle-orm';
import type { CriticalStatusReport, Heartbeat } from '@syrx/contracts/agent-protocol';
import { canonicalServiceId } from '@syrx/contracts/services';
import type { Db } from '../../db/client.ts';
import { agentStateSql } from './status-reports.repo.ts';

/**
 * Many agents' heartbeats in three statements: last contact of every service of every controller in the batch, the
 * services' own reports (version, diagnostics, rollout), and the unit statuses (upserted; each answers whether it
 * changed, or its agent was silent or disconnected until now, for the browsers). Controllers deleted meanwhile are skipped. Rows are taken in id order, so two instances'
 * batches wait for each other rather than deadlock.
 */
export async function recordHeartbeats(db: Db, batch: Map<string, Heartbeat>): Promise<Map<string, CriticalStatusReport | null>> {
  const ids = [...batch.keys()].sort();
  const services = ids.flatMap((id) => {
    const hb = batch.get(id) as Heartbeat;
    return hb.services.flatMap((s) => {
      const serviceId = canonicalServiceId(s.service_id);
      return serviceId ? [{ controller_id: id, service_id: serviceId, reported_version: s.reported_version, diagnostics: s.diagnostics ?? null, rollout: s.rollout ?? null }] : [];
    });
  });
  const statuses = ids.map((id) => {
    const hb = batch.get(id) as Heartbeat;
    return { controller_id: id, statuses: hb.critical_statuses, heartbeat_seconds: hb.heartbeat_seconds ?? null };
  });

  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`
      update enabled_services e set last_contact = now()
      from (select id from unnest(string_to_array(${ids.join(',')}, ',')::uuid[]) as c(id) order by id) c
      where e.syrx_controller_id = c.id`);
    if (services.length) {
      await tx.execute(sql`
        update enabled_services e
        set reported_version = v.reported_version, diagnostics = v.diagnostics, rollout = v.rollout
        from jsonb_to_recordset(${JSON.stringify(services)}::jsonb)
          as v(controller_id uuid, service_id text, reported_version text, diagnostics jsonb, rollout jsonb)
        where e.syrx_controller_id = v.controller_id and e.service_id = v.service_id`);
    }
    const r = await tx.execute<{ id: string; changed: boolean; reported_at: string }>(sql`
      with v as (
        select v.controller_id, v.statuses, v.heartbeat_seconds
        from jsonb_to_recordset(${JSON.stringify(statuses)}::jsonb) as v(controller_id uuid, statuses jsonb, heartbeat_seconds real)
        where exists (select 1 from syrx_controllers c where c.id = v.controller_id)
        order by v.controller_id
      ),
      old as (
        select c.syrx_controller_id, c.statuses, ${agentStateSql(sql`c`)} as agent_state
        from critical_service_statuses c join v on c.syrx_controller_id = v.controller_id
      ),
      up as (
        insert into critical_service_statuses (syrx_controller_id, statuses, heartbeat_seconds)
        select controller_id, statuses, heartbeat_seconds from v
        on conflict (syrx_controller_id) do update
          set statuses = excluded.statuses, reported_at = now(), heartbeat_seconds = excluded.heartbeat_seconds, disconnected_at = null
        returning syrx_controller_id, statuses, reported_at
      )
      select up.syrx_controller_id as id,
        (old.syrx_controller_id is null or old.statuses is distinct from up.statuses or old.agent_state <> 'reporting') as changed,
        to_char(up.reported_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as reported_at
      from up left join old using (syrx_controller_id)`);
    return r.rows;
  });

  const answers = new Map<string, CriticalStatusReport | null>(ids.map((id) => [id, null]));
  for (const row of rows) {
    if (row.changed) answers.set(row.id, { statuses: (batch.get(row.id) as Heartbeat).critical_statuses, reported_at: row.reported_at, agent_state: 'reporting' });
  }
  return answers;
}
