import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rollupLevels } from '../../lib/record-rollups.ts';
import { bucketOrigin, splitRange } from '../../lib/time-buckets.ts';
import type { BucketRow, SeriesRange } from './record-reads.repo.ts';

const ms = (col: SQL) => sql`(extract(epoch from ${col}) * 1000)::float8`;
const at = (t: number) => sql`${new Date(t).toISOString()}::timestamptz`;
const bin = (seconds: number, col: SQL) => sql`date_bin(make_interval(secs => ${seconds}), ${col}, ${bucketOrigin}::timestamptz)`;
const ids = (list: number[]) => sql`${sql.param(list)}::int[]`;

/** The rollup level whose buckets tile buckets of `seconds` exactly (days, else hours), or null (finer: records only). */
export function rollupLevelFor(seconds: number): number | null {
  if (seconds % rollupLevels.day === 0) return rollupLevels.day;
  if (seconds % rollupLevels.hour === 0) return rollupLevels.hour;
  return null;
}

/** Partial aggregates p(id, b, n, s, mn, mx) per series and bucket of `seconds`, from the records of [a, b). */
const fromRecords = (list: number[], seconds: number, [a, b]: [number, number]) => sql`
  select r.data_point_id, ${bin(seconds, sql`r.ts`)}, count(*)::int, sum(r.value), min(r.value), max(r.value)
  from point_records r where r.data_point_id = any(${ids(list)}) and r.ts >= ${at(a)} and r.ts < ${at(b)} group by 1, 2`;

/** The same from whole rollup buckets of `level` in [a, b) (summed into buckets of `seconds` when wider). */
const fromRollups = (list: number[], seconds: number, level: number, [a, b]: [number, number]) => sql`
  select r.data_point_id, ${bin(seconds, sql`r.bucket`)}, sum(r.n)::int, sum(r.sum), min(r.min), max(r.max)
  from point_record_rollups r where r.data_point_id = any(${ids(list)}) and r.level_seconds = ${level} and r.bucket >= ${at(a)} and r.bucket < ${at(b)}
  group by 1, 2`;

/**
 * Buckets of `seconds` (as date_bin makes them) with average, minimum, maximum and count per series, by series and
 * bucket start: the same figures an aggregation of the records gives. Series with rollups (`rolled`) are read from the
 * coarsest rollup that tiles the buckets, for the whole hours or days inside the range, and from their records at the
 * partial ends; the others (not yet backfilled), and resolutions finer than an hour, from the records alone.
 */
export async function bucketsOf(db: DbOrTx, q: SeriesRange, seconds: number, rolled: ReadonlySet<number>): Promise<BucketRow[]> {
  const from = Date.parse(q.from);
  const to = Date.parse(q.to);
  const level = rollupLevelFor(seconds);
  const withRollups = level === null ? [] : q.ids.filter((id) => rolled.has(id));
  const rawOnly = q.ids.filter((id) => !withRollups.includes(id));
  const split = splitRange(from, to, level);
  const parts: SQL[] = [];
  if (rawOnly.length > 0) parts.push(fromRecords(rawOnly, seconds, [from, to]));
  if (withRollups.length > 0) {
    for (const edge of split.raw) parts.push(fromRecords(withRollups, seconds, edge));
    if (split.rolled && level !== null) {
      // The common long chart (whole hours at 1 h, whole days at 1 d): each rollup row is a bucket, in the key's order.
      if (parts.length === 0 && level === seconds) {
        const [a, b] = split.rolled;
        // Series by series along the primary key, each as one JSON array (far quicker to read than a row per bucket).
        const r = await db.execute<{ id: number; b: [number, number, number, number, number][] | null }>(sql`
          select s.id, (select json_agg(json_build_array(${ms(sql`r.bucket`)}, r.sum / r.n, r.min, r.max, r.n) order by r.bucket) from point_record_rollups r
            where r.data_point_id = s.id and r.level_seconds = ${level} and r.bucket >= ${at(a)} and r.bucket < ${at(b)}) as b
          from unnest(${ids(withRollups)}) with ordinality as s(id, o) order by s.o`);
        return r.rows.flatMap((x) => (x.b ?? []).map(([t, avg, min, max, n]) => ({ id: x.id, t, avg, min, max, n })));
      }
      parts.push(fromRollups(withRollups, seconds, level, split.rolled));
    }
  }
  if (parts.length === 0) return [];
  const r = await db.execute<BucketRow>(sql`
    select p.id, ${ms(sql`p.b`)} as t, sum(p.s) / sum(p.n) as avg, min(p.mn) as min, max(p.mx) as max, sum(p.n)::int as n
    from (${sql.join(parts, sql` union all `)}) as p(id, b, n, s, mn, mx)
    group by p.id, p.b order by p.id, p.b`);
  return r.rows;
}
