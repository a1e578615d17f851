import { sql } from 'drizzle-orm';
import { insertNewRecords, insertRecordsBySeries, type RecordColumns } from '../../lib/record-columns.ts';
import type { Tx } from '../../db/client.ts';

export type { RecordColumns };

const param = <T>(v: T) => sql.param(v);

export const recordsRepo = {
  /**
   * The data points of BACnet points named with their controller (several agents' uploads at once), created on first
   * use, and locked (FOR KEY SHARE) until the transaction ends so that none is deleted under the records about to be
   * inserted (what a foreign key from point_records would ensure per row). Keyed `${controllerId} ${bacnetPointId}`; a
   * point of another controller (or none) is absent from the answer.
   */
  async dataPointsOf(tx: Tx, points: { controllerId: string; pointId: number }[]): Promise<Map<string, number>> {
    const wanted = sql`unnest(${param(points.map((p) => p.pointId))}::int[], ${param(points.map((p) => p.controllerId))}::uuid[]) as w(pid, cid)`;
    const lookUp = async () => {
      const r = await tx.execute<{ id: number; bacnet_point_id: number; controller_id: string }>(sql`
        select d.id, d.bacnet_point_id, p.syrx_controller_id::text as controller_id
        from data_points d join bacnet_points p on p.id = d.bacnet_point_id join ${wanted} on w.pid = p.id and w.cid = p.syrx_controller_id
        for key share of d`);
      return new Map(r.rows.map((x) => [`${x.controller_id} ${x.bacnet_point_id}`, x.id]));
    };
    const found = await lookUp();
    // Usually every point has its series already: one statement. Otherwise make the missing ones and look again.
    if (found.size === points.length) return found;
    await tx.execute(sql`
      insert into data_points (kind, bacnet_point_id)
      select 'controller-bacnet-point', p.id from bacnet_points p join ${wanted} on w.pid = p.id and w.cid = p.syrx_controller_id
      order by p.id
      on conflict (bacnet_point_id) do nothing`);
    return lookUp();
  },

  /** Inserts a batch, skipping records already stored, and moves the series' summaries and rollups on (lib/record-columns.ts). */
  insert: insertRecordsBySeries,
  /** Inserts a batch of records none of which is stored (else a unique violation), with summaries and rollups. */
  insertNew: insertNewRecords,
};
