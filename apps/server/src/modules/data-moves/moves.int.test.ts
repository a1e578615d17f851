import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MoveItem, MoveJobRow } from '@syrx/contracts/data-moves';
import type { Page } from '@syrx/contracts/jobs';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { pcsPoints, recordStats, type SeededPoint, seedRecords, summaryOf, vendorKey, vendorPoints } from './testing/data-moves-fixtures.ts';
import { childRows, logEntries, untilStatus } from '../../test/job-helpers.ts';
import { controllerWithPoints } from '../../test/records-helpers.ts';
import { registerAndSignIn } from '../../test/registration-helpers.ts';
import { type TestClient, useFileTestApp } from '../../test/test-app.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { moveRecordsRepo } from './move-records.repo.ts';

const t = useFileTestApp({ JOB_WORKER: 'true', JOB_POLL_MS: '50' });

const quarter = 900_000;
const jan30 = Date.parse('2026-01-30T00:00:00Z');

const item = (source: { vendor?: number; pcs?: number; bacnet?: number }, destination: { vendor?: number; pcs?: number; bacnet?: number }, over: Partial<MoveItem> = {}): MoveItem => ({
  source_data_point_name: 'source', source_vendor_point_id: source.vendor ?? null, source_pcs_point_id: source.pcs ?? null,
  source_syrx_controller_bacnet_point_id: source.bacnet ?? null,
  destination_data_point_name: 'destination', destination_vendor_point_id: destination.vendor ?? null, destination_pcs_point_id: destination.pcs ?? null,
  destination_syrx_controller_bacnet_point_id: destination.bacnet ?? null,
  full_time_range: true, start_date: null, end_date: null, source_record_handling: 'copy', remap_equipment_points: false, ...over,
});

/** Queues items through the API and waits for every job; their ids. */
async function runMoves(items: MoveItem[]): Promise<number[]> {
  const { job_ids: ids } = expectStatus(await t.admin.post('/api/v2/vendor_point_record_move_jobs', items), 201).json<{ job_ids: number[] }>();
  for (const id of ids) expect(await untilStatus(t.db, id, ['succeeded', 'failed'], 30_000)).toMatchObject({ status: 'succeeded', progress: 100 });
  return ids;
}

const statuses = async (c: TestClient, query = '') => expectStatus(await c.get(`/api/v2/jobs/statuses${query}`), 200).json<Page<MoveJobRow>>();
const equipmentOn = async (dataPointId: number) =>
  (await t.db.execute<{ code: string }>(sql`select point_code as code from equipment_points where data_point_id = ${dataPointId} order by point_code`)).rows.map((r) => r.code);

