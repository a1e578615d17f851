import { sql } from 'drizzle-orm';
import type { RecordColumns } from '../../lib/record-columns.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';

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

  /**
   * Inserts a batch in one statement (records already stored are skipped: the key is series and time) and, in the
   * same statement, moves each series' summary on by what was really inserted. Returns how many were inserted.
   */
  async insert(db: DbOrTx, rows: RecordColumns): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`
      with ins as (
        insert into point_records (data_point_id, ts, value)
        select i, to_timestamp(t / 1000), v from unnest(${param(rows.ids)}::int[], ${param(rows.times)}::float8[], ${param(rows.values)}::float8[]) as r(i, t, v)
        on conflict do nothing
        returning data_point_id, ts, value),
      s as (
        select data_point_id, min(ts) as first, max(ts) as last, count(*)::int as n, (array_agg(value order by ts desc))[1] as last_value
        from ins group by data_point_id),
      up as (
        update data_points d set
          earliest_record_on = least(d.earliest_record_on, s.first),
          latest_record_on = greatest(d.latest_record_on, s.last),
          latest_value = case when d.latest_record_on is null or s.last >= d.latest_record_on then s.last_value else d.latest_value end,
          record_count = d.record_count + s.n
        from s where d.id = s.data_point_id
        returning s.n)
      select coalesce(sum(n), 0)::int as n from up`);
    return r.rows[0]?.n ?? 0;
  },
};
