import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** A time range (from inclusive, to exclusive) over some series (data point ids). */
export interface SeriesRange {
  ids: number[];
  from: string;
  to: string;
}

export type RawRow = { id: number; t: number; value: number };
export type BucketRow = { id: number; t: number; avg: number; min: number; max: number; n: number };

const ms = (col: SQL) => sql`(extract(epoch from ${col}) * 1000)::float8`;
const inRange = (q: SeriesRange, ts: SQL = sql`r.ts`) => sql`${ts} >= ${q.from}::timestamptz and ${ts} < ${q.to}::timestamptz`;
const idsOf = (q: SeriesRange) => sql`${sql.param(q.ids)}::int[]`;

/**
 * Oldest first across several series: each series is read in time order from the primary key, at most `perSeries`
 * rows, so a page never sorts every record of the range. `after` continues behind a (time, data point) position.
 */
function timeOrdered(q: SeriesRange, perSeries: number, after: { t: number; id: number } | null): SQL {
  const behind = after ? sql`and (r.ts > to_timestamp(${after.t}::float8 / 1000) or (r.ts = to_timestamp(${after.t}::float8 / 1000) and s.id > ${after.id}))` : sql``;
  return sql`
    select s.id, ${ms(sql`x.ts`)} as t, x.value from unnest(${idsOf(q)}) as s(id)
    cross join lateral (
      select r.ts, r.value from point_records r where r.data_point_id = s.id and ${inRange(q)} ${behind} order by r.ts limit ${perSeries}
    ) x
    order by x.ts, s.id`;
}

export const recordReadsRepo = {
  /**
   * Records per series in the range, counting no further than `cap` (enough to know whether they fit a chart). The
   * order by makes it walk the primary key: a scan filtering by series would read every series' records to find them.
   */
  async countsUpTo(db: DbOrTx, q: SeriesRange, cap: number): Promise<number[]> {
    const r = await db.execute<{ n: number }>(sql`
      select (select count(*)::int from (select 1 from point_records r where r.data_point_id = s.id and ${inRange(q)} order by r.ts limit ${cap}) c) as n
      from unnest(${idsOf(q)}) as s(id)`);
    return r.rows.map((x) => x.n);
  },

  /**
   * Bounds on each series' record count in the range from its daily rollups (series with rollups only): at least the
   * records of the days wholly inside, at most those of the days it touches. Cheap on a long range.
   */
  async countBounds(db: DbOrTx, q: SeriesRange): Promise<{ id: number; lower: number; upper: number }[]> {
    const r = await db.execute<{ id: number; lower: number; upper: number }>(sql`
      select s.id, coalesce(sum(r.n) filter (where r.bucket >= ${q.from}::timestamptz and r.bucket + interval '1 day' <= ${q.to}::timestamptz), 0)::float8 as lower,
        coalesce(sum(r.n), 0)::float8 as upper
      from unnest(${idsOf(q)}) as s(id) left join point_record_rollups r on r.data_point_id = s.id and r.level_seconds = 86400
        and r.bucket > ${q.from}::timestamptz - interval '1 day' and r.bucket < ${q.to}::timestamptz
      group by s.id`);
    return r.rows;
  },

  async count(db: DbOrTx, q: SeriesRange): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`select count(*)::float8 as n from point_records r where r.data_point_id = any(${idsOf(q)}) and ${inRange(q)}`);
    return r.rows[0]?.n ?? 0;
  },

  /** Every record of the series in the range, by series and time (for a chart that needs no downsampling). */
  async series(db: DbOrTx, q: SeriesRange): Promise<RawRow[]> {
    const r = await db.execute<RawRow>(sql`
      select r.data_point_id as id, ${ms(sql`r.ts`)} as t, r.value from point_records r
      where r.data_point_id = any(${idsOf(q)}) and ${inRange(q)} order by r.data_point_id, r.ts`);
    return r.rows;
  },

  /** A page of records, oldest first (ties by series). */
  async page(db: DbOrTx, q: SeriesRange, page: { offset: number; limit: number }): Promise<RawRow[]> {
    const r = await db.execute<RawRow>(sql`${timeOrdered(q, page.offset + page.limit, null)} offset ${page.offset} limit ${page.limit}`);
    return r.rows;
  },

  /** The next `limit` records behind a position, oldest first (keyset paging for the CSV export). */
  async chunkAfter(db: DbOrTx, q: SeriesRange, after: { t: number; id: number } | null, limit: number): Promise<RawRow[]> {
    const r = await db.execute<RawRow>(sql`${timeOrdered(q, limit, after)} limit ${limit}`);
    return r.rows;
  },
};
