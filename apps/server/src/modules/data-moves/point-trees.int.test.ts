import { beforeAll, describe, expect, it } from 'vitest';
import type { PcsDevice, PcsPoint, PcsSite, VendorTreeEntry } from '@syrx/contracts/data-moves';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { pcsPoints, seedRecords, vendorKey, vendorPoints } from './testing/data-moves-fixtures.ts';
import { registerAndSignIn } from '../../test/registration-helpers.ts';
import { type TestClient, useFileTestApp } from '../../test/test-app.ts';

const t = useFileTestApp({ JOB_WORKER: 'false' });
const longName = `Bâtiment ${'Süd Flügel '.repeat(17)}`.slice(0, 200);
const ahus = Array.from({ length: 23 }, (_, i) => `AHU-${String(i + 1).padStart(2, '0')}`);

beforeAll(async () => {
  await vendorPoints(t.db, [
    ...ahus.flatMap((ahu) => ['SAT', 'RAT'].map((p) => vendorKey('invensys', 'Main Hospital', ahu, p))),
    vendorKey('invensys', 'Outpatient/Pavilion', 'AHU-1', 'SAT'),
    vendorKey('UC', 'Plant', 'CH-1', 'CHWS'),
    vendorKey('JCI', 'Building A', 'ZN-T'), vendorKey('JCI', 'Building A', 'ZN-SP'), vendorKey('JCI', 'Building B', 'OAT'),
    vendorKey('Siemens', 'Tower', 'SF-STATUS'), vendorKey('Siemens', longName, 'Zone temp °F'),
  ]);
  const sites = Array.from({ length: 22 }, (_, i) => `Site ${String(i + 1).padStart(2, '0')}`);
  const points = await pcsPoints(t.db, [
    ...sites.map((s) => ({ site_name: s, device_name: 'Meter', point_name: 'kW' })),
    ...ahus.map((d) => ({ site_name: 'Site 01', device_name: d, point_name: 'SAT' })),
    { site_name: 'Site 01', device_name: 'Boiler', point_name: 'HWS' }, { site_name: 'Site 01', device_name: 'Boiler', point_name: 'HWR' },
  ]);
  const hws = points.at(-2);
  if (hws) await seedRecords(t.db, hws.dataPointId, Date.parse('2026-01-01T00:00:00Z'), 96, 900_000, 150);
});

const json = async <T>(c: TestClient, url: string) => expectStatus(await c.get(url), 200).json<T>();
const base = '/api/v2/vendor_points/vendors';
const enc = encodeURIComponent;

describe('vendor point tree', () => {
  it('lists vendors, then id fields with paging and counts; leaves carry their vendor point', async () => {
    expect(await json(t.admin, base)).toEqual(['invensys', 'JCI', 'Siemens', 'UC']);
    expect(await json(t.admin, `${base}/invensys/id_field_1`)).toEqual([
      { value: 'Main Hospital', vendor_point_id: null, path: 'invensys|Main Hospital', record_count: null },
      { value: 'Outpatient/Pavilion', vendor_point_id: null, path: 'invensys|Outpatient/Pavilion', record_count: null },
    ]);
    const level2 = `${base}/invensys/id_field_1/${enc('Main Hospital')}/id_field_2`;
    const first = await json<VendorTreeEntry[]>(t.admin, level2);
    expect(first.map((e) => e.value)).toEqual(ahus.slice(0, 20));
    expect(first.every((e) => e.vendor_point_id === null)).toBe(true);
    expect((await json<VendorTreeEntry[]>(t.admin, `${level2}?skip=20&take=20`)).map((e) => e.value)).toEqual(ahus.slice(20));
    expect((await json<VendorTreeEntry[]>(t.admin, `${level2}?skip=0&take=2&sort=name:desc`)).map((e) => e.value)).toEqual(['AHU-23', 'AHU-22']);
    expect(await json(t.admin, `${level2}/count`)).toEqual({ count: 23 });

    const leaves = await json<VendorTreeEntry[]>(t.admin, `${level2}/AHU-07/id_field_3`);
    expect(leaves.map((e) => [e.value, e.path, e.record_count])).toEqual([['RAT', 'invensys|Main Hospital|AHU-07|RAT', 0], ['SAT', 'invensys|Main Hospital|AHU-07|SAT', 0]]);
    expect(leaves.every((e) => typeof e.vendor_point_id === 'number')).toBe(true);
    expect(await json(t.admin, `${level2}/AHU-07/id_field_3/count`)).toEqual({ count: 2 });
    // Path segments are URL-encoded values, '/' included.
    expect((await json<VendorTreeEntry[]>(t.admin, `${base}/invensys/id_field_1/${enc('Outpatient/Pavilion')}/id_field_2`)).map((e) => e.value)).toEqual(['AHU-1']);
    expect((await json<VendorTreeEntry[]>(t.admin, `${base}/UC/id_field_1/Plant/id_field_2/CH-1/id_field_3`))[0]).toMatchObject({ value: 'CHWS', path: 'UC|Plant|CH-1|CHWS' });
  });

  it('ends two-level vendors at id_field_2 (their leaves) and has no third level for them', async () => {
    const leaves = await json<VendorTreeEntry[]>(t.admin, `${base}/JCI/id_field_1/${enc('Building A')}/id_field_2`);
    expect(leaves.map((e) => [e.value, e.path])).toEqual([['ZN-SP', 'JCI|Building A|ZN-SP'], ['ZN-T', 'JCI|Building A|ZN-T']]);
    expect(leaves.every((e) => typeof e.vendor_point_id === 'number')).toBe(true);
    expect(await json(t.admin, `${base}/JCI/id_field_1/count`)).toEqual({ count: 2 });
    expect(await json(t.admin, `${base}/JCI/id_field_1/${enc('Building A')}/id_field_2/count`)).toEqual({ count: 2 });
    expect((await t.admin.get(`${base}/JCI/id_field_1/${enc('Building A')}/id_field_2/ZN-T/id_field_3`)).statusCode).toBe(404);
    expect((await t.admin.get(`${base}/Siemens/id_field_1/Tower/id_field_2/SF-STATUS/id_field_3/count`)).statusCode).toBe(404);
    // Long values with spaces and accents travel URL-encoded.
    const level2 = await json<VendorTreeEntry[]>(t.admin, `${base}/Siemens/id_field_1/${enc(longName)}/id_field_2`);
    expect(level2.map((e) => [e.value, e.path])).toEqual([['Zone temp °F', `Siemens|${longName}|Zone temp °F`]]);
    // An unknown vendor simply has nothing.
    expect(await json(t.admin, `${base}/Honeywell/id_field_1`)).toEqual([]);
    expect(await json(t.admin, `${base}/Honeywell/id_field_1/count`)).toEqual({ count: 0 });
  });
});

