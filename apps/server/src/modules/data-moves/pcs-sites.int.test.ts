import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from '@syrx/contracts/jobs';
import type { PcsSiteMerged, PcsSiteRow } from '@syrx/contracts/point-sources';
import { expectStatus, send } from '../../test/bacnet-helpers.ts';
import { registerAndSignIn } from '../../test/registration-helpers.ts';
import { expectRollupsOfRecords } from '../../test/rollup-helpers.ts';
import { useFileTestApp } from '../../test/test-app.ts';
import { pcsPoints, recordStats, seedRecords, summaryOf } from './testing/data-moves-fixtures.ts';

/** Admin → PCS sites (issue 23): list, rename, merge a duplicate into another site, delete an empty one; pcs_admin only. */
const t = useFileTestApp();
const quarter = 900_000;
const day = Date.parse('2026-02-10T00:00:00Z');

const sites = async (query = '') => expectStatus(await t.admin.get(`/api/v2/pcs-sites${query}`), 200).json<Page<PcsSiteRow>>();
const siteId = async (name: string) => (await sites(`?search=${encodeURIComponent(name)}`)).items.find((s) => s.site_name === name)?.id ?? 0;

describe('PCS sites', () => {
  it('lists sites with their devices, points and records; renames one, never onto another\'s name', async () => {
    const [chws] = await pcsPoints(t.db, [
      { site_name: 'North Campus', device_name: 'Chiller 1', point_name: 'CHWS' }, { site_name: 'North Campus', device_name: 'Chiller 1', point_name: 'CHWR' },
      { site_name: 'North Campus', device_name: 'AHU-1', point_name: 'SAT' }, { site_name: 'East 100% Campus', device_name: 'AHU-9', point_name: 'SAT' },
    ]);
    await seedRecords(t.db, chws?.dataPointId ?? 0, day, 96, quarter, 44);
    expect((await sites()).items.map((s) => [s.site_name, s.device_count, s.point_count, s.record_count])).toEqual([
      ['East 100% Campus', 1, 1, 0], ['North Campus', 2, 3, 96],
    ]);
    // A search for "%" finds the name holding it, not every name.
    expect((await sites('?search=%25')).items.map((s) => s.site_name)).toEqual(['East 100% Campus']);

    const east = await siteId('East 100% Campus');
    expect(expectStatus(await send(t.admin, 'PUT', `/api/v2/pcs-sites/${east}`, { site_name: ' East Campus ' }), 200).json<PcsSiteRow>()).toMatchObject({ id: east, site_name: 'East Campus' });
    const taken = expectStatus(await send(t.admin, 'PUT', `/api/v2/pcs-sites/${east}`, { site_name: 'North Campus' }), 400).json<{ message: string }>();
    expect(taken.message).toBe('A PCS site named "North Campus" exists already: merge the two sites instead.');
    expectStatus(await send(t.admin, 'PUT', '/api/v2/pcs-sites/2147483647', { site_name: 'Nowhere' }), 404);
  });

  it('merges a duplicate: its devices move, a device of the same name joins, a point of the same name gives its records', async () => {
    const [dupChws] = await pcsPoints(t.db, [
      { site_name: 'North campus', device_name: 'Chiller 1', point_name: 'CHWS' }, { site_name: 'North campus', device_name: 'Chiller 1', point_name: 'KW' },
      { site_name: 'North campus', device_name: 'Boiler', point_name: 'HWS' },
    ]);
    // Half a day over the other's records (other values: the target's stay), and a day after them.
    await seedRecords(t.db, dupChws?.dataPointId ?? 0, day + 48 * quarter, 144, quarter, -1);
    const into = await siteId('North Campus');
    const dup = await siteId('North campus');
    const merged = expectStatus(await send(t.admin, 'POST', `/api/v2/pcs-sites/${dup}/merge`, { into_site_id: into }), 200).json<PcsSiteMerged>();
    expect(merged).toEqual({
      site: { id: into, site_name: 'North Campus', device_count: 3, point_count: 5, record_count: 96 + 96 }, devices_moved: 1, devices_merged: 1, points_merged: 1, records_merged: 96,
    });
    expect((await sites()).items.map((s) => s.site_name)).toEqual(['East Campus', 'North Campus']);
    const chws = (await t.db.execute<{ id: number }>(sql`
      select d.id from data_points d join pcs_points p on p.id = d.pcs_point_id join pcs_devices dv on dv.id = p.pcs_device_id
      where dv.pcs_site_id = ${into} and dv.name = 'Chiller 1' and p.name = 'CHWS'`)).rows[0]?.id ?? 0;
    expect(await recordStats(t.db, chws)).toMatchObject({ n: 192, first: '2026-02-10T00:00:00.000Z', last: '2026-02-11T23:45:00.000Z' });
    expect((await recordStats(t.db, chws, { to: '2026-02-11T00:00:00Z' })).sum).toBe(96 * 44 + (95 * 96) / 2);
    expect(await summaryOf(t.db, chws)).toMatchObject({ count: 192, latest: '2026-02-11T23:45:00.000Z', latest_value: -1 + 143 });
    await expectRollupsOfRecords(t.db, chws);

    expectStatus(await send(t.admin, 'POST', `/api/v2/pcs-sites/${into}/merge`, { into_site_id: into }), 400);
    expectStatus(await send(t.admin, 'POST', `/api/v2/pcs-sites/${into}/merge`, { into_site_id: 2147483647 }), 400);
    expectStatus(await send(t.admin, 'POST', `/api/v2/pcs-sites/${dup}/merge`, { into_site_id: into }), 404);
  });

  it('deletes a site without devices only, and needs pcs_admin for all of it', async () => {
    const east = await siteId('East Campus');
    const refused = expectStatus(await t.admin.delete(`/api/v2/pcs-sites/${east}`), 400).json<{ message: string }>();
    expect(refused.message).toBe('The site has devices: only an empty site can be deleted (merge it into another instead).');
    await t.db.execute(sql`insert into pcs_sites (site_name) values ('Empty site')`);
    expectStatus(await t.admin.delete(`/api/v2/pcs-sites/${await siteId('Empty site')}`), 204);
    expect(await siteId('Empty site')).toBe(0);

    const member = t.client();
    await registerAndSignIn(member, t.db, { email: 'tenant@example.com', group_name: 'Tenant Inc' });
    expect(expectStatus(await member.get('/api/v2/pcs-sites'), 403).json<{ message: string }>().message).toBe('Managing PCS sites needs one of the permissions pcs_admin.');
    expectStatus(await send(member, 'PUT', `/api/v2/pcs-sites/${east}`, { site_name: 'Mine' }), 403);
    expectStatus(await member.delete(`/api/v2/pcs-sites/${east}`), 403);
  });
});
