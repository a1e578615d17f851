import { type SQL, sql } from 'drizzle-orm';
import type { MetricGroupType } from '@syrx/contracts/metrics';
import type { DbOrTx } from '../../db/client.ts';
import { bucketOrigin, bucketStart, coverLevel, levelFor, type RangeSplit, splitRange } from './metric-ranges.ts';

/** Whose samples and which: a controller's groups of one type (all of them when `groups` is null), in [from, to) ms. */
export interface MetricSelection {
  controllerId: string;
  groupType: MetricGroupType;
  groups: string[] | null;
  from: number;
  to: number;
}

/** One group's bucket: its start (ms), and the average, minimum and maximum of each metric. */
export type MetricRow = {
  g: string; t: number;
  cpu_avg: number; cpu_min: number; cpu_max: number;
  mem_percent_avg: number; mem_percent_min: number; mem_percent_max: number;
  mem_avg: number; mem_min: number; mem_max: number;
};

const p = <T>(v: T) => sql.param(v);
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const bin = (seconds: number, col: SQL) => sql`date_bin(make_interval(secs => ${seconds}), ${col}, ${bucketOrigin}::timestamptz)`;

/**
 * The names of the selection's groups with a sample anywhere near the range: read from the hourly rollups (a
 * superset, since an hour bucket holds each sample), so that samples are then read by the primary key, name by name.
 */
function names(q: MetricSelection, filter: boolean): SQL {
  const only = filter && q.groups ? sql`and r.group_name = any(${p(q.groups)}::text[])` : sql``;
  return sql`select distinct r.group_name as g from controller_metric_rollups r
    where r.syrx_controller_id = ${q.controllerId}::uuid and r.level_seconds = ${coverLevel} and r.group_type = ${q.groupType}
      and r.bucket >= ${at(bucketStart(q.from, coverLevel))} and r.bucket < ${at(q.to)} ${only}`;
}

/** Samples of a named group in one range (the caller supplies n.g), read from the primary key. */
const samplesIn = (q: MetricSelection, [a, b]: [number, number]) => sql`select m.ts, m.cpu_percent, m.mem_percent, m.mem from controller_metrics m
  where m.syrx_controller_id = ${q.controllerId}::uuid and m.group_type = ${q.groupType} and m.group_name = n.g and m.ts >= ${at(a)} and m.ts < ${at(b)}`;
/**
 * Samples of a named group in the ranges: one primary-key range scan each. OFFSET 0 keeps the planner from flattening
 * the lateral subquery into a join, which it would run as a scan of every sample of the months touched.
 */
const samplesOf = (q: MetricSelection, ranges: [number, number][]) => sql`${sql.join(ranges.map((r) => samplesIn(q, r)), sql` union all `)} offset 0`;

/** Partial aggregates per group and bucket of `seconds`: from samples (the edges) and from whole rollup buckets. */
function parts(q: MetricSelection, seconds: number, split: RangeSplit, level: number | null): SQL[] {
  const out: SQL[] = [];
  if (split.raw.length > 0) {
    out.push(sql`select n.g, ${bin(seconds, sql`x.ts`)} as b, count(*)::int as n, sum(x.cpu_percent) as cs, min(x.cpu_percent) as cmin,
        max(x.cpu_percent) as cmax, sum(x.mem_percent) as ps, min(x.mem_percent) as pmin, max(x.mem_percent) as pmax, sum(x.mem) as ms,
        min(x.mem) as mmin, max(x.mem) as mmax
      from names n cross join lateral (${samplesOf(q, split.raw)}) x group by 1, 2`);
  }
  if (split.rolled && level !== null) {
    // A rollup bucket as wide as the resolution is a bucket already; narrower ones are summed into theirs.
    out.push(level === seconds
      ? sql`select r.group_name as g, r.bucket as b, r.n, r.cpu_sum, r.cpu_min, r.cpu_max, r.mem_percent_sum, r.mem_percent_min, r.mem_percent_max,
          r.mem_sum, r.mem_min, r.mem_max ${rolledIn(q, level, split.rolled)}`
      : sql`select r.group_name as g, ${bin(seconds, sql`r.bucket`)} as b, sum(r.n)::int as n, sum(r.cpu_sum), min(r.cpu_min), max(r.cpu_max),
          sum(r.mem_percent_sum), min(r.mem_percent_min), max(r.mem_percent_max), sum(r.mem_sum), min(r.mem_min), max(r.mem_max)
        ${rolledIn(q, level, split.rolled)} group by 1, 2`);
  }
  return out;
}

