import { describe, expect, it } from 'vitest';
import { until } from '../../test/bacnet-helpers.ts';
import { pcsPoints, recordStats, seedRecords, summaryOf, vendorKey, vendorPoints } from './testing/data-moves-fixtures.ts';
import { childRows, jobRow, startWorker, untilStatus, workerProcess } from '../../test/job-helpers.ts';
import { useTestApps } from '../../test/test-app.ts';
import { createJobsService } from '../jobs/jobs.service.ts';
import { dataMovesJobHandlers } from './data-moves.jobs.ts';
import { createMovesService } from './moves.service.ts';

const apps = useTestApps();

const total = 300_000;
const chunk = 5_000;

describe('a move whose worker process is killed mid-copy', () => {
  it('finishes in another worker with exact counts at the destination and the source', async () => {
    const t = await apps.start();
    const [source] = await vendorPoints(t.db, [vendorKey('invensys', 'Main Hospital', 'AHU-1', 'MAT')]);
    const [destination] = await pcsPoints(t.db, [{ site_name: 'North', device_name: 'AHU-1', point_name: 'MAT' }]);
    if (!source || !destination) throw new Error('points');
    // 300,000 15-second records over three months.
    await seedRecords(t.db, source.dataPointId, Date.parse('2026-01-10T00:00:00Z'), total, 15_000, 0, 0.001);
    const sourceBefore = await recordStats(t.db, source.dataPointId);

    // The server's job worker in a process of its own, as a second server instance runs it.
    const { child, workerId, exited } = await workerProcess(apps);
    const moves = createMovesService(t.db, { controllers: { accessible: () => Promise.reject(new Error('no controller points here')) }, jobs: createJobsService(t.db) });
    const actor = { userId: 1, permissions: new Set(['move_vendor_point_records']), allowAll: true };
    const [id = 0] = await moves.queue(actor, [{
      source_data_point_name: 'invensys|Main Hospital|AHU-1|MAT', source_vendor_point_id: source.pointId, source_pcs_point_id: null, source_syrx_controller_bacnet_point_id: null,
      destination_data_point_name: 'North / AHU-1 / MAT', destination_vendor_point_id: null, destination_pcs_point_id: destination.pointId, destination_syrx_controller_bacnet_point_id: null,
      full_time_range: true, start_date: null, end_date: null, source_record_handling: 'move', remap_equipment_points: false,
    }], { chunkSize: chunk });

    // Killed once it has committed a few chunks of the copy (and is inside the next).
    const copied = async () => Number((await childRows(t.db, id))[0]?.state.scanned ?? 0);
    await until(async () => (await copied()) >= 8 * chunk, 60_000, 'the worker process copied 8 chunks');
    child.kill('SIGKILL');
    await exited;

    const [copy] = await childRows(t.db, id);
    expect(copy).toMatchObject({ status: 'running', locked_by: workerId, attempts: 1 });
    const committed = Number(copy?.state.scanned);
    expect(committed).toBeLessThan(total);
    expect(committed % chunk).toBe(0);
    // What the killed worker committed is at the destination, nothing of the chunk it was in; the source is whole.
    expect((await recordStats(t.db, destination.dataPointId)).n).toBe(committed);
    expect(await recordStats(t.db, source.dataPointId)).toEqual(sourceBefore);

    startWorker(apps, t.db, dataMovesJobHandlers(t.db), { pollMs: 100 });
    expect(await untilStatus(t.db, id, ['succeeded', 'failed'], 120_000)).toMatchObject({ status: 'succeeded', progress: 100 });
    const steps = await childRows(t.db, id);
    expect(steps.map((s) => [s.status, s.attempts])).toEqual([['succeeded', 2], ['succeeded', 1]]);
    expect(steps[0]?.state).toMatchObject({ scanned: total, changed: total, done: true });
    expect(steps[1]?.state).toMatchObject({ scanned: total, changed: total, done: true });

    expect(await recordStats(t.db, destination.dataPointId)).toEqual(sourceBefore);
    expect((await recordStats(t.db, source.dataPointId)).n).toBe(0);
    expect(await summaryOf(t.db, destination.dataPointId)).toEqual({ count: total, earliest: sourceBefore.first, latest: sourceBefore.last, latest_value: (total - 1) * 0.001 });
    expect(await summaryOf(t.db, source.dataPointId)).toMatchObject({ count: 0, latest: null });
    expect((await jobRow(t.db, id)).status).toBe('succeeded');
  }, 240_000);
});
