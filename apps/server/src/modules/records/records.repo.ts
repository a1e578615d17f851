import { sql } from 'drizzle-orm';
import { insertRecords, type RecordColumns } from '../../lib/record-columns.ts';
import type { Tx } from '../../db/client.ts';

export type { RecordColumns };

const param = <T>(v: T) => sql.param(v);

export const recordsRepo = {
  /**
   * The data points of those BACnet points of the controller, created on first use, and locked (FOR KEY SHARE) until
   * the transaction ends so that none is deleted under the records about to be inserted (what a foreign key from
   * point_records would ensure per row). A point of another controller (or none) is absent from the answer.
   */
  async dataPointsOfController(tx: Tx, controllerId: string, bacnetPointIds: number[]): Promise<Map<number, number>> {
    const ids = param(bacnetPointIds);
    const lookUp = async () => {
      const r = await tx.execute<{ id: number; bacnet_point_id: number }>(sql`
        select d.id, d.bacnet_point_id from data_points d join bacnet_points p on p.id = d.bacnet_point_id
        where d.bacnet_point_id = any(${ids}::int[]) and p.syrx_controller_id = ${controllerId}::uuid
        for key share of d`);
      return new Map(r.rows.map((x) => [x.bacnet_point_id, x.id]));
    };
    const found = await lookUp();
    // Usually every point has its series already: one statement. Otherwise make the missing ones and look again.
    if (found.size === bacnetPointIds.length) return found;
    await tx.execute(sql`
      insert into data_points (kind, bacnet_point_id)
      select 'controller-bacnet-point', p.id from bacnet_points p where p.id = any(${ids}::int[]) and p.syrx_controller_id = ${controllerId}::uuid
      on conflict (bacnet_point_id) do nothing`);
    return lookUp();
  },

  /** Inserts a batch, skipping records already stored, and moves the series' summaries on (lib/record-columns.ts). */
  insert: insertRecords,
};
