import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { bucketOrigin } from './time-buckets.ts';

/** The rollup levels kept per series: hours and days (point_record_rollups.level_seconds). */
export const rollupLevels = { hour: 3600, day: 86_400 } as const;

const origin = sql.raw(`'${bucketOrigin}'::timestamptz`);
const bin = (seconds: number, col: SQL) => sql`date_bin(${sql.raw(`'${seconds} seconds'::interval`)}, ${col}, ${origin})`;
const columns = sql.raw('data_point_id, level_seconds, bucket, n, sum, min, max, first_ts, last_ts');

/** The ON CONFLICT clause of an insert into the rollups (as r) that adds parts to the buckets already there. */
export const mergeRollupsSql = sql`on conflict (data_point_id, level_seconds, bucket) do update set
    n = r.n + excluded.n, sum = r.sum + excluded.sum, min = least(r.min, excluded.min), max = greatest(r.max, excluded.max),
    first_ts = least(r.first_ts, excluded.first_ts), last_ts = greatest(r.last_ts, excluded.last_ts)`;

/**
 * An INSERT that adds records to the rollups of both levels: `rows` is a relation of (data_point_id, ts, value) of
 * records just inserted (none of them stored before). Counts and sums add, minima and maxima keep the extreme, first
 * and last times widen. Rows go in key order, so two writers of the same buckets lock them in the same order.
 */
export const addToRollups = (rows: SQL): SQL => sql`
  insert into point_record_rollups as r (${columns})
  select x.data_point_id, lv.s, date_bin(make_interval(secs => lv.s), x.ts, ${origin}), count(*)::int, sum(x.value), min(x.value), max(x.value), min(x.ts), max(x.ts)
  from ${rows} x cross join (values (${sql.raw(String(rollupLevels.hour))}), (${sql.raw(String(rollupLevels.day))})) as lv(s)
  group by 1, 2, 3 order by 1, 2, 3
  ${mergeRollupsSql}`;

/** Touched hours as a relation h(i, b): series and hour start, from spans of time (ISO, inclusive) of each series. */
export function hoursOfSpans(spans: { id: number; first: string; last: string }[]): SQL {
  const col = <T>(f: (s: (typeof spans)[number]) => T) => sql.param(spans.map(f));
  return sql`(select distinct s.i, g.b from unnest(${col((s) => s.id)}::int[], ${col((s) => s.first)}::timestamptz[], ${col((s) => s.last)}::timestamptz[]) as s(i, f, l)
    cross join lateral generate_series(${bin(rollupLevels.hour, sql`s.f`)}, ${bin(rollupLevels.hour, sql`s.l`)}, interval '1 hour') as g(b))`;
}

/** Touched hours as a relation h(i, b), from single records (series and time in ms). */
export function hoursOfRecords(ids: number[], times: number[]): SQL {
  return sql`(select distinct r.i, ${bin(rollupLevels.hour, sql`to_timestamp(r.t / 1000)`)} as b from unnest(${sql.param(ids)}::int[], ${sql.param(times)}::float8[]) as r(i, t))`;
}

/** The first key of the advisory locks that serialize rollup recomputations (pg_advisory_xact_lock(class, series)). */
const refreshLockClass = 0x5259; // 'RY'

/**
 * Takes the series' recomputation locks until the transaction ends (advisory locks, in series order): a writer that
 * recomputes rollups (refreshRollups, rebuildRollups) takes them before it touches records or rollups, so two such
 * writers of a series run one after the other. Writers that only add records (the agents' ingest, inserts) need none:
 * their additions commute with a recomputation, which deletes a bucket and recomputes it in a later statement.
 */
export async function lockSeries(tx: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await tx.execute(sql`select pg_advisory_xact_lock(${refreshLockClass}, s.id) from unnest(${sql.param(sorted)}::int[]) with ordinality as s(id, o) order by s.o`);
}

