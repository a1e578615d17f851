import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { MonthPartitions } from '../../lib/month-partitions.ts';
import { logEntries, untilStatus } from '../../test/job-helpers.ts';
import { expectRollupsOfRecords } from '../../test/rollup-helpers.ts';
import { useTestApps } from '../../test/test-app.ts';
import { backfillStep } from './rollup-backfill.repo.ts';

/**
 * The rollups' backfill (issue 23): series of before the rollups (the migration marks them not rolled up) get theirs
 * built by a job the server queues once at start, with its progress; a start after that queues nothing.
 */
const apps = useTestApps();
const worker = { JOB_WORKER: 'true', JOB_POLL_MS: '50' };

/** Three group points with records written straight into the store, as before the rollups: none rolled up. */
async function seriesOfBefore(db: Db): Promise<number[]> {
  const group = (await db.execute<{ id: number }>(sql`select id from groups where parent_id is null`)).rows[0]?.id;
  const start = Date.parse('2026-03-30T21:10:00Z');
  await new MonthPartitions(db, 'point_records').ensure([start, start + 5 * 86_400_000]);
  const ids: number[] = [];
  for (const [i, name] of ['Before 1', 'Before 2', 'Before 3'].entries()) {
    const point = (await db.execute<{ id: number }>(sql`insert into group_points (group_id, name) values (${group}, ${name}) returning id`)).rows[0]?.id;
    const series = (await db.execute<{ id: number }>(sql`insert into data_points (kind, group_point_id, rolled_up) values ('group-point', ${point}, false) returning id`)).rows[0]?.id ?? 0;
    await db.execute(sql`
      insert into point_records (data_point_id, ts, value)
      select ${series}, to_timestamp(${start / 1000} + g * ${97 + i * 300}), (g % 17) * 1.5 - ${i} from generate_series(0, ${1000 + i * 500}) g`);
    await db.execute(sql`update data_points set record_count = (select count(*) from point_records where data_point_id = ${series}) where id = ${series}`);
    ids.push(series);
  }
  return ids;
}

const backfillJobs = async (db: Db) =>
  (await db.execute<{ id: number }>(sql`select id from jobs where job_type = 'point_record_rollup_backfill' order by id`)).rows.map((r) => r.id);

describe('the rollups\' backfill', () => {
  it('runs once after an upgrade: a job queued at start builds every series\' rollups, with progress', async () => {
    const first = await apps.start();
    const ids = await seriesOfBefore(first.db);
    expect(await backfillJobs(first.db)).toEqual([]);
    await apps.close();

    const upgraded = await apps.start(worker, { keepData: true });
    const [job] = await backfillJobs(upgraded.db);
    expect(await untilStatus(upgraded.db, job ?? 0, ['succeeded', 'failed'], 30_000)).toMatchObject({ status: 'succeeded', progress: 100 });
    for (const id of ids) await expectRollupsOfRecords(upgraded.db, id);
    const left = await upgraded.db.execute<{ n: number }>(sql`select count(*)::int as n from data_points where not rolled_up`);
    expect(left.rows[0]?.n).toBe(0);
    expect((await logEntries(upgraded.db, job ?? 0)).map((l) => l.message)).toEqual([
      'Built the rollups of 3 series (4,503 records).', 'Finished: the rollups of 3 series (4,503 records) are built.',
    ]);
    await apps.close();

    const again = await apps.start(worker, { keepData: true });
    expect(await backfillJobs(again.db)).toEqual([job]);
  });

  it('takes series a step at a time, up to about a step\'s worth of records', async () => {
    const t = await apps.start();
    const ids = await seriesOfBefore(t.db);
    expect(await t.db.transaction((tx) => backfillStep(tx, 1500))).toEqual({ series: 2, records: 1001 + 1501 });
    expect(await t.db.transaction((tx) => backfillStep(tx, 1500))).toEqual({ series: 1, records: 2001 });
    expect(await t.db.transaction((tx) => backfillStep(tx, 1500))).toEqual({ series: 0, records: 0 });
    for (const id of ids) await expectRollupsOfRecords(t.db, id);
  });
});
