import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { BacnetDevice, DeviceSubmissionResult } from '@syrx/contracts/devices';
import { adminWithController, addDevice, ctlUrl, expectStatus, send } from '../../test/bacnet-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { devicesRepo } from './devices.repo.ts';

let t: TestApp;
afterEach(async () => t?.close());

const local = (n: number, ip = `10.0.0.${n % 250}`) => ({ mac_address: ip, instance_number: n });

describe('BACnet devices', () => {
  it("reads the devices many controllers' agents watch in one statement, each controller's its own (not the ignored)", async () => {
    t = await createTestApp();
    const { admin, ctl } = await adminWithController(t);
    const other = expectStatus(await admin.post('/api/SyrxControllers', { name: 'Other', description: '' }), 201).json<{ id: string }>();
    const [a, ignored, b] = [await addDevice(admin, ctl, local(1)), await addDevice(admin, ctl, local(2)), await addDevice(admin, other, local(3))];
    expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/bacnet-devices/${ignored.id}/ignored`, { ignored: true }), 200);
    const watched = await devicesRepo.watchedOf(t.db, [ctl.id, other.id, randomUUID()]);
    expect([...watched.keys()].sort()).toEqual([ctl.id, other.id].sort());
    expect(watched.get(ctl.id)).toEqual([{ id: a.id, mac_address: '10.0.0.1:47808', network: 0, destination_mac_address: '0.0.0.0:0', destination_network: 0, instance_number: 1, database_revision: null }]);
    expect(watched.get(other.id)?.map((d) => d.id)).toEqual([b.id]);
  });

  it('adds a device by hand with defaults, and refuses it twice with the specification message', async () => {
    t = await createTestApp();
    const { admin, ctl } = await adminWithController(t);
    const d = await addDevice(admin, ctl, { mac_address: '10.0.0.5', instance_number: 5 });
    expect(d).toMatchObject({
      syrx_controller_id: ctl.id, mac_address: '10.0.0.5:47808', network: 0, instance_number: 5, destination_mac_address: '0.0.0.0:0',
      destination_network: 0, name: null, status: 'unknown', ignored: false, point_count: 0, first_available_on: null, database_revision: null,
    });
    const again = await admin.post(`${ctlUrl(ctl)}/syrx-controller-bacnet-devices`, { mac_address: '10.0.0.99', instance_number: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', message: "The provided BACnet device already exists, it can't be re-added" });

    const routed = await addDevice(admin, ctl, { mac_address: '10.0.0.2:47809', network: 0, instance_number: 1001001, destination_mac_address: '0A', destination_network: 1001 });
    expect(routed).toMatchObject({ mac_address: '10.0.0.2:47809', destination_mac_address: '0a', destination_network: 1001 });
    expect(expectStatus(await admin.get(`${ctlUrl(ctl)}/bacnet-devices/${routed.id}`), 200).json()).toEqual(routed);
  });

  it('answers 400 with field errors for bad addresses and numbers, never a 5xx', async () => {
    t = await createTestApp();
    const { admin, ctl } = await adminWithController(t);
    const post = (body: unknown) => send(admin, 'POST', `${ctlUrl(ctl)}/syrx-controller-bacnet-devices`, body);
    const fieldsOf = async (body: unknown) => {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      return res.json<{ fields: { field: string; message: string }[] }>().fields;
    };
    expect(await fieldsOf({ mac_address: '300.1.1.1', instance_number: 1 })).toEqual([{ field: 'mac_address', message: 'Enter an IPv4 address with an optional port (192.168.1.20:47808)' }]);
    expect(await fieldsOf({ mac_address: '10.0.0.1:99999', instance_number: 1 })).toEqual([{ field: 'mac_address', message: 'Enter an IPv4 address with an optional port (192.168.1.20:47808)' }]);
    expect(await fieldsOf({ mac_address: '10.0.0.1', instance_number: 4194304 })).toEqual([{ field: 'instance_number', message: 'Enter an instance number from 0 to 4194303' }]);
    expect(await fieldsOf({ mac_address: '10.0.0.1', instance_number: 1, network: 70000 })).toEqual([{ field: 'network', message: 'Enter a network number from 0 to 65534' }]);
    expect((await fieldsOf({ mac_address: '10.0.0.1', instance_number: 1, destination_mac_address: 'zz:zz', destination_network: 5 }))[0]?.field).toBe('destination_mac_address');
    expect((await fieldsOf([local(1), { mac_address: 'x', instance_number: 2 }]))[0]?.field).toBe('1.mac_address');
    expect((await post([])).statusCode).toBe(400);
    expect((await admin.request({ method: 'POST', url: `${ctlUrl(ctl)}/syrx-controller-bacnet-devices`, payload: '"nonsense"', headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect((await admin.request({ method: 'POST', url: `${ctlUrl(ctl)}/syrx-controller-bacnet-devices`, payload: '{"mac_address":', headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect((await admin.get(`${ctlUrl(ctl)}/bacnet-devices/abc`)).statusCode).toBe(400);
    expect((await admin.get(`${ctlUrl(ctl)}/bacnet-devices/99999999999`)).statusCode).toBe(400);
    expect((await admin.get(`${ctlUrl(ctl)}/bacnet-devices/12345`)).statusCode).toBe(404);
    expect((await send(admin, 'PUT', `${ctlUrl(ctl)}/bacnet-devices/1/ignored`, { ignored: 'yes' })).statusCode).toBe(400);
    expect((await send(admin, 'PATCH', '/api/bacnet-devices', [{ id: 1, database_revision: -1 }])).statusCode).toBe(400);
  });

  it('adds the new devices of a discovery list as pending and skips the known ones', async () => {
    t = await createTestApp();
    const { admin, ctl } = await adminWithController(t);
    await addDevice(admin, ctl, local(1));
    const res = expectStatus(await admin.post(`${ctlUrl(ctl)}/syrx-controller-bacnet-devices`, [local(1), local(2), local(3), local(3, '10.0.9.9')]), 200);
    const out = res.json<DeviceSubmissionResult>();
    expect(out.added.map((d) => [d.instance_number, d.status, d.mac_address])).toEqual([[2, 'pending', '10.0.0.2:47808'], [3, 'pending', '10.0.0.3:47808']]);
    expect(out.skipped).toBe(2);
    expect((await admin.get(`${ctlUrl(ctl)}/bacnet-devices/count`)).json()).toEqual({ count: 3 });
    // Without an agent the pending devices stay pending: nothing was read.
    const list = (await admin.get(`${ctlUrl(ctl)}/bacnet-devices?sort=instance_number`)).json<BacnetDevice[]>();
    expect(list.map((d) => d.status)).toEqual(['unknown', 'pending', 'pending']);
  });

  it('pages, sorts, filters and hides unavailable and ignored devices unless asked', async () => {
    t = await createTestApp();
    const { admin, ctl } = await adminWithController(t);
    const ids: number[] = [];
    for (const n of [10, 20, 30, 40, 50]) ids.push((await addDevice(admin, ctl, local(n))).id);
    const [a, b, c, d] = ids as [number, number, number, number, number];
    expectStatus(await send(admin, 'PATCH', `${ctlUrl(ctl)}/bacnet-devices`, [
      { id: a, status: 'available', name: 'AHU-1', vendor_name: 'Acme', description: 'Roof', model_name: 'X1', database_revision: 7 },
      { id: b, status: 'available', name: 'ahu-2', vendor_name: 'Acme' },
      { id: c, status: 'unavailable' },
    ]), 200);
    expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/bacnet-devices/${d}/ignored`, { ignored: true }), 200);
    const get = async (q: string) => expectStatus(await admin.get(`${ctlUrl(ctl)}/bacnet-devices${q}`), 200).json<BacnetDevice[]>();
    const instances = async (q: string) => (await get(q)).map((x) => x.instance_number);

    expect(await instances('')).toEqual([10, 20, 50]);
    // The list's rows come from node-postgres as they are: a bigint revision must still arrive as a number.
    expect((await get('')).find((x) => x.id === a)).toMatchObject({ database_revision: 7, name: 'AHU-1', point_count: 0, first_available_on: expect.any(String) as unknown });
    expect(await instances('?showUnavailable=true')).toEqual([10, 20, 30, 40, 50]);
    expect((await get('?showUnavailable=true')).map((x) => x.status)).toEqual(['available', 'available', 'unavailable', 'ignored', 'unknown']);
    expect((await admin.get(`${ctlUrl(ctl)}/bacnet-devices/count?showUnavailable=true`)).json()).toEqual({ count: 5 });
    expect((await admin.get(`${ctlUrl(ctl)}/bacnet-devices/count`)).json()).toEqual({ count: 3 });
    expect(await instances('?sort=instance_number:desc&showUnavailable=true&skip=1&take=2')).toEqual([40, 30]);
    expect(await instances('?sort[0][field]=name&sort[0][dir]=asc&page=1&pageSize=2')).toEqual([10, 20]);
    expect(await instances('?sort=status,instance_number:desc&showUnavailable=true')).toEqual([20, 10, 40, 30, 50]);

    const filter = (field: string, type: string, op: string, value: string, i = 0) => `filters[${i}][field]=${field}&filters[${i}][field_type]=${type}&filters[${i}][operator]=${op}&filters[${i}][value]=${encodeURIComponent(value)}`;
    expect(await instances(`?${filter('name', 'string', 'startswith', 'AHU')}`)).toEqual([10, 20]);
    expect(await instances(`?${filter('name', 'string', 'eq', 'ahu-1')}`)).toEqual([10]);
    expect(await instances(`?${filter('instance_number', 'number', 'gte', '20')}&${filter('instance_number', 'number', 'lt', '50', 1)}&showUnavailable=true`)).toEqual([20, 30, 40]);
    expect(await instances(`?${filter('ignored', 'boolean', 'eq', 'true')}&showUnavailable=true`)).toEqual([40]);
    expect(await instances(`?${filter('status', 'string', 'eq', 'unknown')}`)).toEqual([50]);
    expect(await instances(`?${filter('first_available_on', 'date', 'isnotnull', '')}`)).toEqual([10, 20]);
    expect(await instances(`?${filter('name', 'string', 'contains', '%')}`)).toEqual([]);
    expect((await admin.get(`${ctlUrl(ctl)}/bacnet-devices/count?${filter('vendor_name', 'string', 'eq', 'acme')}`)).json()).toEqual({ count: 2 });

    const bad = async (q: string) => {
      const res = await admin.get(`${ctlUrl(ctl)}/bacnet-devices${q}`);
      expect(res.statusCode, q).toBe(400);
      return res.json<{ message: string; fields: { field: string; message: string }[] }>();
    };
    expect((await bad('?sort=secret')).message).toContain('secret');
    expect((await bad(`?${filter('password', 'string', 'eq', 'x')}`)).fields).toEqual([{ field: 'filters.0.field', message: expect.stringContaining('password: unknown field') as string }]);
    expect((await bad(`?${filter('name', 'number', 'eq', '1')}`)).fields[0]?.message).toBe('name: name is a string field, not number');
    expect((await bad(`?${filter('instance_number', 'number', 'contains', '1')}`)).fields[0]).toEqual({ field: 'filters.0.operator', message: 'instance_number: operator contains does not apply to a number field' });
    expect((await bad(`?${filter('instance_number', 'number', 'eq', 'ten')}`)).fields[0]?.field).toBe('filters.0.value');
    expect((await bad(`?${filter('last_available_on', 'date', 'gt', 'yesterday-ish')}`)).fields[0]?.field).toBe('filters.0.value');
    expect((await bad(`?${filter('ignored', 'boolean', 'eq', 'maybe')}`)).fields[0]?.field).toBe('filters.0.value');
    expect((await bad('?filters[0][field]=name&filters[0][field_type]=string&filters[0][operator]=like')).fields[0]?.field).toBe('filters.0.operator');
    expect((await bad('?take=0')).fields[0]?.field).toBe('take');
  });

  it('records reads patched by the browser: available with the properties, unavailable without name, vendor and description', async () => {
    t = await createTestApp();
    const { admin, ctl } = await adminWithController(t);
    const dev = await addDevice(admin, ctl, local(7));
    const [ok] = expectStatus(await send(admin, 'PATCH', '/api/bacnet-devices', [{ id: dev.id, status: 'available', name: 'CP-1', vendor_name: 'Acme', description: 'Plant', model_name: 'M', database_revision: 3 }]), 200).json<BacnetDevice[]>();
    expect(ok).toMatchObject({ status: 'available', name: 'CP-1', vendor_name: 'Acme', description: 'Plant', model_name: 'M', database_revision: 3 });
    expect(ok?.first_available_on).toEqual(ok?.last_available_on);
    expect(ok?.last_discovery_attempt).not.toBeNull();
    const [down] = expectStatus(await send(admin, 'PATCH', `${ctlUrl(ctl)}/bacnet-devices`, [{ id: dev.id, status: 'unavailable' }]), 200).json<BacnetDevice[]>();
    expect(down).toMatchObject({ status: 'unavailable', name: null, vendor_name: null, description: null, model_name: 'M', first_available_on: ok?.first_available_on });
    expect(down?.last_unavailable_on).not.toBeNull();
    const [renamed] = expectStatus(await send(admin, 'PATCH', '/api/bacnet-devices', [{ id: dev.id, name: 'CP-1 (old)' }]), 200).json<BacnetDevice[]>();
    expect(renamed).toMatchObject({ status: 'unavailable', name: 'CP-1 (old)' });
    expect((await send(admin, 'PATCH', '/api/bacnet-devices', [{ id: 999999, name: 'x' }])).statusCode).toBe(404);
  });

  it('ignores and unignores a device; reloads without a connected agent answer 503 and change nothing', async () => {
    t = await createTestApp();
    const { admin, ctl } = await adminWithController(t);
    const dev = await addDevice(admin, ctl, local(8));
    const url = `${ctlUrl(ctl)}/bacnet-devices/${dev.id}`;
    expect(expectStatus(await send(admin, 'PUT', `${url}/ignored`, { ignored: true }), 200).json()).toMatchObject({ status: 'ignored', ignored: true });
    expect(expectStatus(await send(admin, 'PUT', `${url}/ignored`, { ignored: false }), 200).json()).toMatchObject({ status: 'unknown', ignored: false });
    for (const action of ['reload-properties', 'reload-points']) {
      const res = await admin.post(`${url}/${action}`);
      expect(res.statusCode, action).toBe(503);
      expect(res.json()).toEqual({ code: 'unavailable', message: "The controller's agent is not connected.", details: { exception_type: 'NotConnected' } });
    }
    expect((await admin.get(url)).json()).toEqual(dev);
  });
});
