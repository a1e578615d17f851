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
 * same statement, moves each series' summary (first, last, latest value, count) on by what was really inserted. The
 * statement's rows are the series with how many of their records were inserted (`id`, `n`).
 */
const insertWithSummaries = (rows: RecordColumns) => sql`
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
      returning d.id, s.n)`;

/** Inserts point records with their series' summaries; how many were inserted. The imports store records this way. */
export async function insertRecords(db: DbOrTx, rows: RecordColumns): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`${insertWithSummaries(rows)} select coalesce(sum(n), 0)::int as n from up`);
  return r.rows[0]?.n ?? 0;
}

/** The same, answering how many records of each series were inserted (the agents' uploads, several at once). */
export async function insertRecordsBySeries(db: DbOrTx, rows: RecordColumns): Promise<Map<number, number>> {
  const r = await db.execute<{ id: number; n: number }>(sql`${insertWithSummaries(rows)} select id, n from up`);
  return new Map(r.rows.map((x) => [x.id, x.n]));
}
