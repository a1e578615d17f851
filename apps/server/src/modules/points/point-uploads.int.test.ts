import { afterEach, describe, expect, it } from 'vitest';
import type { BacnetDevice } from '@syrx/contracts/devices';
import type { BacnetPoint, PointChange } from '@syrx/contracts/points';
import { adminWithController, addDevice, analogInputs, ctlUrl, expectStatus, uploadPoints } from '../../test/bacnet-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
afterEach(async () => t?.close());

const pointsOf = async (c: TestClient, deviceId: number, q = '') =>
  expectStatus(await c.get(`/api/bacnet-devices/${deviceId}/bacnet-points?take=1000&sort=object_id${q}`), 200).json<BacnetPoint[]>();
const changesOf = async (c: TestClient, ctlId: string, deviceId: number) =>
  expectStatus(await c.get(`/api/SyrxControllers/${ctlId}/bacnet-devices/${deviceId}/point-changes?take=100`), 200).json<PointChange[]>();

/** The server, the administrator's controller with one device, and its point upload's URL. */
async function withDevice(instanceNumber = 5) {
  t = await createTestApp();
  const { admin, ctl } = await adminWithController(t);
  const dev = await addDevice(admin, ctl, { mac_address: '10.0.0.5', instance_number: instanceNumber });
  const base = `/api/bacnet-devices/${dev.id}/bacnet-points`;
  const begin = async () => expectStatus(await admin.post(`${base}/begin`, {}), 201).json<{ upload_id: number }>().upload_id;
  return { admin, ctl, dev, base, begin };
}

