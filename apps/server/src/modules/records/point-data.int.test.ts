import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Availability, PointRecordRow, PointSeries, SeriesPoint } from '@syrx/contracts/point-data';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { untilStatus } from '../../test/job-helpers.ts';
import { grant } from '../../test/operations-helpers.ts';
import { registerAndSignIn } from '../../test/registration-helpers.ts';
import { type TestClient, useFileTestApp } from '../../test/test-app.ts';

/**
 * The point record browser's reads of every kind (issue 23): vendor and PCS points for the readers of the shared
 * catalogues, a group's points for who sees the group with group_data_view; each kind's points, series, pages, count
 * and CSV; and the availability report against a hand-computed example.
 */
const t = useFileTestApp({ JOB_WORKER: 'true', JOB_POLL_MS: '50' });
let tenant: TestClient;
let tenantGroup: number;
let steward: TestClient;
const ids: { vendor: number; pcs: number; group: number } = { vendor: 0, pcs: 0, group: 0 };

/** Queues a CSV through `url` and waits for its job. */
async function csvJob(c: TestClient, url: string, rows: string[]): Promise<void> {
  const r = await c.request({ method: 'POST', url, payload: rows.join('\n'), headers: { 'content-type': 'text/csv' } });
  const { job_id: id } = expectStatus(r, 202).json<{ job_id: number }>();
  expect(await untilStatus(t.db, id, ['succeeded', 'failed'], 30_000)).toMatchObject({ status: 'succeeded' });
}

const quarterHours = (from: string, count: number) => Array.from({ length: count }, (_, i) => new Date(Date.parse(from) + i * 900_000).toISOString());

beforeAll(async () => {
  await csvJob(t.admin, '/api/v2/imports/vendor-point-records', ['vendor,id_field_1,id_field_2,id_field_3,timestamp,value', ...quarterHours('2026-03-02T00:00:00Z', 8).map((ts, i) => `invensys,Main Hospital,AHU-1,SAT,${ts},${55 + i}`)]);
  await csvJob(t.admin, '/api/v2/imports/pcs-points', ['site_name,device_name,point_name,timestamp,value', ...quarterHours('2026-03-02T00:00:00Z', 4).map((ts, i) => `North,Chiller 1,CHWS,${ts},${44 + i}`)]);
  tenant = t.client();
  tenantGroup = (await registerAndSignIn(tenant, t.db, { email: 'tenant@example.com', group_name: 'Tenant Inc' })).user.commissioning_group.id;
  // The hand-computed example: 96 records a day at 15 minutes on 03-02 and 03-05, the morning of 03-03, nothing on 03-01 and 03-04.
  const meter = [...quarterHours('2026-03-02T00:00:00Z', 96 + 48), ...quarterHours('2026-03-05T00:00:00Z', 96)].map((ts, i) => `Meter,${ts},${i % 10}`);
  await csvJob(tenant, `/api/v2/groups/${tenantGroup}/group-data`, ['point_name,timestamp,value', ...meter]);
  const one = async (q: string) => (await t.db.execute<{ id: number }>(sql.raw(q))).rows[0]?.id ?? 0;
  ids.vendor = await one(`select id from vendor_points where id_field_3 = 'SAT'`);
  ids.pcs = await one(`select id from pcs_points where name = 'CHWS'`);
  ids.group = await one(`select id from group_points where name = 'Meter'`);
  steward = t.client();
  await registerAndSignIn(steward, t.db, { email: 'steward@example.com', group_name: 'Steward Inc' });
  await grant(t.db, 'steward@example.com', 'Vendor data reader', ['vendor_data_view']);
});

const range = 'from=2026-03-02T00:00:00Z&to=2026-03-03T00:00:00Z';
const get = (c: TestClient, kind: string, path: string, query: string) => c.get(`/api/v2/${kind}-point-records${path}?${query}`);

