import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { lockSeries, rebuildRollups } from '../../lib/record-rollups.ts';

/** Records a backfill step rolls up at most (whole series; a series larger than this is a step of its own). */
export const backfillStepRecords = 500_000;

/** The series still without rollups (those of before the rollups, until the backfill has built theirs). */
export async function seriesToBackfill(db: DbOrTx): Promise<{ series: number; records: number }> {
  const r = await db.execute<{ series: number; records: number }>(sql`
    select count(*)::int as series, coalesce(sum(record_count), 0)::float8 as records from data_points where not rolled_up`);
  return r.rows[0] ?? { series: 0, records: 0 };
}

/**
 * One step of the backfill, in the caller's transaction: the next series without rollups (by id, as many as make up
 * about `backfillStepRecords` records) get theirs built from their records and are marked rolled up. What it did
 * (0 series: nothing was left).
 */
export async function backfillStep(tx: DbOrTx, maxRecords = backfillStepRecords): Promise<{ series: number; records: number }> {
  const next = await tx.execute<{ id: number; n: number }>(sql`
    select id, n from (
      select id, record_count::float8 as n, sum(record_count) over (order by id) - record_count as before
      from data_points where not rolled_up) s
    where before < ${maxRecords} order by id limit 1000`);
  const ids = next.rows.map((r) => r.id);
  await lockSeries(tx, ids);
  await rebuildRollups(tx, ids);
  return { series: ids.length, records: next.rows.reduce((n, r) => n + r.n, 0) };
}

/** Whether a backfill job waits or runs already. */
export async function backfillPending(db: DbOrTx): Promise<boolean> {
  const r = await db.execute(sql`select 1 from jobs where job_type = 'point_record_rollup_backfill' and status in ('queued', 'running') limit 1`);
  return r.rows.length > 0;
}
