import { sql } from 'drizzle-orm';
import type { RecordColumns } from '../../lib/record-columns.ts';
import type { DbOrTx } from '../../db/client.ts';

export type { RecordColumns };

const param = <T>(v: T) => sql.param(v);

/**
 * Imported records into the point-records store: a record already stored with another value takes the file's value,
 * one stored with the same value is left alone (so a re-import changes nothing), the rest are inserted. The series'
 * summaries move on in the same statements, as the agent's ingest keeps them. Partitions must exist (MonthPartitions).
 */
export const recordStoreRepo = {
  async upsert(tx: DbOrTx, rows: RecordColumns): Promise<{ inserted: number; updated: number }> {
    if (rows.ids.length === 0) return { inserted: 0, updated: 0 };
    const batch = sql`unnest(${param(rows.ids)}::int[], ${param(rows.times)}::float8[], ${param(rows.values)}::float8[]) as r(i, t, v)`;
    // Changed values first; a changed latest record also changes its series' latest value.
    const updated = await tx.execute<{ n: number }>(sql`
      with upd as (
        update point_records p set value = r.v from ${batch}
        where p.data_point_id = r.i and p.ts = to_timestamp(r.t / 1000) and p.value is distinct from r.v
        returning p.data_point_id, p.ts, p.value),
      latest as (
        update data_points d set latest_value = upd.value from upd where d.id = upd.data_point_id and d.latest_record_on = upd.ts
        returning 1)
      select (select count(*) from upd)::int as n`);
    const inserted = await tx.execute<{ n: number }>(sql`
      with ins as (
        insert into point_records (data_point_id, ts, value) select i, to_timestamp(t / 1000), v from ${batch}
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
    return { inserted: inserted.rows[0]?.n ?? 0, updated: updated.rows[0]?.n ?? 0 };
  },
};
