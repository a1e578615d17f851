import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MoveItem } from '@syrx/contracts/data-moves';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { untilStatus } from '../../test/job-helpers.ts';
import { expectRollupsOfRecords } from '../../test/rollup-helpers.ts';
import { useFileTestApp } from '../../test/test-app.ts';
import { recordStats, seedRecords, vendorKey, vendorPoints } from './testing/data-moves-fixtures.ts';

/**
 * Rollups kept by the other writers of records (issue 23): imports that add and change records, copies into a series
 * that holds records (merged), moves (the source's records deleted), and deleting a series. After each, every series'
 * hourly and daily rollups are what aggregating its records gives.
 */
const t = useFileTestApp({ JOB_WORKER: 'true', JOB_POLL_MS: '50' });

const header = 'vendor,id_field_1,id_field_2,id_field_3,timestamp,value';
const fiveMinutes = 300_000;
const start = Date.parse('2026-06-01T22:52:30Z');

async function importFile(body: string): Promise<void> {
  const r = await t.admin.request({ method: 'POST', url: '/api/v2/imports/vendor-point-records?file_name=r.csv', payload: body, headers: { 'content-type': 'text/csv' } });
  const { job_id: id } = expectStatus(r, 202).json<{ job_id: number }>();
  expect(await untilStatus(t.db, id, ['succeeded', 'failed'], 30_000)).toMatchObject({ status: 'succeeded' });
}

const seriesOf = async (a: string, b: string) =>
  (await t.db.execute<{ id: number; v: number }>(sql`
    select d.id, v.id as v from vendor_points v join data_points d on d.vendor_point_id = v.id where v.vendor = 'JCI' and v.id_field_1 = ${a} and v.id_field_2 = ${b}`)).rows[0] ?? { id: 0, v: 0 };

const moveItem = (from: number, to: number, over: Partial<MoveItem>): MoveItem => ({
  source_data_point_name: 'source', source_vendor_point_id: from, source_pcs_point_id: null, source_syrx_controller_bacnet_point_id: null,
  destination_data_point_name: 'destination', destination_vendor_point_id: to, destination_pcs_point_id: null, destination_syrx_controller_bacnet_point_id: null,
  full_time_range: true, start_date: null, end_date: null, source_record_handling: 'copy', remap_equipment_points: false, ...over,
});

async function move(items: MoveItem[]): Promise<void> {
  const { job_ids: ids } = expectStatus(await t.admin.post('/api/v2/vendor_point_record_move_jobs', items), 201).json<{ job_ids: number[] }>();
  for (const id of ids) expect(await untilStatus(t.db, id, ['succeeded', 'failed'], 30_000)).toMatchObject({ status: 'succeeded' });
}

describe('rollups kept by imports, moves and deletes', () => {
  it('hold the records\' aggregation after an import, and after a re-import that changes and adds records', async () => {
    // Every 5 minutes over midnight, from a partial hour to a partial hour, with a gap of two hours.
    const rows = Array.from({ length: 60 }, (_, i) => start + i * fiveMinutes).filter((ts) => ts < start + 1.2 * 3_600_000 || ts > start + 3.2 * 3_600_000)
      .map((ts, i) => `JCI,Rollups,P1,,${new Date(ts).toISOString()},${(i % 9) - 2.5}`);
    await importFile([header, ...rows].join('\n'));
    const p1 = await seriesOf('Rollups', 'P1');
    await expectRollupsOfRecords(t.db, p1.id);

    const changed = rows.slice(3, 40).map((r, i) => r.replace(/,[^,]+$/, `,${i % 2 === 0 ? 99 : -99}`));
    const added = [start - 7 * fiveMinutes, start + 80 * fiveMinutes].map((ts) => `JCI,Rollups,P1,,${new Date(ts).toISOString()},7`);
    await importFile([header, ...changed, ...added].join('\n'));
    expect((await recordStats(t.db, p1.id)).n).toBe(rows.length + 2);
    await expectRollupsOfRecords(t.db, p1.id);
  });

  it('hold the aggregation of both series after a copy that merges and a move that deletes from the source', async () => {
    const [source, merged, moved] = await vendorPoints(t.db, [vendorKey('JCI', 'Rollups', 'S'), vendorKey('JCI', 'Rollups', 'M'), vendorKey('JCI', 'Rollups', 'D')]);
    if (!source || !merged || !moved) throw new Error('points');
    await seedRecords(t.db, source.dataPointId, start, 500, 137_000, 10, 0.5);
    // The destination holds records in the source's span (some at the same times, other values): the copy merges.
    await seedRecords(t.db, merged.dataPointId, start + 50 * 137_000, 40, 137_000, -20);
    await seedRecords(t.db, merged.dataPointId, start - 3_600_000, 20, 61_000, 3);
    await move([moveItem(source.pointId, merged.pointId, {})]);
    for (const s of [source, merged]) await expectRollupsOfRecords(t.db, s.dataPointId);

    await move([moveItem(source.pointId, moved.pointId, {
      full_time_range: false, start_date: new Date(start + 10 * 137_000 + 500).toISOString(), end_date: new Date(start + 300 * 137_000 + 500).toISOString(),
      source_record_handling: 'move',
    })]);
    expect((await recordStats(t.db, source.dataPointId)).n).toBe(500 - 290);
    for (const s of [source, moved, merged]) await expectRollupsOfRecords(t.db, s.dataPointId);
  });

  it('go with their series', async () => {
    const p1 = await seriesOf('Rollups', 'P1');
    const count = async () => (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from point_record_rollups where data_point_id = ${p1.id}`)).rows[0]?.n;
    expect(await count()).toBeGreaterThan(0);
    await t.db.execute(sql`delete from vendor_points where id = ${p1.v}`);
    expect(await count()).toBe(0);
  });
});
