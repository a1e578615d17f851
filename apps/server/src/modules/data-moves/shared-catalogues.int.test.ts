import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PcsSite } from '@syrx/contracts/data-moves';
import { organizationAdministratorPermissions } from '@syrx/contracts/permissions';
import type { Role } from '@syrx/contracts/roles';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { pcsPoints, recordStats, seedRecords, vendorKey, vendorPoints } from './testing/data-moves-fixtures.ts';
import { untilStatus } from '../../test/job-helpers.ts';
import { registerAndSignIn } from '../../test/registration-helpers.ts';
import { type TestClient, useFileTestApp } from '../../test/test-app.ts';

/**
 * Security issue 19, finding 1: PCS sites, devices and points and vendor points are shared catalogues (they belong to no
 * group, and every holder of vendor_data_view sees them). A self-registered organization must not write them; only a
 * holder of a permission an administrator grants (move_vendor_point_records, pcs_admin) does (docs/permissions.md,
 * "Shared catalogues and group data").
 */
// The worker runs, so a wrongly accepted import would really write.
const t = useFileTestApp({ JOB_WORKER: 'true', JOB_POLL_MS: '50' });
beforeAll(async () => {
  await pcsPoints(t.db, [{ site_name: 'North Campus', device_name: 'Chiller 1', point_name: 'CHWS' }]);
  await vendorPoints(t.db, [vendorKey('JCI', 'Building A', 'ZN-T')]);
});

const upload = (c: TestClient, kind: string, body: string) =>
  c.request({ method: 'POST', url: `/api/v2/imports/${kind}?file_name=${kind}.csv`, payload: body, headers: { 'content-type': 'text/csv' } });

const pcsFile = [
  'site_name,device_name,point_name,timestamp,value',
  '"=HYPERLINK(""http://evil.example/"",""Open"")",Meter,kW,2026-03-01T00:00:00Z,1',
  'North Campus,Chiller 1,CHWS,2026-03-01T00:00:00Z,44',
  'North Campus,Their Meter,kW,,',
].join('\n');
const vendorFile = [
  'vendor,id_field_1,id_field_2,id_field_3,timestamp,value',
  'JCI,Building A,ZN-T,,2026-03-01T00:00:00Z,71',
  'JCI,Their Building,ZN-T,,2026-03-01T00:00:00Z,70',
  'invensys,=cmd|calc,AHU-1,SAT,2026-03-01T00:00:00Z,55',
].join('\n');

/** The shared catalogues as the administrator sees them through the API, and their tables' contents. */
async function catalogues() {
  const json = async (url: string) => expectStatus(await t.admin.get(url), 200).json<unknown>();
  const sites = await json('/api/PcsSites?take=200') as PcsSite[];
  const devices = await Promise.all(sites.map(async (s) => json(`/api/PcsSites/${s.id}/devices?take=200`)));
  const rows = async (q: string) => (await t.db.execute(sql.raw(q))).rows;
  return {
    sites,
    devices,
    vendors: await json('/api/v2/vendor_points/vendors'),
    jciBuildings: await json('/api/v2/vendor_points/vendors/JCI/id_field_1'),
    tables: {
      pcs_sites: await rows('select id, site_name from pcs_sites order by id'),
      pcs_devices: await rows('select id, pcs_site_id, name from pcs_devices order by id'),
      pcs_points: await rows('select id, pcs_device_id, name from pcs_points order by id'),
      vendor_points: await rows('select id, vendor, id_field_1, id_field_2, id_field_3 from vendor_points order by id'),
      data_points: await rows('select id, kind, record_count::int from data_points order by id'),
      point_records: await rows('select count(*)::int as n from point_records'),
      import_jobs: await rows(`select id::int, job_type from jobs where job_type like '%import' order by id`),
    },
  };
}

/** Waits for every import job to end, so anything a wrongly queued import would write is written before comparing. */
async function importsSettled() {
  const jobs = (await t.db.execute<{ id: number }>(sql`select id::int from jobs where job_type like '%import'`)).rows;
  for (const j of jobs) await untilStatus(t.db, j.id, ['succeeded', 'failed'], 30_000);
}

