import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { addToRollups, hoursOfSpans, lockSeries, refreshRollups } from '../../lib/record-rollups.ts';

/**
 * A range of a series' records: [start, end) (null: unbounded), continued after `cursor` (the last ts a chunk did, as
 * exact text: microseconds survive the round trip through the job's state).
 */
export interface ChunkRange {
  dataPointId: number;
  start: string | null;
  end: string | null;
  cursor: string | null;
}

/** What a chunk did: how many source records it covered, the first and last one's ts (the last: the next cursor), how many it changed. */
export interface ChunkResult {
  scanned: number;
  first: string | null;
  last: string | null;
  changed: number;
}

/** Exact text of a ts (UTC, microseconds), safe to store and to read back with ::timestamptz. */
const exact = (e: SQL) => sql`to_char(${e} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function inRange(r: ChunkRange, ts: SQL): SQL {
  const parts = [
    r.start === null ? null : sql`${ts} >= ${r.start}::timestamptz`,
    r.end === null ? null : sql`${ts} < ${r.end}::timestamptz`,
    r.cursor === null ? null : sql`${ts} > ${r.cursor}::timestamptz`,
  ].filter((p): p is SQL => p !== null);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/** The next `size` records of the range: how many, and the ts of the last (walks the primary key, reads no values). */
async function chunkBounds(tx: DbOrTx, r: ChunkRange, size: number): Promise<{ n: number; first: string | null; last: string | null }> {
  const b = await tx.execute<{ n: number; first: string | null; last: string | null }>(sql`
    select count(*)::int as n, ${exact(sql`min(ts)`)} as first, ${exact(sql`max(ts)`)} as last from (
      select ts from point_records where data_point_id = ${r.dataPointId} and ${inRange(r, sql`ts`)} order by ts limit ${size}) c`);
  return b.rows[0] ?? { n: 0, first: null, last: null };
}

/** Recomputes a series' rollups over the span a chunk covered. */
async function refreshSpan(tx: DbOrTx, dataPointId: number, c: ChunkResult): Promise<void> {
  if (c.first !== null && c.last !== null) await refreshRollups(tx, hoursOfSpans([{ id: dataPointId, first: c.first, last: c.last }]));
}

export const moveRecordsRepo = {
  /**
   * For the rest of the transaction: read records by the primary key, never by scanning a month's partition. Every
   * statement here names one series and a time span, but right after a bulk copy or delete the partitions' statistics
   * are stale, and a plan that scans a partition per source record (a nested loop) turns a 30 ms chunk into seconds.
   */
  async preferIndexes(tx: DbOrTx): Promise<void> {
    await tx.execute(sql`set local enable_seqscan = off`);
  },

  /** The first and last ts of the range (the months the destination's partitions need); two index lookups. */
  async rangeBounds(db: DbOrTx, r: ChunkRange): Promise<{ first: string | null; last: string | null }> {
    const s = await db.execute<{ first: string | null; last: string | null }>(sql`
      select ${exact(sql`min(ts)`)} as first, ${exact(sql`max(ts)`)} as last from point_records where data_point_id = ${r.dataPointId} and ${inRange(r, sql`ts`)}`);
    return s.rows[0] ?? { first: null, last: null };
  },

  /**
   * About how many records the range holds, for a step's progress: the series' summary count for an unbounded range
   * (no scan of a million records to draw a progress bar), else a count.
   */
  async rangeSize(db: DbOrTx, r: ChunkRange): Promise<number> {
    const s = r.start === null && r.end === null && r.cursor === null
      ? await db.execute<{ n: number }>(sql`select record_count::float8 as n from data_points where id = ${r.dataPointId}`)
      : await db.execute<{ n: number }>(sql`select count(*)::float8 as n from point_records where data_point_id = ${r.dataPointId} and ${inRange(r, sql`ts`)}`);
    return s.rows[0]?.n ?? 0;
  },

  /** Whether the series holds a record in [first, last] (a copy into it must then merge, not only insert). */
  async holdsRecordsBetween(db: DbOrTx, dataPointId: number, first: string, last: string): Promise<boolean> {
    const r = await db.execute(sql`
      select 1 from point_records where data_point_id = ${dataPointId} and ts >= ${first}::timestamptz and ts <= ${last}::timestamptz limit 1`);
    return r.rows.length > 0;
  },

  /**
   * Copies the next `size` source records of the range to the destination in one statement; the source's value wins.
   * 'upsert': INSERT … SELECT … ON CONFLICT (data_point_id, ts) DO UPDATE SET value = excluded.value (where it
   * differs), for a destination that holds records in the span; the destination's rollups of the span are then
   * recomputed. 'insert': a plain INSERT … SELECT adding the records to the destination's rollups in the same statement,
   * for one that holds none — the same outcome at about half the cost on a partitioned table, and a record that appears
   * meanwhile makes it fail (unique violation) rather than be overwritten silently: the caller redoes the chunk as an upsert.
   */
  async copyChunk(tx: DbOrTx, from: ChunkRange, destination: number, size: number, mode: 'insert' | 'upsert'): Promise<ChunkResult> {
    const chunk = sql`select ts, value from point_records where data_point_id = ${from.dataPointId} and ${inRange(from, sql`ts`)} order by ts limit ${size}`;
    const outcome = sql`(select count(*)::int from c) as n, (select ${exact(sql`min(ts)`)} from c) as first, (select ${exact(sql`max(ts)`)} from c) as last`;
    if (mode === 'upsert') await lockSeries(tx, [destination]);
    const r = mode === 'insert'
      ? await tx.execute<{ n: number; first: string | null; last: string | null; changed?: number }>(sql`
          with c as materialized (${chunk}),
          ins as (insert into point_records (data_point_id, ts, value) select ${destination}, ts, value from c),
          rolled as (${addToRollups(sql`(select ${destination}::int as data_point_id, ts, value from c)`)})
          select ${outcome}`)
      : await tx.execute<{ n: number; first: string | null; last: string | null; changed: number }>(sql`
          with c as materialized (${chunk}),
          ins as (
            insert into point_records (data_point_id, ts, value) select ${destination}, ts, value from c
            on conflict (data_point_id, ts) do update set value = excluded.value where point_records.value is distinct from excluded.value
            returning 1)
          select ${outcome}, (select count(*)::int from ins) as changed`);
    const row = r.rows[0];
    const n = row?.n ?? 0;
    const result = { scanned: n, first: row?.first ?? null, last: row?.last ?? null, changed: row?.changed ?? n };
    if (mode === 'upsert') await refreshSpan(tx, destination, result);
    return result;
  },

  /**
   * Deletes, of the next `size` source records of the range, those the destination holds with the same value (a record
   * the destination lacks or holds otherwise stays), and recomputes the source's rollups of the span. The destination's
   * record is looked up per source record by its primary key (a correlated subquery the planner cannot turn into a
   * join): a join's plan depends on statistics that are stale right after a bulk copy, and a bad one costs seconds per chunk.
   */
  async deleteChunk(tx: DbOrTx, from: ChunkRange, destination: number, size: number): Promise<ChunkResult> {
    await lockSeries(tx, [from.dataPointId]);
    const b = await chunkBounds(tx, from, size);
    if (b.n === 0 || b.last === null) return { scanned: 0, first: null, last: null, changed: 0 };
    const chunk = { ...from, end: null };
    const r = await tx.execute(sql`
      delete from point_records s
      where s.data_point_id = ${from.dataPointId} and ${inRange(chunk, sql`s.ts`)} and s.ts <= ${b.last}::timestamptz
        and s.value = (select d.value from point_records d where d.data_point_id = ${destination} and d.ts = s.ts)`);
    const result = { scanned: b.n, first: b.first, last: b.last, changed: r.rowCount ?? 0 };
    if (result.changed > 0) await refreshSpan(tx, from.dataPointId, result);
    return result;
  },

  /** Repoints the equipment points that read `from` at `to`; how many. */
  async remapEquipmentPoints(tx: DbOrTx, from: number, to: number): Promise<number> {
    const r = await tx.execute(sql`update equipment_points set data_point_id = ${to}, updated_at = now() where data_point_id = ${from}`);
    return r.rowCount ?? 0;
  },

  /** Recomputes the series' summaries from their records (earliest, latest, latest value, count). */
  async recomputeSummaries(tx: DbOrTx, dataPointIds: number[]): Promise<void> {
    await tx.execute(sql`
      update data_points d set earliest_record_on = s.first, latest_record_on = s.last, record_count = s.n, latest_value = l.value
      from unnest(${sql.param(dataPointIds)}::int[]) as i(id)
      cross join lateral (select min(ts) as first, max(ts) as last, count(*) as n from point_records where data_point_id = i.id) s
      left join lateral (select value from point_records where data_point_id = i.id order by ts desc limit 1) l on true
      where d.id = i.id`);
  },
};