describe('copying and moving records', () => {
  let source: SeededPoint;
  let rangeDest: SeededPoint;
  let allDest: SeededPoint;

  beforeAll(async () => {
    const [v] = await vendorPoints(t.db, [vendorKey('invensys', 'Main Hospital', 'AHU-1', 'SAT')]);
    const [r, a] = await pcsPoints(t.db, [
      { site_name: 'North', device_name: 'AHU-1', point_name: 'SAT' }, { site_name: 'North', device_name: 'AHU-1', point_name: 'SAT (all)' },
    ]);
    if (!v || !r || !a) throw new Error('points');
    [source, rangeDest, allDest] = [v, r, a];
    // Three days over a month's end, 15-minute records valued 1000 + i.
    await seedRecords(t.db, source.dataPointId, jan30, 288, quarter, 1000);
  });

  it('copies a date range (end exclusive) into a new month of an empty series, keeping the source', async () => {
    const [id] = await runMoves([item({ vendor: source.pointId }, { pcs: rangeDest.pointId }, {
      full_time_range: false, start_date: '2026-01-31T00:00:00.000Z', end_date: '2026-02-01T00:00:00.000Z',
    })]);
    const range = { from: '2026-01-31T00:00:00Z', to: '2026-02-01T00:00:00Z' };
    const expected = await recordStats(t.db, source.dataPointId, range);
    expect(expected.n).toBe(96);
    expect(await recordStats(t.db, rangeDest.dataPointId)).toEqual(expected);
    expect(await summaryOf(t.db, rangeDest.dataPointId)).toEqual({ count: 96, earliest: '2026-01-31T00:00:00.000Z', latest: '2026-01-31T23:45:00.000Z', latest_value: 1000 + 191 });
    expect((await recordStats(t.db, source.dataPointId)).n).toBe(288);
    expect(await summaryOf(t.db, source.dataPointId)).toMatchObject({ count: 288, latest_value: 1287 });

    const children = await childRows(t.db, id ?? 0);
    expect(children.map((c) => c.status)).toEqual(['succeeded']);
    expect(children[0]?.state).toMatchObject({ scanned: 96, changed: 96, done: true });
    expect((await logEntries(t.db, children[0]?.id ?? 0)).map((l) => l.message)).toEqual([
      'Copied 96 records up to 2026-01-31T23:45:00.000000Z', 'Copied 96 records in all (96 new or changed at the destination).',
    ]);
    const row = (await statuses(t.admin)).items.find((r) => r.job_id === id);
    expect(row).toMatchObject({
      source_data_point_name: 'source', destination_data_point_name: 'destination', start_date: '2026-01-31T00:00:00.000Z', end_date: '2026-02-01T00:00:00.000Z',
      full_time_range: false, source_record_handling: 'copy', remap_equipment_points: false, status: 'succeeded', progress: 100,
      records_copied: 96, records_deleted: 0, equipment_points_remapped: 0,
    });
    expect(row?.job_queued_date && row.job_started_date && row.job_completed_date).toBeTruthy();
  });

  it('copies all records into a series that has some: the source wins where both have a record', async () => {
    // The destination holds 10 records before the source's first and 20 that overlap it with other values.
    await seedRecords(t.db, allDest.dataPointId, jan30 - 10 * quarter, 30, quarter, -1);
    await runMoves([item({ vendor: source.pointId }, { pcs: allDest.pointId })]);
    const stats = await recordStats(t.db, allDest.dataPointId);
    const src = await recordStats(t.db, source.dataPointId);
    expect(stats.n).toBe(288 + 10);
    expect(stats.sum).toBe((src.sum ?? 0) + Array.from({ length: 10 }, (_, i) => -1 + i).reduce((a, b) => a + b, 0));
    expect(await summaryOf(t.db, allDest.dataPointId)).toEqual({ count: 298, earliest: '2026-01-29T21:30:00.000Z', latest: '2026-02-01T23:45:00.000Z', latest_value: 1287 });
    // Done again, a copy changes nothing.
    const [again] = await runMoves([item({ vendor: source.pointId }, { pcs: allDest.pointId })]);
    expect(await recordStats(t.db, allDest.dataPointId)).toEqual(stats);
    expect((await childRows(t.db, again ?? 0))[0]?.state).toMatchObject({ scanned: 288, changed: 0 });
  });
});

describe('a record that appears at the destination while a copy inserts', () => {
  it('makes the insert chunk fail rather than be overwritten; the upsert redo gives the source\'s values', async () => {
    const [a, b] = await vendorPoints(t.db, [vendorKey('JCI', 'Conflict', 'A'), vendorKey('JCI', 'Conflict', 'B')]);
    if (!a || !b) throw new Error('points');
    await seedRecords(t.db, a.dataPointId, jan30, 10, quarter, 5);
    await seedRecords(t.db, b.dataPointId, jan30 + 3 * quarter, 1, quarter, -7);
    const range = { dataPointId: a.dataPointId, start: null, end: null, cursor: null };
    const failed = await t.db.transaction((tx) => moveRecordsRepo.copyChunk(tx, range, b.dataPointId, 50_000, 'insert')).catch((err: unknown) => err);
    expect(isUniqueViolation(failed)).toBe(true);
    expect((await recordStats(t.db, b.dataPointId)).n).toBe(1);
    const redo = await t.db.transaction((tx) => moveRecordsRepo.copyChunk(tx, range, b.dataPointId, 50_000, 'upsert'));
    expect(redo).toEqual({ scanned: 10, first: '2026-01-30T00:00:00.000000Z', last: '2026-01-30T02:15:00.000000Z', changed: 10 });
    expect(await recordStats(t.db, b.dataPointId)).toEqual(await recordStats(t.db, a.dataPointId));
  });
});