/** The rollups of a level in a range (whole buckets) of the selection's groups. */
const rolledIn = (q: MetricSelection, level: number, [a, b]: [number, number]) => sql`from controller_metric_rollups r
  where r.syrx_controller_id = ${q.controllerId}::uuid and r.level_seconds = ${level} and r.group_type = ${q.groupType}
    and r.bucket >= ${at(a)} and r.bucket < ${at(b)} ${q.groups ? sql`and r.group_name = any(${p(q.groups)}::text[])` : sql``}`;

const ms = (col: SQL) => sql`(extract(epoch from ${col}) * 1000)::float8`;

/**
 * The statement of an aggregate: date_bin buckets of `seconds` with avg/min/max of every metric per group, by group
 * then bucket. Whole buckets of the coarsest rollup that tiles the resolution are read from the rollups, the rest
 * from the samples; the result equals the same aggregation over the samples alone. Null when the range is empty.
 */
export function aggregateSql(q: MetricSelection, seconds: number): SQL | null {
  const level = levelFor(seconds);
  const split = splitRange(q.from, q.to, level);
  const all = parts(q, seconds, split, level);
  if (all.length === 0) return null;
  // Hourly rollups of whole hours at 1 h (the common long chart): each row is an answer, in the key's order.
  if (all.length === 1 && split.raw.length === 0 && level === seconds && split.rolled) {
    return sql`select r.group_name as g, ${ms(sql`r.bucket`)} as t, r.cpu_sum / r.n as cpu_avg, r.cpu_min, r.cpu_max,
        r.mem_percent_sum / r.n as mem_percent_avg, r.mem_percent_min, r.mem_percent_max, r.mem_sum / r.n as mem_avg, r.mem_min, r.mem_max
      ${rolledIn(q, level, split.rolled)} order by r.group_name, r.bucket`;
  }
  return sql`
    with names as (${names(q, true)})
    select x.g, ${ms(sql`x.b`)} as t,
      sum(x.cs) / sum(x.n) as cpu_avg, min(x.cmin) as cpu_min, max(x.cmax) as cpu_max,
      sum(x.ps) / sum(x.n) as mem_percent_avg, min(x.pmin) as mem_percent_min, max(x.pmax) as mem_percent_max,
      sum(x.ms) / sum(x.n) as mem_avg, min(x.mmin) as mem_min, max(x.mmax) as mem_max
    from (${sql.join(all, sql` union all `)}) as x(g, b, n, cs, cmin, cmax, ps, pmin, pmax, ms, mmin, mmax)
    group by x.g, x.b
    order by x.g, x.b`;
}

export const metricReadsRepo = {
  async aggregate(db: DbOrTx, q: MetricSelection, seconds: number): Promise<MetricRow[]> {
    const statement = aggregateSql(q, seconds);
    return statement ? (await db.execute<MetricRow>(statement)).rows : [];
  },

  /** The names of the groups of that type with at least one sample in the range, sorted. */
  async groupNames(db: DbOrTx, q: Omit<MetricSelection, 'groups'>): Promise<string[]> {
    const sel: MetricSelection = { ...q, groups: null };
    const split = splitRange(q.from, q.to, coverLevel);
    const tests: SQL[] = [];
    if (split.rolled) {
      tests.push(sql`exists (select 1 from controller_metric_rollups r where r.syrx_controller_id = ${q.controllerId}::uuid
        and r.level_seconds = ${coverLevel} and r.group_type = ${q.groupType} and r.group_name = n.g
        and r.bucket >= ${at(split.rolled[0])} and r.bucket < ${at(split.rolled[1])})`);
    }
    for (const range of split.raw) tests.push(sql`exists (${samplesIn(sel, range)})`);
    const r = await db.execute<{ g: string }>(sql`
      with names as (${names(sel, false)})
      select n.g from names n where ${sql.join(tests, sql` or `)} order by n.g`);
    return r.rows.map((x) => x.g);
  },
};