/**
 * Recomputes the rollups of the touched hours (`hours`, a relation h(i, b)) from the records, and of the days holding
 * them from the hours: for writes that change or delete stored records (imports that change values, copies that
 * merge, deleting moved records). The caller holds the series' lock (lockSeries) from before it changed records.
 */
export async function refreshRollups(tx: DbOrTx, hours: SQL): Promise<void> {
  const h = rollupLevels.hour;
  const d = rollupLevels.day;
  const days = sql`(select distinct h.i, ${bin(d, sql`h.b`)} as b from ${hours} h)`;
  // The buckets' rows are locked first, in key order as the additions lock theirs (so the two never deadlock); a few
  // more (the midnight hour of a touched day) do no harm.
  await tx.execute(sql`
    select 1 from point_record_rollups r join (select i, b from ${hours} h union all select i, b from ${days} dd) k on r.data_point_id = k.i and r.bucket = k.b
    order by r.data_point_id, r.level_seconds, r.bucket for update of r`);
  await tx.execute(sql`delete from point_record_rollups r using ${hours} h where r.data_point_id = h.i and r.level_seconds = ${h} and r.bucket = h.b`);
  await tx.execute(sql`
    insert into point_record_rollups (${columns})
    select h.i, ${h}, h.b, a.n, a.s, a.mn, a.mx, a.f, a.l from ${hours} h
    cross join lateral (
      select count(*)::int as n, sum(p.value) as s, min(p.value) as mn, max(p.value) as mx, min(p.ts) as f, max(p.ts) as l
      from point_records p where p.data_point_id = h.i and p.ts >= h.b and p.ts < h.b + interval '1 hour') a
    where a.n > 0 order by 1, 3`);
  await tx.execute(sql`delete from point_record_rollups r using ${days} dd where r.data_point_id = dd.i and r.level_seconds = ${d} and r.bucket = dd.b`);
  await tx.execute(sql`
    insert into point_record_rollups (${columns})
    select dd.i, ${d}, dd.b, sum(r.n)::int, sum(r.sum), min(r.min), max(r.max), min(r.first_ts), max(r.last_ts)
    from ${days} dd join point_record_rollups r on r.data_point_id = dd.i and r.level_seconds = ${h} and r.bucket >= dd.b and r.bucket < dd.b + interval '1 day'
    group by dd.i, dd.b order by 1, 3`);
}

/**
 * Builds the series' rollups afresh from all their records and marks them rolled up (the backfill, and writers that
 * store records without going through the paths above, such as the demo's seeding). The caller holds their locks.
 */
export async function rebuildRollups(tx: DbOrTx, dataPointIds: number[]): Promise<void> {
  if (dataPointIds.length === 0) return;
  const ids = sql`${sql.param(dataPointIds)}::int[]`;
  await tx.execute(sql`select 1 from point_record_rollups where data_point_id = any(${ids}) order by data_point_id, level_seconds, bucket for update`);
  await tx.execute(sql`delete from point_record_rollups where data_point_id = any(${ids})`);
  await tx.execute(sql`
    insert into point_record_rollups (${columns})
    select data_point_id, ${rollupLevels.hour}, ${bin(rollupLevels.hour, sql`ts`)}, count(*)::int, sum(value), min(value), max(value), min(ts), max(ts)
    from point_records where data_point_id = any(${ids}) group by 1, 3 order by 1, 3`);
  await tx.execute(sql`
    insert into point_record_rollups (${columns})
    select data_point_id, ${rollupLevels.day}, ${bin(rollupLevels.day, sql`bucket`)}, sum(n)::int, sum(sum), min(min), max(max), min(first_ts), max(last_ts)
    from point_record_rollups where data_point_id = any(${ids}) and level_seconds = ${rollupLevels.hour} group by 1, 3 order by 1, 3`);
  await tx.execute(sql`update data_points set rolled_up = true where id = any(${ids})`);
}
