import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { BacnetPoint } from '@syrx/contracts/points';
import { adminWithController, addDevice, analogInputs, ctlUrl, expectStatus, send, uploadPoints } from '../../test/bacnet-helpers.ts';
import { registerAndSignIn } from '../../test/registration-helpers.ts';
import { tablesReadWhole } from '../../test/query-plans.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { pointListWhere, pointPageStatement, pointsRepo } from './points.repo.ts';

let t: TestApp;
afterEach(async () => t?.close());

const filter = (i: number, field: string, type: string, op: string, value: string) =>
  `filters[${i}][field]=${field}&filters[${i}][field_type]=${type}&filters[${i}][operator]=${op}&filters[${i}][value]=${encodeURIComponent(value)}`;

/** Two devices: AHU-1 with 12 analog inputs and 2 binary values (AI-12 since missed), CP-1 with 3 analog values. */
async function plant() {
  t = await createTestApp();
  const { admin, ctl } = await adminWithController(t);
  const ahu = await addDevice(admin, ctl, { mac_address: '10.0.0.11', instance_number: 1101 });
  const cp = await addDevice(admin, ctl, { mac_address: '10.0.0.12', instance_number: 1201 });
  expectStatus(await send(admin, 'PATCH', '/api/bacnet-devices', [{ id: ahu.id, status: 'available', name: 'AHU-1' }, { id: cp.id, status: 'available', name: 'CP-1' }]), 200);
  const binaries = [{ object_type: 5, instance_number: 1, name: 'Fan enable' }, { object_type: 5, instance_number: 2, name: 'Heat enable' }];
  await uploadPoints(admin, ahu.id, [...analogInputs(1, 12), ...binaries]);
  await uploadPoints(admin, ahu.id, [...analogInputs(1, 11), ...binaries]);
  await uploadPoints(admin, cp.id, [1, 2, 3].map((n) => ({ object_type: 2, instance_number: n, name: `CHW setpoint ${n}`, units: 62 })));
  return { admin, ctl, ahu, cp };
}

