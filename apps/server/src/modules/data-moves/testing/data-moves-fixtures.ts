import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { MonthPartitions } from '../../../lib/month-partitions.ts';
import { rebuildRollups } from '../../../lib/record-rollups.ts';
import { monthStartsBetween } from '../record-months.ts';
import { type PcsPointKey, pcsKeyOf, type PointSeries, pointSourcesRepo, type VendorPointKey, vendorKeyOf } from '../point-sources.repo.ts';

/**
 * Vendor and PCS points and their records for data-moves tests, made as imports and the demo make them (the module's
 * repositories), with records written straight into the store by generate_series (fast for hundreds of thousands).
 */
export interface SeededPoint {
  pointId: number;
  dataPointId: number;
}

export const vendorKey = (vendor: string, a: string, b: string, c = ''): VendorPointKey => ({ vendor, id_field_1: a, id_field_2: b, id_field_3: c });

/** The seeded point of each key, in the order of `keys`, from what an ensure… call of the repository answered. */
function seededIn<K>(series: Map<string, PointSeries>, keys: K[], keyOf: (k: K) => string, what: string): SeededPoint[] {
  return keys.map((k) => {
    const s = series.get(keyOf(k));
    if (!s) throw new Error(`no ${what} ${keyOf(k)}`);
    return { pointId: s.point_id, dataPointId: s.data_point_id };
  });
}

export async function vendorPoints(db: Db, keys: VendorPointKey[]): Promise<SeededPoint[]> {
  return seededIn(await db.transaction((tx) => pointSourcesRepo.ensureVendorPoints(tx, keys)), keys, vendorKeyOf, 'vendor point');
}

export async function pcsPoints(db: Db, keys: PcsPointKey[]): Promise<SeededPoint[]> {
  return seededIn(await db.transaction((tx) => pointSourcesRepo.ensurePcsPoints(tx, keys)), keys, pcsKeyOf, 'PCS point');
}

/**
 * `count` records of a series every `stepMs` from `start`, valued `base + i * slope` (so a record's value tells which
 * it is), and its summary recomputed.
 */
export async function seedRecords(db: Db, dataPointId: number, start: number, count: number, stepMs: number, base = 0, slope = 1): Promise<void> {
  const last = start + (count - 1) * stepMs;
  await new MonthPartitions(db, 'point_records').ensure(monthStartsBetween(new Date(start).toISOString(), new Date(last).toISOString()));
  await db.execute(sql`
    insert into point_records (data_point_id, ts, value)
    select ${dataPointId}, to_timestamp(${start}::float8 / 1000) + g * (${stepMs}::float8 * interval '1 millisecond'), ${base} + g * ${slope}::float8
    from generate_series(0, ${count - 1}) g`);
  await summarise(db, dataPointId);
  await rebuildRollups(db, [dataPointId]);
}

export async function summarise(db: Db, dataPointId: number): Promise<void> {
  await db.execute(sql`
    update data_points d set earliest_record_on = s.first, latest_record_on = s.last, record_count = s.n,
      latest_value = (select value from point_records where data_point_id = d.id order by ts desc limit 1)
    from (select min(ts) as first, max(ts) as last, count(*) as n from point_records where data_point_id = ${dataPointId}) s
    where d.id = ${dataPointId}`);
}

/** A series' records: how many, the sum of values (a cheap fingerprint), first and last time. */
export async function recordStats(db: Db, dataPointId: number, range: { from?: string; to?: string } = {}) {
  const r = await db.execute<{ n: number; sum: number | null; first: string | null; last: string | null }>(sql`
    select count(*)::int as n, sum(value)::float8 as sum,
      to_char(min(ts) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as first, to_char(max(ts) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last
    from point_records where data_point_id = ${dataPointId}
      and ts >= ${range.from ?? '-infinity'}::timestamptz and ts < ${range.to ?? 'infinity'}::timestamptz`);
  return r.rows[0] ?? { n: 0, sum: null, first: null, last: null };
}

/** The series' summary as data_points holds it. */
export async function summaryOf(db: Db, dataPointId: number) {
  const r = await db.execute<{ count: number; earliest: string | null; latest: string | null; latest_value: number | null }>(sql`
    select record_count::int as count, latest_value,
      to_char(earliest_record_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as earliest, to_char(latest_record_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as latest
    from data_points where id = ${dataPointId}`);
  const row = r.rows[0];
  if (!row) throw new Error(`no data point ${dataPointId}`);
  return row;
}
