import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rollupLevels } from '../../lib/record-rollups.ts';
import { bucketOrigin } from '../../lib/time-buckets.ts';

/** Hourly (then daily) rollups the median spacing is taken over, the latest first: enough to be typical, few to read. */
export const spacingSampleBuckets = 168;

const ids = (list: number[]) => sql`${sql.param(list)}::int[]`;
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * Records per series and UTC day in [from, to): from the daily rollups of series that have them (`rolled`), from the
 * records of the others (not backfilled yet). Days without records are absent.
 */
async function dailyCounts(db: DbOrTx, rolled: number[], raw: number[], from: number, to: number): Promise<{ id: number; t: number; n: number }[]> {
  const parts = [];
  if (rolled.length > 0) {
    parts.push(sql`select data_point_id as id, bucket as b, n from point_record_rollups
      where data_point_id = any(${ids(rolled)}) and level_seconds = ${rollupLevels.day} and bucket >= ${at(from)} and bucket < ${at(to)}`);
  }
  if (raw.length > 0) {
    parts.push(sql`select data_point_id as id, date_bin(interval '1 day', ts, ${bucketOrigin}::timestamptz) as b, count(*)::int as n from point_records
      where data_point_id = any(${ids(raw)}) and ts >= ${at(from)} and ts < ${at(to)} group by 1, 2`);
  }
  if (parts.length === 0) return [];
  const r = await db.execute<{ id: number; t: number; n: number }>(sql`
    select x.id, (extract(epoch from x.b) * 1000)::float8 as t, x.n from (${sql.join(parts, sql` union all `)}) x`);
  return r.rows;
}

/**
 * Each series' median spacing of records in seconds, up to `before`: over its latest hourly rollups holding two or more
 * records ((last - first) / (n - 1) is the spacing within the hour), else over its daily ones (points reporting hourly
 * or less often), else over its records themselves (series not backfilled yet). Absent: too few records to tell.
 */
async function medianSpacing(db: DbOrTx, list: number[], before: number): Promise<Map<number, number>> {
  if (list.length === 0) return new Map();
  const spacing = (level: number) => sql`(
    select percentile_cont(0.5) within group (order by extract(epoch from r.last_ts - r.first_ts) / (r.n - 1)) from (
      select r.last_ts, r.first_ts, r.n from point_record_rollups r
      where r.data_point_id = s.id and r.level_seconds = ${level} and r.bucket < ${at(before)} and r.n > 1
      order by r.bucket desc limit ${spacingSampleBuckets}) r)`;
  const fromRecords = sql`(
    select percentile_cont(0.5) within group (order by g) from (
      select extract(epoch from x.ts - lag(x.ts) over (order by x.ts)) as g from (
        select p.ts from point_records p where p.data_point_id = s.id and p.ts < ${at(before)} order by p.ts desc limit 1000) x) y
    where g is not null)`;
  const r = await db.execute<{ id: number; s: number | null }>(sql`
    select s.id, coalesce(${spacing(rollupLevels.hour)}, ${spacing(rollupLevels.day)}, case when d.rolled_up then null else ${fromRecords} end)::float8 as s
    from unnest(${ids(list)}) as s(id) join data_points d on d.id = s.id`);
  return new Map(r.rows.flatMap((x) => (x.s === null || !(x.s > 0) ? [] : [[x.id, x.s] as [number, number]])));
}

export const availabilityRepo = { dailyCounts, medianSpacing };