describe('PCS tree', () => {
  it('pages sites, devices and points sorted by name, with counts', async () => {
    const sites = await json<PcsSite[]>(t.admin, '/api/PcsSites');
    expect(sites).toHaveLength(20);
    expect(sites[0]).toMatchObject({ site_name: 'Site 01', device_count: 25 });
    expect((await json<PcsSite[]>(t.admin, '/api/PcsSites?skip=20&take=20')).map((s) => s.site_name)).toEqual(['Site 21', 'Site 22']);
    expect((await json<PcsSite[]>(t.admin, '/api/PcsSites?take=1&sort=site_name:desc'))[0]?.site_name).toBe('Site 22');
    expect(await json(t.admin, '/api/PcsSites/count')).toEqual({ count: 22 });

    const site = sites[0]?.id ?? 0;
    const devices = await json<PcsDevice[]>(t.admin, `/api/PcsSites/${site}/devices`);
    expect(devices.map((d) => d.name).slice(0, 3)).toEqual(['AHU-01', 'AHU-02', 'AHU-03']);
    expect(await json(t.admin, `/api/PcsSites/${site}/devices/count`)).toEqual({ count: 25 });
    const boiler = (await json<PcsDevice[]>(t.admin, `/api/PcsSites/${site}/devices?skip=20`)).find((d) => d.name === 'Boiler');
    expect(boiler).toMatchObject({ pcs_site: site, point_count: 2 });

    const points = await json<PcsPoint[]>(t.admin, `/api/PcsDevices/${boiler?.id}/points`);
    expect(points.map((p) => p.name)).toEqual(['HWR', 'HWS']);
    expect(await json(t.admin, `/api/PcsDevices/${boiler?.id}/points/count`)).toEqual({ count: 2 });
    const hws = points[1];
    expect(hws).toMatchObject({
      name: 'HWS', device_name: 'Boiler', site_name: 'Site 01', record_count: 96,
      earliest_record_date: '2026-01-01T00:00:00.000Z', latest_record_date: '2026-01-01T23:45:00.000Z',
    });
    expect(await json(t.admin, `/api/PcsPoints/${hws?.id}`)).toEqual(hws);
  });

  it('answers 404 for a missing site, device or point and 400 for a bad id or sort', async () => {
    expect((await t.admin.get('/api/PcsPoints/999999')).statusCode).toBe(404);
    expect((await t.admin.get('/api/PcsSites/999999/devices')).statusCode).toBe(404);
    expect((await t.admin.get('/api/PcsDevices/999999/points/count')).statusCode).toBe(404);
    expect((await t.admin.get('/api/PcsPoints/abc')).statusCode).toBe(400);
    expect((await t.admin.get('/api/PcsSites?sort=secret:asc')).statusCode).toBe(400);
    expect((await t.admin.get(`${base}/JCI/id_field_1?sort=id:asc`)).statusCode).toBe(400);
    expect((await t.admin.get('/api/PcsSites?take=0')).statusCode).toBe(400);
    // Bad encodings and overlong values are client errors, never 5xx.
    for (const url of [`${base}/%E0%A4%A/id_field_1`, `${base}/${'x'.repeat(600)}/id_field_1`, `${base}/JCI/id_field_1/%ZZ/id_field_2`]) {
      const res = await t.admin.get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('API description', () => {
  it('documents the trees, imports and moves', async () => {
    const paths = Object.keys(expectStatus(await t.admin.get('/api/docs'), 200).json<{ paths: Record<string, unknown> }>().paths);
    for (const p of ['/api/v2/vendor_points/vendors/{v}/id_field_1/{a}/id_field_2', '/api/PcsDevices/{id}/points', '/api/v2/imports/{kind}', '/api/v2/vendor_point_record_move_jobs', '/api/v2/jobs/statuses']) {
      expect(paths).toContain(p);
    }
  });
});

describe('who may read the trees', () => {
  it('needs vendor_data_view, move_vendor_point_records or pcs_admin', async () => {
    const anonymous = t.client();
    expect((await anonymous.get(base)).statusCode).toBe(401);
    const user = t.client();
    await registerAndSignIn(user, t.db);
    for (const url of [base, `${base}/JCI/id_field_1`, '/api/PcsSites', '/api/PcsSites/count', '/api/PcsPoints/1']) {
      expect((await user.get(url)).statusCode).toBe(403);
    }
  });
});