describe('points grids', () => {
  it("looks a page's devices and series summaries up by key, however many the tables hold", async () => {
    const { ahu } = await plant();
    // bench:api-load's shape: a listed device of 500 points among many devices of 40, every point with a series summary.
    await t.db.execute(sql`
      insert into syrx_controllers (id, group_id, name, secret_hash)
      select gen_random_uuid(), group_id, 'Other ' || n, secret_hash from syrx_controllers, generate_series(1, 300) n
      where id = (select syrx_controller_id from bacnet_devices where id = ${ahu.id})`);
    await t.db.execute(sql`
      insert into bacnet_points (device_id, syrx_controller_id, object_type, object_type_name, instance_number, name)
      select d.id, d.syrx_controller_id, 0, 'OBJECT_ANALOG_INPUT', 100 + n, 'ZN-T ' || n from bacnet_devices d, generate_series(1, 500) n where d.id = ${ahu.id}`);
    await t.db.execute(sql`
      insert into bacnet_devices (syrx_controller_id, mac_address, instance_number, name)
      select syrx_controller_id, '10.1.' || (n / 250) || '.' || (n % 250), 5000 + n, 'VAV-' || n from bacnet_devices, generate_series(1, 300) n where id = ${ahu.id}`);
    await t.db.execute(sql`
      insert into bacnet_points (device_id, syrx_controller_id, object_type, object_type_name, instance_number, name)
      select d.id, d.syrx_controller_id, 0, 'OBJECT_ANALOG_INPUT', n, 'SA-T ' || n from bacnet_devices d, generate_series(1, 40) n where d.instance_number >= 5000`);
    await t.db.execute(sql`insert into data_points (kind, bacnet_point_id) select 'controller-bacnet-point', id from bacnet_points on conflict do nothing`);
    await t.db.execute(sql`analyze`);
    const where = pointListWhere({ deviceId: ahu.id }, true);
    for (const page of [{ offset: 0, limit: 100 }, { offset: 400, limit: 100 }]) {
      const whole = await tablesReadWhole(t.db, pointPageStatement(where, [], page));
      expect(whole).not.toContain('data_points');
      expect(whole).not.toContain('bacnet_devices');
    }
  });

  it("reads the reporting points of many controllers in one statement, each controller's its own", async () => {
    const { admin, ctl, ahu, cp } = await plant();
    const other = expectStatus(await admin.post('/api/SyrxControllers', { name: 'Other', description: '' }), 201).json<{ id: string }>();
    const vav = await addDevice(admin, other, { mac_address: '10.0.0.21', instance_number: 2101 });
    await uploadPoints(admin, vav.id, analogInputs(1, 2));
    const pointOf = async (deviceId: number, objectType: number, instance: number) =>
      expectStatus(await admin.get(`/api/bacnet-devices/${deviceId}/bacnet-points?take=1000`), 200).json<BacnetPoint[]>().find((x) => x.object_type === objectType && x.instance_number === instance)!;
    const [ai1, ai12, chw1, vav2] = [await pointOf(ahu.id, 0, 1), await pointOf(ahu.id, 0, 12), await pointOf(cp.id, 2, 1), await pointOf(vav.id, 0, 2)];
    for (const [c, x] of [[ctl, ai1], [ctl, ai12], [ctl, chw1], [other, vav2]] as const) {
      expectStatus(await send(admin, 'PATCH', `${ctlUrl(c)}/reporting-points/${x.id}`, { is_selected_for_reporting: true }), 200);
    }
    // Unavailable (AI-12) and of an ignored device (CP-1): not collected.
    expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/bacnet-devices/${cp.id}/ignored`, { ignored: true }), 200);
    const read = await pointsRepo.reportingPointsOf(t.db, [ctl.id, other.id, randomUUID()]);
    expect([...read.keys()].sort()).toEqual([ctl.id, other.id].sort());
    expect(read.get(ctl.id)).toEqual([{ id: ai1.id, mac_address: '10.0.0.11:47808', network: 0, destination_mac_address: '0.0.0.0:0', destination_network: 0, device_instance_number: 1101, object_type: 0, instance_number: 1 }]);
    expect(read.get(other.id)?.map((x) => [x.id, x.device_instance_number])).toEqual([[vav2.id, 2101]]);
  });

  it('lists the points of a controller and of a device with paging, sorting and the unavailable ones by default', async () => {
    const { admin, ctl, ahu, cp } = await plant();
    const get = async (url: string) => expectStatus(await admin.get(url), 200).json<BacnetPoint[]>();
    const all = `${ctlUrl(ctl)}/bacnet-points`;
    expect((await admin.get(`${all}/count`)).json()).toEqual({ count: 17 });
    expect((await admin.get(`${all}/count?showUnavailable=false`)).json()).toEqual({ count: 16 });
    expect((await admin.get(`/api/bacnet-devices/${ahu.id}/bacnet-points/count?showUnavailable=0`)).json()).toEqual({ count: 13 });
    expect((await get(`${all}?take=1000`)).length).toBe(17);
    expect((await get(`${all}?sort=syrx_controller_bacnet_device_name:desc,object_id&take=2`)).map((p) => p.object_id)).toEqual(['OBJECT_ANALOG_VALUE:1', 'OBJECT_ANALOG_VALUE:2']);
    // Object ids sort by type name, then instance number as a number (AI-2 before AI-10).
    expect((await get(`/api/bacnet-devices/${ahu.id}/bacnet-points?sort=object_id&skip=1&take=3`)).map((p) => p.object_id)).toEqual(['OBJECT_ANALOG_INPUT:2', 'OBJECT_ANALOG_INPUT:3', 'OBJECT_ANALOG_INPUT:4']);
    expect((await get(`/api/bacnet-devices/${ahu.id}/bacnet-points?sort[0][field]=name&sort[0][dir]=desc&page=2&pageSize=2`)).map((p) => p.name)).toEqual(['AI-9', 'AI-8']);
    const missed = (await get(`/api/bacnet-devices/${ahu.id}/bacnet-points?sort=is_available&take=1`))[0];
    expect(missed).toMatchObject({ object_id: 'OBJECT_ANALOG_INPUT:12', is_available: false, syrx_controller_bacnet_device_name: 'AHU-1' });
    const one = expectStatus(await admin.get(`${all}/${missed?.id}`), 200).json<BacnetPoint>();
    expect(one).toEqual(missed);
    expect((await get(`/api/bacnet-devices/${cp.id}/bacnet-points`)).map((p) => p.units)).toEqual(['DEGREES_CELSIUS', 'DEGREES_CELSIUS', 'DEGREES_CELSIUS']);
    expect((await admin.get(`${all}?sort=reporting_latest_value`)).statusCode).toBe(400);
    expect((await admin.get(`${all}/999999`)).statusCode).toBe(404);
  });

  it('filters by the grid filters and answers 400 for an unknown field or an operator that does not fit', async () => {
    const { admin, ctl, ahu } = await plant();
    const ids = async (q: string) => expectStatus(await admin.get(`${ctlUrl(ctl)}/bacnet-points?take=1000&sort=object_id&${q}`), 200).json<BacnetPoint[]>().map((p) => p.object_id);
    expect(await ids(filter(0, 'name', 'string', 'contains', 'enable'))).toEqual(['OBJECT_BINARY_VALUE:1', 'OBJECT_BINARY_VALUE:2']);
    expect(await ids(filter(0, 'object_type', 'number', 'eq', '2'))).toEqual(['OBJECT_ANALOG_VALUE:1', 'OBJECT_ANALOG_VALUE:2', 'OBJECT_ANALOG_VALUE:3']);
    expect(await ids(filter(0, 'is_available', 'boolean', 'eq', 'false'))).toEqual(['OBJECT_ANALOG_INPUT:12']);
    expect(await ids(`${filter(0, 'syrx_controller_bacnet_device_id', 'number', 'eq', String(ahu.id))}&${filter(1, 'instance_number', 'number', 'gt', '10')}`)).toEqual(['OBJECT_ANALOG_INPUT:11', 'OBJECT_ANALOG_INPUT:12']);
    expect(await ids(filter(0, 'object_id', 'string', 'endswith', 'VALUE:3'))).toEqual(['OBJECT_ANALOG_VALUE:3']);
    expect(await ids(filter(0, 'units', 'string', 'isnull', ''))).toEqual(['OBJECT_BINARY_VALUE:1', 'OBJECT_BINARY_VALUE:2']);
    expect(await ids(filter(0, 'syrx_controller_bacnet_device_name', 'string', 'neq', 'ahu-1'))).toEqual(['OBJECT_ANALOG_VALUE:1', 'OBJECT_ANALOG_VALUE:2', 'OBJECT_ANALOG_VALUE:3']);
    expect(await ids(filter(0, 'last_seen_on', 'date', 'gt', '2000-01-01'))).toHaveLength(17);
    expect(await ids(filter(0, 'name', 'string', 'doesnotcontain', 'ai-'))).toEqual(['OBJECT_ANALOG_VALUE:1', 'OBJECT_ANALOG_VALUE:2', 'OBJECT_ANALOG_VALUE:3', 'OBJECT_BINARY_VALUE:1', 'OBJECT_BINARY_VALUE:2']);
    const bad = async (q: string) => {
      const res = await admin.get(`/api/bacnet-devices/${ahu.id}/bacnet-points?${q}`);
      expect(res.statusCode, q).toBe(400);
      return res.json<{ fields: { field: string; message: string }[] }>().fields[0];
    };
    expect(await bad(filter(0, 'secret', 'string', 'eq', 'x'))).toMatchObject({ field: 'filters.0.field' });
    expect(await bad(filter(0, 'name', 'string', 'gt', 'x'))).toEqual({ field: 'filters.0.operator', message: 'name: operator gt does not apply to a string field' });
    expect(await bad(filter(0, 'is_available', 'boolean', 'contains', 'x'))).toMatchObject({ field: 'filters.0.operator' });
    expect(await bad(filter(0, 'first_seen_on', 'date', 'lt', 'soon'))).toMatchObject({ field: 'filters.0.value' });
    expect(await bad(filter(0, 'object_type', 'string', 'eq', '1'))).toMatchObject({ field: 'filters.0.field_type' });
    expect(await bad('filters[0][field]=name&filters[0][field_type]=text&filters[0][operator]=eq')).toMatchObject({ field: 'filters.0.field_type' });
    expect(await bad(Array.from({ length: 11 }, (_, i) => filter(i, 'name', 'string', 'eq', 'x')).join('&'))).toMatchObject({ field: 'filters' });
  });

  it('counts a device points by object type for the point-picker tree', async () => {
    const { admin, ahu } = await plant();
    const groups = expectStatus(await admin.get(`/api/bacnet-devices/${ahu.id}/bacnet-points/object-groups`), 200).json<unknown>();
    expect(groups).toEqual([{ object_type: 0, object_type_name: 'OBJECT_ANALOG_INPUT', count: 12 }, { object_type: 5, object_type_name: 'OBJECT_BINARY_VALUE', count: 2 }]);
    expect((await admin.get(`/api/bacnet-devices/${ahu.id}/bacnet-points/object-groups?showUnavailable=false`)).json()).toMatchObject([{ object_type: 0, count: 11 }, { object_type: 5, count: 2 }]);
    expect((await admin.get('/api/bacnet-devices/424242/bacnet-points/object-groups')).statusCode).toBe(404);
  });

  it("hides a device's points from a user who cannot see its controller, as if the device did not exist", async () => {
    const { ahu } = await plant();
    const other = t.client();
    await registerAndSignIn(other, t.db);
    for (const path of ['', '/count', '/object-groups']) {
      const res = await other.get(`/api/bacnet-devices/${ahu.id}/bacnet-points${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json<{ message: string }>().message, path).toMatch(/BACnet device/);
    }
  });

  it('selects points for reporting', async () => {
    const { admin, ctl, ahu } = await plant();
    const [p] = (await admin.get(`/api/bacnet-devices/${ahu.id}/bacnet-points?sort=object_id&take=1`)).json<BacnetPoint[]>();
    const url = `${ctlUrl(ctl)}/reporting-points/${p?.id}`;
    expect(expectStatus(await send(admin, 'PATCH', url, { is_selected_for_reporting: true }), 200).json()).toMatchObject({ id: p?.id, reporting_is_selected_for_reporting: true });
    const selected = `${ctlUrl(ctl)}/bacnet-points?${filter(0, 'reporting_is_selected_for_reporting', 'boolean', 'eq', 'true')}`;
    expect((await admin.get(selected)).json<BacnetPoint[]>().map((x) => x.id)).toEqual([p?.id]);
    expect(expectStatus(await send(admin, 'PATCH', url, { is_selected_for_reporting: false }), 200).json()).toMatchObject({ reporting_is_selected_for_reporting: false });
    expect((await send(admin, 'PATCH', url, { is_selected_for_reporting: 'yes' })).statusCode).toBe(400);
    expect((await send(admin, 'PATCH', `${ctlUrl(ctl)}/reporting-points/999999`, { is_selected_for_reporting: true })).statusCode).toBe(404);
  });
});
