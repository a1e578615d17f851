import { type SQL, sql } from 'drizzle-orm';
import { type AgentReportState, type CriticalStatusReport, defaultHeartbeatSeconds, silenceGraceSeconds } from '@syrx/contracts/agent-protocol';
import type { DbOrTx } from '../../db/client.ts';
import { uuidList } from '../../db/array-params.ts';

/** The moment a report of `c` (a critical_service_statuses row) stops counting: two heartbeats after it, and the grace. */
const silentFrom = (c: SQL) =>
  sql`(${c}.reported_at + make_interval(secs => ${silenceGraceSeconds}::float8 + 2 * coalesce(${c}.heartbeat_seconds, ${defaultHeartbeatSeconds}::float8)))`;

/** Whether the report of `c` still speaks for its controller (contracts' agentReportStateSchema), judged at now(). */
export const agentStateSql = (c: SQL) =>
  sql<AgentReportState>`(case when ${c}.disconnected_at is not null then 'disconnected' when ${silentFrom(c)} <= now() then 'silent' else 'reporting' end)`;

const reportedAt = sql<string>`to_char(c.reported_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type ReportRow = {
  id: string;
  statuses: CriticalStatusReport['statuses'];
  reported_at: string;
  agent_state: AgentReportState;
};
const reportOf = ({ statuses, reported_at, agent_state }: ReportRow): CriticalStatusReport => ({ statuses, reported_at, agent_state });

/** The controllers' latest unit reports, each with whether it still counts (the statuses were checked when they arrived). */
export const statusReportsRepo = {
  async find(db: DbOrTx, id: string): Promise<CriticalStatusReport | null> {
    const r = await db.execute<ReportRow>(sql`
      select c.syrx_controller_id as id, c.statuses, ${reportedAt} as reported_at, ${agentStateSql(sql`c`)} as agent_state
      from critical_service_statuses c where c.syrx_controller_id = ${id}`);
    const row = r.rows[0];
    return row ? reportOf(row) : null;
  },

  /**
   * The agent's connection closed at `at`: its report stops counting, unless a heartbeat came after that (the agent
   * is back, on this instance or another). Answers the report as it now stands, or null when nothing changed.
   */
  async markDisconnected(db: DbOrTx, id: string, at: Date): Promise<CriticalStatusReport | null> {
    const r = await db.execute<ReportRow>(sql`
      update critical_service_statuses c set disconnected_at = ${at.toISOString()}::timestamptz
      where c.syrx_controller_id = ${id} and c.disconnected_at is null and c.reported_at <= ${at.toISOString()}::timestamptz
      returning c.syrx_controller_id as id, c.statuses, ${reportedAt} as reported_at, 'disconnected' as agent_state`);
    const row = r.rows[0];
    return row ? reportOf(row) : null;
  },

  /**
   * Of the controllers `ids`, those whose connected agent fell silent after `since` and by now (the database's clock,
   * answered as `now` for the next call; null: the last `windowSeconds`), each with its report.
   */
  async newlySilent(db: DbOrTx, ids: readonly string[], since: string | null, windowSeconds: number): Promise<{ now: string; silent: (CriticalStatusReport & { id: string })[] }> {
    const r = await db.execute<ReportRow & { now: string }>(sql`
      with t as (select now() as now, coalesce(${since}::timestamptz, now() - make_interval(secs => ${windowSeconds}::float8)) as since)
      select c.syrx_controller_id as id, c.statuses, ${reportedAt} as reported_at, 'silent' as agent_state, t.now::text as now
      from t left join critical_service_statuses c
        on c.syrx_controller_id = any(${uuidList(ids)}) and c.disconnected_at is null
          and ${silentFrom(sql`c`)} > t.since and ${silentFrom(sql`c`)} <= t.now`);
    const now = r.rows[0]?.now ?? new Date().toISOString();
    return { now, silent: r.rows.filter((row) => row.id !== null).map((row) => ({ id: row.id, ...reportOf(row) })) };
  },
};