describe('the point record browser\'s reads of each kind', () => {
  it.each([
    ['vendor', () => ids.vendor, ['invensys', 'Main Hospital', 'AHU-1', 'SAT'], 8, 'vendor_point_id,vendor,id_field_1,id_field_2,id_field_3,timestamp,value'],
    ['pcs', () => ids.pcs, ['North', 'Chiller 1', 'CHWS'], 4, 'pcs_point_id,site_name,device_name,point_name,timestamp,value'],
  ] as const)('serves %s points to the shared catalogues\' readers and refuses others with 403', async (kind, id, path, n, header) => {
    for (const reader of [t.admin, steward]) {
      expect(expectStatus(await get(reader, kind, '/points', `point_ids=${id()}`), 200).json<SeriesPoint[]>()).toEqual([
        expect.objectContaining({ point_id: id(), path, count: n, earliest: '2026-03-02T00:00:00.000Z' }),
      ]);
      const series = expectStatus(await get(reader, kind, '/series', `point_ids=${id()}&${range}`), 200).json<PointSeries>();
      expect(series.series[0]?.points).toHaveLength(n);
      expect(expectStatus(await get(reader, kind, '', `point_ids=${id()}&${range}&take=2`), 200).json<PointRecordRow[]>()[1]).toEqual({ point_id: id(), timestamp: '2026-03-02T00:15:00.000Z', value: kind === 'vendor' ? 56 : 45 });
      expect(expectStatus(await get(reader, kind, '/count', `point_ids=${id()}&${range}`), 200).json()).toEqual({ count: n });
      expect(expectStatus(await get(reader, kind, '.csv', `point_ids=${id()}&${range}`), 200).body.split('\n')[0]).toBe(header);
    }
    const refused = expectStatus(await get(tenant, kind, '/series', 'point_ids=1'), 403).json<{ message: string }>();
    expect(refused.message).toMatch(/vendor_data_view, move_vendor_point_records, pcs_admin/);
    expectStatus(await get(t.admin, kind, '/points', 'point_ids=2147483647'), 404);
  });

  it('serves a group\'s points to who sees the group with group_data_view; 404 to another organization, 403 without the permission', async () => {
    expect(expectStatus(await get(tenant, 'group', '/points', `point_ids=${ids.group}`), 200).json<SeriesPoint[]>()[0]).toMatchObject({ path: ['Tenant Inc', 'Meter'], count: 240 });
    expect(expectStatus(await get(t.admin, 'group', '/count', `point_ids=${ids.group}&${range}`), 200).json()).toEqual({ count: 96 });
    expectStatus(await get(steward, 'group', '/series', `point_ids=${ids.group}&${range}`), 404);
    await t.db.execute(sql`delete from user_roles where user_id = (select id from users where username = 'tenant@example.com')`);
    expectStatus(await get(tenant, 'group', '/series', `point_ids=${ids.group}&${range}`), 403);
  });
});

describe('the availability report', () => {
  const report = async (query: string) => expectStatus(await get(t.admin, 'group', '/availability', `point_ids=${ids.group}&from=2026-03-01&to=2026-03-05${query}`), 200).json<Availability>();

  it('gives the share of expected records per day at the median spacing, and the runs of incomplete days', async () => {
    const r = await report('');
    expect(r.days).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']);
    expect(r.points).toEqual([{
      point_id: ids.group, path: ['Tenant Inc', 'Meter'], interval_seconds: 900, interval_source: 'median', expected_per_day: 96,
      present: [0, 96, 48, 0, 96], share: [0, 1, 0.5, 0, 1],
    }]);
    expect(r.gaps).toEqual([
      { point_id: ids.group, from: '2026-03-01', to: '2026-03-01', days: 1, missing: 96 },
      { point_id: ids.group, from: '2026-03-03', to: '2026-03-04', days: 2, missing: 48 + 96 },
    ]);
  });

  it('takes the reporting interval given, and exports a row per point and day as CSV', async () => {
    const r = await report('&interval_seconds=1800');
    expect(r.points[0]).toMatchObject({ interval_seconds: 1800, interval_source: 'given', expected_per_day: 48, share: [0, 1, 1, 0, 1] });
    expect(r.gaps.map((g) => [g.from, g.missing])).toEqual([['2026-03-01', 48], ['2026-03-04', 48]]);
    const csv = expectStatus(await get(t.admin, 'group', '/availability.csv', `point_ids=${ids.group}&from=2026-03-01&to=2026-03-05`), 200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="group-point-availability-2026-03-01-to-2026-03-05.csv"');
    expect(csv.body.trimEnd().split('\n')).toEqual([
      'point_id,point,day,records,expected_per_day,share',
      ...[['03-01', 0, 0], ['03-02', 96, 1], ['03-03', 48, 0.5], ['03-04', 0, 0], ['03-05', 96, 1]].map(([d, n, s]) => `${ids.group},Tenant Inc / Meter,2026-${d},${n},96,${s}`),
    ]);
    expectStatus(await get(t.admin, 'group', '/availability', `point_ids=${ids.group}&from=2026-03-05&to=2026-03-01`), 400);
  });
});
