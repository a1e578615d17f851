import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** A time range (from inclusive, to exclusive) over some series (data point ids). */
export interface SeriesRange {
  ids: number[];
  from: string;
  to: string;
}

/** A BACnet point as record reads need it: whose it is (for visibility), its series and summary, its names (CSV). */
export type RecordPointRow = {
  bacnet_point_id: number;
  controller_id: string;
  data_point_id: number | null;
  point_name: string | null;
  device_name: string | null;
  earliest: number | null;
  latest: number | null;
  latest_value: number | null;
  count: number;
};

export type RawRow = { id: number; t: number; value: number };
export type BucketRow = { id: number; t: number; avg: number; min: number; max: number; n: number };

/** Bucket origin: a Monday at midnight UTC, so hours, days and weeks start where a reader expects. */
export const bucketOrigin = '2000-01-03T00:00:00Z';

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
  async points(db: DbOrTx, bacnetPointIds: number[]): Promise<RecordPointRow[]> {
    const r = await db.execute<RecordPointRow>(sql`
      select p.id as bacnet_point_id, p.syrx_controller_id as controller_id, d.id as data_point_id, p.name as point_name, dv.name as device_name,
        ${ms(sql`d.earliest_record_on`)} as earliest, ${ms(sql`d.latest_record_on`)} as latest, d.latest_value, coalesce(d.record_count, 0)::float8 as count
      from bacnet_points p join bacnet_devices dv on dv.id = p.device_id left join data_points d on d.bacnet_point_id = p.id
      where p.id = any(${sql.param(bacnetPointIds)}::int[])`);
    return r.rows;
  },

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

  /** Buckets of `seconds` (date_bin): average, minimum, maximum and count, by series and bucket start. */
  async buckets(db: DbOrTx, q: SeriesRange, seconds: number): Promise<BucketRow[]> {
    const r = await db.execute<BucketRow>(sql`
      select b.id, ${ms(sql`b.bucket`)} as t, b.avg, b.min, b.max, b.n from (
        select r.data_point_id as id, date_bin(make_interval(secs => ${seconds}), r.ts, ${bucketOrigin}::timestamptz) as bucket,
          avg(r.value) as avg, min(r.value) as min, max(r.value) as max, count(*)::int as n
        from point_records r where r.data_point_id = any(${idsOf(q)}) and ${inRange(q)}
        group by 1, 2) b
      order by b.id, b.bucket`);
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
