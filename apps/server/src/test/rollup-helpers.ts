import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';

/** A bucket as a chart shows it: start, average, minimum, maximum, count. */
export interface Bucket {
  t: string;
  avg: number;
  min: number;
  max: number;
  n: number;
}

const origin = '2000-01-03T00:00:00Z';
const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/**
 * Asserts that a series' hourly and daily rollups are exactly what aggregating its records gives (counts, minima,
 * maxima, first and last times exact; sums to 1e-9 relative, the order of additions differs), and that there is no
 * rollup of an hour or day without records.
 */
export async function expectRollupsOfRecords(db: Db, dataPointId: number): Promise<void> {
  for (const level of [3600, 86_400]) {
    const fromRecords = await db.execute<{ b: string; n: number; sum: number; min: number; max: number; first: string; last: string }>(sql`
      select ${iso('b')} as b, n, sum, min, max, ${iso('first')} as first, ${iso('last')} as last from (
        select date_bin(make_interval(secs => ${level}), ts, ${origin}::timestamptz) as b, count(*)::int as n, sum(value) as sum, min(value) as min,
          max(value) as max, min(ts) as first, max(ts) as last
        from point_records where data_point_id = ${dataPointId} group by 1) x order by 1`);
    const rollups = await db.execute<{ b: string; n: number; sum: number; min: number; max: number; first: string; last: string }>(sql`
      select ${iso('bucket')} as b, n, sum, min, max, ${iso('first_ts')} as first, ${iso('last_ts')} as last from point_record_rollups
      where data_point_id = ${dataPointId} and level_seconds = ${level} order by bucket`);
    const exact = (rows: typeof rollups.rows) => rows.map(({ sum: _sum, ...rest }) => rest);
    expect(exact(rollups.rows), `level ${level} of series ${dataPointId}`).toEqual(exact(fromRecords.rows));
    rollups.rows.forEach((r, i) => expect(r.sum).toBeCloseTo(fromRecords.rows[i]?.sum ?? NaN, 6));
  }
}

/** Buckets of `seconds` aggregated from the records themselves (the reference a chart's buckets must equal). */
export async function bucketsFromRecords(db: Db, dataPointId: number, from: string, to: string, seconds: number): Promise<Bucket[]> {
  const r = await db.execute<{ t: string; avg: number; min: number; max: number; n: number }>(sql`
    select to_char(b at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as t, avg, min, max, n from (
      select date_bin(make_interval(secs => ${seconds}), ts, ${origin}::timestamptz) as b, avg(value) as avg, min(value) as min, max(value) as max, count(*)::int as n
      from point_records where data_point_id = ${dataPointId} and ts >= ${from}::timestamptz and ts < ${to}::timestamptz group by 1) x order by b`);
  return r.rows;
}

/** Asserts a chart's buckets equal the reference (averages to 1e-9). */
export function expectSameBuckets(actual: Bucket[], expected: Bucket[]): void {
  expect(actual.map(({ avg: _a, ...rest }) => rest)).toEqual(expected.map(({ avg: _a, ...rest }) => rest));
  actual.forEach((b, i) => expect(b.avg).toBeCloseTo(expected[i]?.avg ?? NaN, 9));
}

/** The series (data point) of a controller's BACnet point. */
export async function seriesOfBacnetPoint(db: Db, bacnetPointId: number): Promise<number> {
  const r = await db.execute<{ id: number }>(sql`select id from data_points where bacnet_point_id = ${bacnetPointId}`);
  const id = r.rows[0]?.id;
  if (id === undefined) throw new Error(`no series of BACnet point ${bacnetPointId}`);
  return id;
}