describe('point uploads', () => {
  it('records points that appear, disappear and reappear, with the source and the database revision', async () => {
    const { admin, ctl, dev } = await withDevice();

    expect(await uploadPoints(admin, dev.id, analogInputs(1, 3), { database_revision: 10 })).toEqual({ total: 3, appeared: 3, disappeared: 0, reappeared: 0 });
    const first = await pointsOf(admin, dev.id);
    expect(first.map((p) => [p.object_id, p.name, p.units, p.is_available])).toEqual([
      ['OBJECT_ANALOG_INPUT:1', 'AI-1', 'DEGREES_FAHRENHEIT', true], ['OBJECT_ANALOG_INPUT:2', 'AI-2', 'DEGREES_FAHRENHEIT', true], ['OBJECT_ANALOG_INPUT:3', 'AI-3', 'DEGREES_FAHRENHEIT', true],
    ]);
    expect(first[0]).toMatchObject({
      syrx_controller_bacnet_device_id: dev.id, syrx_controller_id: ctl.id, syrx_controller_name: 'Plant controller', object_type: 0, object_type_name: 'OBJECT_ANALOG_INPUT',
      instance_number: 1, description: 'Sensor 1', syrx_controller_bacnet_device_mac_address: '10.0.0.5:47808', syrx_controller_bacnet_device_instance_number: 5,
      last_missed_on: null, reporting_is_selected_for_reporting: false, reporting_latest_value: null,
    });
    expect(first[0]?.first_seen_on).toBe(first[0]?.last_seen_on);
    const device = (await admin.get(`${ctlUrl(ctl)}/bacnet-devices/${dev.id}`)).json<BacnetDevice>();
    expect(device).toMatchObject({ database_revision: 10, point_count: 3 });
    expect(device.last_point_discovery).not.toBeNull();

    // AI-2 is gone and a binary value is new; renamed AI-1 keeps its id.
    const second = [{ ...analogInputs(1, 1)[0]!, name: 'Supply temp' }, ...analogInputs(3, 3), { object_type: 5, instance_number: 1, name: 'Enable' }];
    expect(await uploadPoints(admin, dev.id, second, { database_revision: 11, source: 'revision-change' })).toEqual({ total: 3, appeared: 1, disappeared: 1, reappeared: 0 });
    const after = await pointsOf(admin, dev.id);
    expect(after.map((p) => [p.object_id, p.name, p.is_available, p.last_missed_on !== null])).toEqual([
      ['OBJECT_ANALOG_INPUT:1', 'Supply temp', true, false], ['OBJECT_ANALOG_INPUT:2', 'AI-2', false, true], ['OBJECT_ANALOG_INPUT:3', 'AI-3', true, false], ['OBJECT_BINARY_VALUE:1', 'Enable', true, false],
    ]);
    expect(after[0]?.id).toBe(first[0]?.id);
    expect(after[3]?.units).toBeNull();
    expect((await pointsOf(admin, dev.id, '&showUnavailable=false')).map((p) => p.object_id)).not.toContain('OBJECT_ANALOG_INPUT:2');

    expect(await uploadPoints(admin, dev.id, analogInputs(1, 3), { database_revision: 12 })).toEqual({ total: 3, appeared: 0, disappeared: 1, reappeared: 1 });
    const changes = await changesOf(admin, ctl.id, dev.id);
    const summary = changes.map((c) => `${c.change} ${c.object_id} ${c.source} ${c.database_revision}`).sort();
    expect(summary).toEqual([
      'appeared OBJECT_ANALOG_INPUT:1 user 10', 'appeared OBJECT_ANALOG_INPUT:2 user 10', 'appeared OBJECT_ANALOG_INPUT:3 user 10',
      'appeared OBJECT_BINARY_VALUE:1 revision-change 11', 'disappeared OBJECT_ANALOG_INPUT:2 revision-change 11',
      'disappeared OBJECT_BINARY_VALUE:1 user 12', 'reappeared OBJECT_ANALOG_INPUT:2 user 12',
    ]);
    expect(changes[0]?.database_revision).toBe(12);
    expect((await admin.get(`${ctlUrl(ctl)}/bacnet-devices/${dev.id}`)).json()).toMatchObject({ database_revision: 12, point_count: 3 });
  });

  it('takes a batch sent twice or a point sent twice once, and answers a second completion the same', async () => {
    const { admin, ctl, dev, base, begin } = await withDevice();
    const upload_id = await begin();
    const batch = { upload_id, points: [...analogInputs(1, 4), { ...analogInputs(4, 4)[0]!, name: 'AI-4 (last copy)' }] };
    expectStatus(await admin.post(base, batch), 204);
    expectStatus(await admin.post(base, batch), 204);
    expectStatus(await admin.post(base, { upload_id, points: analogInputs(3, 5) }), 204);
    const result = expectStatus(await admin.post(`${base}/complete`, { upload_id }), 200).json<unknown>();
    expect(result).toEqual({ total: 5, appeared: 5, disappeared: 0, reappeared: 0 });
    expect(expectStatus(await admin.post(`${base}/complete`, { upload_id }), 200).json()).toEqual(result);
    expect((await pointsOf(admin, dev.id)).find((p) => p.instance_number === 4)?.name).toBe('AI-4');
    expect((await admin.post(base, batch)).statusCode).toBe(409);
    expect((await changesOf(admin, ctl.id, dev.id)).length).toBe(5);
    expect((await admin.post(`${base}/complete`, { upload_id: 987654 })).statusCode).toBe(404);
  });

  it('refuses oversize batches, uploads past 2000 points and bad points with 400', async () => {
    const { admin, base, begin } = await withDevice();
    const upload_id = await begin();
    const bad = async (body: unknown) => {
      const res = await admin.request({ method: 'POST', url: base, payload: body as object });
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      return res.json<{ fields: { field: string }[] }>().fields.map((f) => f.field);
    };
    expect(await bad({ upload_id, points: analogInputs(1, 501) })).toEqual(['points']);
    expect(await bad({ upload_id, points: [{ object_type: 1024, instance_number: 1, name: 'x' }] })).toEqual(['points.0.object_type']);
    expect(await bad({ upload_id, points: [{ object_type: 0, instance_number: 4194304, name: 'x' }] })).toEqual(['points.0.instance_number']);
    expect(await bad({ upload_id, points: [{ object_type: 0, instance_number: 1, name: 'x'.repeat(1001) }] })).toEqual(['points.0.name']);
    expect(await bad({ upload_id, points: [{ object_type: 0, instance_number: 1, name: 'x', units: 'degrees' }] })).toEqual(['points.0.units']);
    expect(await bad({ upload_id: 'one', points: [] })).toEqual(['upload_id']);
    for (let i = 1; i <= 2000; i += 500) expectStatus(await admin.post(base, { upload_id, points: analogInputs(i, i + 499) }), 204);
    expect(await bad({ upload_id, points: analogInputs(2001, 2001) })).toEqual(['points']);
    expect((await admin.post(`${base}/begin`, { database_revision: -1 })).statusCode).toBe(400);
    expect((await admin.post(`${base}/begin`, { source: 'cron' })).statusCode).toBe(400);
    // The refused batch left the upload as it was.
    expect(expectStatus(await admin.post(`${base}/complete`, { upload_id }), 200).json()).toEqual({ total: 2000, appeared: 2000, disappeared: 0, reappeared: 0 });
  });

  it('completes a 2000-point upload in set-based statements (prints the time it took)', async () => {
    const { admin, base, begin } = await withDevice(1501);
    const timeUpload = async (points: ReturnType<typeof analogInputs>) => {
      const upload_id = await begin();
      for (let i = 0; i < points.length; i += 500) expectStatus(await admin.post(base, { upload_id, points: points.slice(i, i + 500) }), 204);
      const started = performance.now();
      const result = expectStatus(await admin.post(`${base}/complete`, { upload_id }), 200).json<{ appeared: number; disappeared: number }>();
      return { result, ms: performance.now() - started };
    };
    const fresh = await timeUpload(analogInputs(1, 2000));
    expect(fresh.result).toMatchObject({ appeared: 2000 });
    const again = await timeUpload(analogInputs(101, 2100));
    expect(again.result).toMatchObject({ appeared: 100, disappeared: 100 });
    console.info(`complete of a 2000-point upload: ${fresh.ms.toFixed(0)} ms new, ${again.ms.toFixed(0)} ms replacing (100 in, 100 out)`);
    expect((await admin.get(`${base}/count`)).json()).toEqual({ count: 2100 });
  });
});