describe('moving records', () => {
  it('moves all records, deletes them from the source and remaps its equipment points', async () => {
    const [from, other] = await vendorPoints(t.db, [vendorKey('JCI', 'Building A', 'ZN-T'), vendorKey('JCI', 'Building A', 'ZN-SP')]);
    const [to] = await pcsPoints(t.db, [{ site_name: 'South', device_name: 'VAV-1', point_name: 'ZN-T' }]);
    if (!from || !other || !to) throw new Error('points');
    await seedRecords(t.db, from.dataPointId, jan30, 500, quarter, 70, 0.01);
    await t.db.execute(sql`insert into equipment_points (equipment_name, point_code, data_point_id) values
      ('VAV-1', 'ZN-T', ${from.dataPointId}), ('VAV-1', 'ZN-T-ALT', ${from.dataPointId}), ('VAV-1', 'ZN-SP', ${other.dataPointId})`);
    const srcBefore = await recordStats(t.db, from.dataPointId);

    const [id] = await runMoves([item({ vendor: from.pointId }, { pcs: to.pointId }, { source_record_handling: 'move', remap_equipment_points: true })]);
    expect(await recordStats(t.db, to.dataPointId)).toEqual(srcBefore);
    expect((await recordStats(t.db, from.dataPointId)).n).toBe(0);
    expect(await summaryOf(t.db, from.dataPointId)).toEqual({ count: 0, earliest: null, latest: null, latest_value: null });
    expect(await summaryOf(t.db, to.dataPointId)).toMatchObject({ count: 500, earliest: '2026-01-30T00:00:00.000Z', latest: '2026-02-04T04:45:00.000Z' });
    expect(await equipmentOn(to.dataPointId)).toEqual(['ZN-T', 'ZN-T-ALT']);
    expect(await equipmentOn(other.dataPointId)).toEqual(['ZN-SP']);

    const children = await childRows(t.db, id ?? 0);
    expect(children.map((c) => c.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    const row = (await statuses(t.admin)).items.find((r) => r.job_id === id);
    expect(row).toMatchObject({ source_record_handling: 'move', remap_equipment_points: true, full_time_range: true, start_date: null, records_copied: 500, records_deleted: 500, equipment_points_remapped: 2 });
    // The parent's log: one entry per step (the steps' entries under them), and its closing line.
    const top = expectStatus(await t.admin.get(`/api/v2/jobs/${id}/logs?parentLogId=null`), 200).json<{ id: number; message: string; hasChildLogs: boolean }[]>();
    expect(top.map((l) => l.message)).toEqual([
      'Copy all records of "source" to "destination"', 'Delete the copied records from "source"', 'Remap the equipment points of "source" to "destination"',
      'Finished: 500 records copied, 500 deleted from the source, 2 equipment points remapped.',
    ]);
    const underDelete = expectStatus(await t.admin.get(`/api/v2/jobs/${id}/logs?parentLogId=${top[1]?.id}`), 200).json<{ message: string }[]>();
    expect(underDelete.map((l) => l.message)).toEqual(['Deleted 500 of 500 source records up to 2026-02-04T04:45:00.000000Z', 'Deleted 500 source records.']);
  });

  it('moves a date range to a controller point: only that range leaves the source', async () => {
    const [from] = await vendorPoints(t.db, [vendorKey('Siemens', 'Tower', 'OAT')]);
    const { points } = await controllerWithPoints(t, 1);
    const bacnet = points[0];
    if (!from || !bacnet) throw new Error('points');
    await seedRecords(t.db, from.dataPointId, jan30, 288, quarter, 40);
    const range = { from: '2026-01-31T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z' };
    const moved = await recordStats(t.db, from.dataPointId, range);
    await runMoves([item({ vendor: from.pointId }, { bacnet: bacnet.id }, { source_record_handling: 'move', full_time_range: false, start_date: range.from, end_date: range.to })]);

    const dest = (await t.db.execute<{ id: number }>(sql`select id from data_points where bacnet_point_id = ${bacnet.id}`)).rows[0]?.id ?? 0;
    expect(await recordStats(t.db, dest)).toEqual(moved);
    expect(await recordStats(t.db, from.dataPointId, range)).toMatchObject({ n: 0 });
    expect(await summaryOf(t.db, from.dataPointId)).toEqual({ count: 192, earliest: '2026-01-30T00:00:00.000Z', latest: '2026-02-01T23:45:00.000Z', latest_value: 40 + 287 });
    // The records read through the point-records API as the controller point's.
    const count = expectStatus(await t.admin.get(`/api/v2/point-records/count?bacnet_point_ids=${bacnet.id}&from=${range.from}&to=${range.to}`), 200).json<{ count: number }>();
    expect(count.count).toBe(96);
  });
});

describe('queueing moves', () => {
  it('answers 400 naming the field for bad items, never 5xx, and queues nothing then', async () => {
    const [p] = await vendorPoints(t.db, [vendorKey('UC', 'Plant', 'CH-1', 'CHWS')]);
    const [q] = await pcsPoints(t.db, [{ site_name: 'Plant', device_name: 'CH-1', point_name: 'CHWS' }]);
    const ok = item({ vendor: p?.pointId }, { pcs: q?.pointId });
    const before = (await statuses(t.admin)).total;
    const cases: [unknown, string][] = [
      [[], '(body)'],
      [{}, '(body)'],
      [[{ ...ok, source_pcs_point_id: 5 }], '0.source_vendor_point_id'],
      [[{ ...ok, destination_pcs_point_id: null }], '0.destination_vendor_point_id'],
      [[{ ...ok, full_time_range: false }], '0.start_date'],
      [[{ ...ok, full_time_range: false, start_date: '2026-02-01', end_date: '2026-01-01' }], '0.end_date'],
      [[{ ...ok, full_time_range: false, start_date: 'soon', end_date: '2026-01-01' }], '0.start_date'],
      [[{ ...ok, source_record_handling: 'swap' }], '0.source_record_handling'],
      [[{ ...ok, source_data_point_name: '' }], '0.source_data_point_name'],
      [[ok, { ...ok, source_vendor_point_id: 999_999 }], '1.source_vendor_point_id'],
      [[{ ...ok, destination_pcs_point_id: 999_999 }], '0.destination_pcs_point_id'],
      [[{ ...ok, source_vendor_point_id: null, source_syrx_controller_bacnet_point_id: 999_999 }], '0.source_syrx_controller_bacnet_point_id'],
      [[{ ...ok, destination_pcs_point_id: null, destination_vendor_point_id: p?.pointId }], '0.destination_data_point_name'],
      [[{ ...ok, source_vendor_point_id: 2 ** 40 }], '0.source_vendor_point_id'],
    ];
    for (const [body, field] of cases) {
      const res = await t.admin.post('/api/v2/vendor_point_record_move_jobs', body as object);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ fields: { field: string }[] }>().fields.map((f) => f.field), JSON.stringify(body)).toContain(field);
    }
    const malformed = await t.admin.request({ method: 'POST', url: '/api/v2/vendor_point_record_move_jobs', payload: '[{"source_data_point_name": ', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect((await statuses(t.admin)).total).toBe(before);
  });

  it('needs move_vendor_point_records to queue; lists everyone\'s move jobs only to those who may see them', async () => {
    const user = t.client();
    await registerAndSignIn(user, t.db);
    expect((await user.post('/api/v2/vendor_point_record_move_jobs', [item({ vendor: 1 }, { pcs: 1 })])).statusCode).toBe(403);
    expect(await statuses(user)).toEqual({ items: [], total: 0 });
    const anonymous = t.client();
    expect((await anonymous.get('/api/v2/jobs/statuses')).statusCode).toBe(401);
  });

  it('pages and sorts the move-job list, newest queued first by default', async () => {
    const all = await statuses(t.admin, '?take=100');
    expect(all.total).toBeGreaterThanOrEqual(5);
    const ids = all.items.map((r) => r.job_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await statuses(t.admin, '?skip=1&take=2')).items.map((r) => r.job_id)).toEqual(ids.slice(1, 3));
    expect((await statuses(t.admin, '?page=2&pageSize=2')).items.map((r) => r.job_id)).toEqual(ids.slice(2, 4));
    expect((await statuses(t.admin, '?sort=job_id:asc&take=100')).items.map((r) => r.job_id)).toEqual([...ids].reverse());
    expect((await t.admin.get('/api/v2/jobs/statuses?sort=params:asc')).statusCode).toBe(400);
    expect((await t.admin.get('/api/v2/jobs/statuses?take=-1')).statusCode).toBe(400);
  });
});
