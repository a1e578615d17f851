import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/** Point records in columns (what one INSERT … SELECT FROM unnest takes): data point ids, times in ms, values. */
export interface RecordColumns {
  ids: number[];
  times: number[];
  values: number[];
}

const param = <T>(v: T) => sql.param(v);

/** The rows as a FROM item `r(i, t, v)`: data point id, time in ms, value. */
export const recordRowsSql = (rows: RecordColumns) =>
  sql`unnest(${param(rows.ids)}::int[], ${param(rows.times)}::float8[], ${param(rows.values)}::float8[]) as r(i, t, v)`;

/**
 * Inserts point records in one statement (records already stored are skipped: the key is series and time) and, in the
 * same statement, moves each series' summary (first, last, latest value, count) on by what was really inserted.
 * Returns how many were inserted. The agent's ingest and the imports both store records this way.
 */
export async function insertRecords(db: DbOrTx, rows: RecordColumns): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`
    with ins as (
      insert into point_records (data_point_id, ts, value) select i, to_timestamp(t / 1000), v from ${recordRowsSql(rows)}
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
}