describe('shared catalogues (PCS sites, vendor points)', () => {
  it('a self-registered organization cannot write them: both imports are 403 and nothing changes', async () => {
    const before = await catalogues();
    expect(before.sites.map((s) => s.site_name)).toEqual(['North Campus']);

    const tenant = t.client();
    const { user } = await registerAndSignIn(tenant, t.db, { email: 'mallory@example.com', group_name: 'Mallory Mechanical' });
    const held = (await tenant.get('/api/Login')).json<{ permissions: string[] }>().permissions;
    // The self-registration role uploads its group's own data…
    expect([...held].sort()).toEqual([...organizationAdministratorPermissions].sort());
    expect(held).toContain('group_data_upload');
    // …and holds nothing that writes the shared catalogues.
    expect(held).not.toContain('move_vendor_point_records');
    expect(held).not.toContain('pcs_admin');

    const pcs = await upload(tenant, 'pcs-points', pcsFile);
    const vendor = await upload(tenant, 'vendor-point-records', vendorFile);
    expect.soft(pcs.statusCode, pcs.body).toBe(403);
    expect.soft(vendor.statusCode, vendor.body).toBe(403);
    expect.soft(pcs.json<{ message: string }>().message).toMatch(/move_vendor_point_records, pcs_admin/);

    await importsSettled();
    const after = await catalogues();
    expect(after.sites.map((s) => s.site_name)).toEqual(['North Campus']);
    expect(after).toEqual(before);
    expect((await t.db.execute(sql`select 1 from jobs where user_id = ${user.id}`)).rows).toEqual([]);
  });

  it('a role an administrator grants writes them: pcs_admin imports PCS points, move_vendor_point_records vendor records', async () => {
    const grant = async (name: string, permissions: string[], username: string) => {
      const role = expectStatus(await t.admin.post('/api/v2/roles', { name, permissions }), 201).json<Role>();
      expectStatus(await t.admin.post(`/api/v2/roles/${role.id}/users`, { username }), 200);
    };
    const pcsSteward = t.client();
    await registerAndSignIn(pcsSteward, t.db, { email: 'pat@example.com', group_name: 'Pat Controls' });
    const vendorSteward = t.client();
    await registerAndSignIn(vendorSteward, t.db, { email: 'vic@example.com', group_name: 'Vic Data' });
    // Before the grant, the same 403 as any self-registered organization.
    expectStatus(await upload(pcsSteward, 'pcs-points', 'site_name,device_name,point_name\nSouth Campus,Boiler,HWS\n'), 403);
    await grant('PCS administrator', ['pcs_admin'], 'pat@example.com');
    await grant('Vendor data steward', ['move_vendor_point_records'], 'vic@example.com');

    const pcsJob = expectStatus(await upload(pcsSteward, 'pcs-points', 'site_name,device_name,point_name\nSouth Campus,Boiler,HWS\n'), 202).json<{ job_id: number }>();
    const vendorJob = expectStatus(await upload(vendorSteward, 'vendor-point-records', 'vendor,id_field_1,id_field_2,id_field_3,timestamp,value\nSiemens,Tower,OAT,,2026-03-01T00:00:00Z,12\n'), 202).json<{ job_id: number }>();
    expect((await untilStatus(t.db, pcsJob.job_id, ['succeeded', 'failed'], 30_000)).status).toBe('succeeded');
    expect((await untilStatus(t.db, vendorJob.job_id, ['succeeded', 'failed'], 30_000)).status).toBe('succeeded');
    const sites = expectStatus(await t.admin.get('/api/PcsSites'), 200).json<PcsSite[]>();
    expect(sites.map((s) => s.site_name)).toEqual(['North Campus', 'South Campus']);
    expect(expectStatus(await t.admin.get('/api/v2/vendor_points/vendors'), 200).json()).toEqual(['JCI', 'Siemens']);
  });
});

/** The SQLSTATE a statement fails with (null when it succeeds). */
async function sqlState(statement: Promise<unknown>): Promise<string | null> {
  try {
    await statement;
    return null;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code ?? 'unknown';
  }
}

describe('group point data (the schema a later issue builds on)', () => {
  it('belongs to one group: named per group, a series of kind group-point, deleted with its group, never in the shared catalogues', async () => {
    const before = await catalogues();
    const a = await registerAndSignIn(t.client(), t.db, { email: 'ann@example.com', group_name: 'Ann Energy' });
    const b = await registerAndSignIn(t.client(), t.db, { email: 'bob@example.com', group_name: 'Bob Buildings' });
    const groupA = a.user.commissioning_group.id;
    const groupB = b.user.commissioning_group.id;
    const point = async (groupId: number, name: string) => {
      const r = await t.db.execute<{ id: number }>(sql`insert into group_points (group_id, name, unit) values (${groupId}, ${name}, 'kW') returning id`);
      const id = r.rows[0]?.id ?? 0;
      const d = await t.db.execute<{ id: number }>(sql`insert into data_points (kind, group_point_id) values ('group-point', ${id}) returning id`);
      return { id, dataPointId: d.rows[0]?.id ?? 0 };
    };
    // Two groups may each name a point "Main meter"; one group only once. A group point has a group.
    const mainA = await point(groupA, 'Main meter');
    const mainB = await point(groupB, 'Main meter');
    expect(await sqlState(t.db.execute(sql`insert into group_points (group_id, name) values (${groupA}, 'Main meter')`))).toBe('23505');
    expect(await sqlState(t.db.execute(sql`insert into group_points (name) values ('Orphan')`))).toBe('23502');
    expect(await sqlState(t.db.execute(sql`insert into data_points (kind) values ('group-point')`))).toBe('23514');
    expect(await sqlState(t.db.execute(sql`insert into data_points (kind, group_point_id) values ('group-point', ${mainA.id})`))).toBe('23505');
    await seedRecords(t.db, mainA.dataPointId, Date.parse('2026-03-01T00:00:00Z'), 96, 900_000);
    await seedRecords(t.db, mainB.dataPointId, Date.parse('2026-03-01T00:00:00Z'), 48, 900_000);

    // Nothing of it is in the shared catalogues.
    expect(await catalogues()).toMatchObject({ sites: before.sites, vendors: before.vendors, tables: { pcs_sites: before.tables.pcs_sites, vendor_points: before.tables.vendor_points } });

    // The group's points, their series and their records go with the group; the other group's stay.
    await t.db.execute(sql`delete from groups where id = ${groupA}`);
    expect((await t.db.execute(sql`select id from group_points where group_id = ${groupA}`)).rows).toEqual([]);
    expect((await t.db.execute(sql`select id from data_points where id = ${mainA.dataPointId}`)).rows).toEqual([]);
    expect((await recordStats(t.db, mainA.dataPointId)).n).toBe(0);
    expect((await recordStats(t.db, mainB.dataPointId)).n).toBe(48);
  });
});
