import { type SQL, sql } from 'drizzle-orm';
import { boolList, numberList } from '../db/array-params.ts';
import type { DbOrTx } from '../db/client.ts';
import { aggregateBatch, type BucketPart, type SeriesPart } from './record-aggregates.ts';
import { addToRollups, mergeRollupsSql } from './record-rollups.ts';

/** Point records in columns (what one INSERT … SELECT FROM unnest takes): data point ids, times in ms, values. */
export interface RecordColumns {
  ids: number[];
  times: number[];
  values: number[];
  /** Per record: read back from a device's trend log (absent: none was). */
  backfilled?: boolean[];
}

const ints = (xs: readonly number[]) => numberList(xs, 'int');
const floats = (xs: readonly number[]) => numberList(xs, 'float8');

/** The rows as a FROM item `r(i, t, v)`: data point id, time in ms, value (and `b`, backfilled, when the rows say). */
export const recordRowsSql = (rows: RecordColumns) =>
  rows.backfilled
    ? sql`unnest(${ints(rows.ids)}, ${floats(rows.times)}, ${floats(rows.values)}, ${boolList(rows.backfilled)}) as r(i, t, v, b)`
    : sql`unnest(${ints(rows.ids)}, ${floats(rows.times)}, ${floats(rows.values)}) as r(i, t, v)`;

/** The INSERT of the rows into point_records, with their backfilled marks when they carry them. */
const insertRowsSql = (rows: RecordColumns, time: SQL) =>
  rows.backfilled
    ? sql`insert into point_records (data_point_id, ts, value, backfilled) select i, ${time}, v, b from ${recordRowsSql(rows)}`
    : sql`insert into point_records (data_point_id, ts, value) select i, ${time}, v from ${recordRowsSql(rows)}`;

/**
 * Inserts point records in one statement (records already stored are skipped: the key is series and time) and, in the
 * same statement, moves each series' summary (first, last, latest value, count) and its hourly and daily rollups on by
 * what was really inserted. The statement's rows are the series with how many of their records were inserted (`id`, `n`).
 */
const insertWithSummaries = (rows: RecordColumns) => sql`
    with ins as (
      ${insertRowsSql(rows, sql`to_timestamp(t / 1000)`)}
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
      returning d.id, s.n),
    rolled as (${addToRollups(sql`ins`)})`;

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

const at = (ms: SQL) => sql`to_timestamp(${ms} / 1000)`;

/**
 * Inserts records none of which is stored yet (a plain INSERT: a record stored before fails the statement with a unique
 * violation, and the caller then stores the batch with insertRecordsBySeries), with the series' summaries and rollups
 * moved on by parts computed from the batch itself (lib/record-aggregates.ts). About the cost of the bare INSERT: the
 * database neither checks each record for a conflict nor aggregates what it inserted. How many records per series.
 */
export async function insertNewRecords(db: DbOrTx, rows: RecordColumns): Promise<Map<number, number>> {
  const { series, buckets } = aggregateBatch(rows);
  const s = (f: (x: SeriesPart) => number, type: 'int' | 'float8') => numberList(series.map(f), type);
  const b = (f: (x: BucketPart) => number, type: 'int' | 'float8') => numberList(buckets.map(f), type);
  await db.execute(sql`
    with ins as (
      ${insertRowsSql(rows, at(sql`t`))}),
    up as (
      update data_points d set
        earliest_record_on = least(d.earliest_record_on, ${at(sql`s.f`)}),
        latest_record_on = greatest(d.latest_record_on, ${at(sql`s.l`)}),
        latest_value = case when d.latest_record_on is null or ${at(sql`s.l`)} >= d.latest_record_on then s.lv else d.latest_value end,
        record_count = d.record_count + s.n
      from unnest(${s((x) => x.id, 'int')}, ${s((x) => x.first, 'float8')}, ${s((x) => x.last, 'float8')}, ${s((x) => x.lastValue, 'float8')}, ${s((x) => x.n, 'int')})
        as s(i, f, l, lv, n)
      where d.id = s.i)
    insert into point_record_rollups as r (data_point_id, level_seconds, bucket, n, sum, min, max, first_ts, last_ts)
    select i, lv, ${at(sql`b`)}, n, s, mn, mx, ${at(sql`f`)}, ${at(sql`l`)}
    from unnest(${b((x) => x.id, 'int')}, ${b((x) => x.level, 'int')}, ${b((x) => x.bucket, 'float8')}, ${b((x) => x.n, 'int')}, ${b((x) => x.sum, 'float8')},
      ${b((x) => x.min, 'float8')}, ${b((x) => x.max, 'float8')}, ${b((x) => x.first, 'float8')}, ${b((x) => x.last, 'float8')}) as p(i, lv, b, n, s, mn, mx, f, l)
    ${mergeRollupsSql}`);
  return new Map(series.map((x) => [x.id, x.n]));
}
