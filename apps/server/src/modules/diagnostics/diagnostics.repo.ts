import { sql } from 'drizzle-orm';
import type { DiagnosticsSnapshot } from '@syrx/contracts/diagnostics';
import type { DbOrTx } from '../../db/client.ts';

/** A stored snapshot with its time as ISO text. */
export type SnapshotRow = Omit<DiagnosticsSnapshot, 'timestamp'> & { timestamp: string };

export const diagnosticsRepo = {
  /** Stores a snapshot unless one of the same time is stored already; returns 1 or 0. */
  async insert(db: DbOrTx, controllerId: string, s: DiagnosticsSnapshot): Promise<number> {
    const r = await db.execute(sql`
      insert into diagnostics_snapshots (syrx_controller_id, ts, processes, network_interface_information, rabbitmq)
      values (${controllerId}::uuid, to_timestamp(${s.timestamp}::float8 / 1000), ${JSON.stringify(s.processes)}::jsonb,
        ${s.network_interface_information}, ${JSON.stringify(s.rabbitmq)}::jsonb)
      on conflict do nothing
      returning 1`);
    return r.rows.length;
  },

  /** The latest snapshot in [from, to], or null. */
  async latest(db: DbOrTx, controllerId: string, from: string, to: string): Promise<SnapshotRow | null> {
    const r = await db.execute<SnapshotRow>(sql`
      select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as timestamp, processes, network_interface_information, rabbitmq
      from diagnostics_snapshots
      where syrx_controller_id = ${controllerId}::uuid and ts >= ${from}::timestamptz and ts <= ${to}::timestamptz
      order by ts desc limit 1`);
    return r.rows[0] ?? null;
  },

  /** Deletes up to `limit` snapshots older than the cutoff; returns how many. */
  async deleteOlderThan(db: DbOrTx, cutoff: Date, limit: number): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`
      with gone as (
        delete from diagnostics_snapshots where (syrx_controller_id, ts) in (
          select syrx_controller_id, ts from diagnostics_snapshots where ts < ${cutoff.toISOString()}::timestamptz limit ${limit})
        returning 1)
      select count(*)::int as n from gone`);
    return r.rows[0]?.n ?? 0;
  },
};
