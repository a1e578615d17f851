import { afterEach, describe, expect, it } from 'vitest';
import type { BacnetPoint } from '@syrx/contracts/points';
import type { PressureConfiguration, PressureTransmitter } from '@syrx/contracts/pressure-control';
import type { AuditEntry } from '@syrx/contracts/audit';
import { DomainEvents } from '../../lib/domain-events.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createAgentsService } from '../controllers/agents.service.ts';
import { createControllersService } from '../controllers/controllers.service.ts';
import { createGroupsService } from '../groups/groups.service.ts';
import { adminWithController, addDevice, analogInputs, type Controller, ctlUrl, expectStatus, outsider, send, uploadPoints, viewerWithController } from '../../test/bacnet-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { createPressureControlService } from './pressure-control.service.ts';

let t: TestApp;
afterEach(async () => t?.close());

const svc = 'Syrx.Services.BuildingPressureControlService';
const cfgUrl = (ctl: Controller) => `${ctlUrl(ctl)}/services/${svc}/configuration`;
const bptUrl = (ctl: Controller) => `${ctlUrl(ctl)}/services/${svc}/building-pressure-transmitters`;

/** A controller with a device of five analog points (AI-1 … AI-5), the pressure service enabled. */
async function setUp(): Promise<{ admin: TestClient; ctl: Controller; points: BacnetPoint[] }> {
  t = await createTestApp();
  const { admin, ctl } = await adminWithController(t);
  const device = await addDevice(admin, ctl, { mac_address: '10.2.0.14', instance_number: 1401 });
  await uploadPoints(admin, device.id, analogInputs(1, 5));
  const points = expectStatus(await admin.get(`/api/bacnet-devices/${device.id}/bacnet-points?sort=instance_number`), 200).json<BacnetPoint[]>();
  const services = [{ service_id: 'Syrx.UpdaterService', assigned_version: '^1.0.0' }, { service_id: svc, assigned_version: '^1.0.0' }];
  expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/enabled-services`, services), 200);
  return { admin, ctl, points };
}

describe('building pressure control configuration', () => {
  it('answers defaults before the first save, then saves what is sent and names the chosen points', async () => {
    const { admin, ctl, points } = await setUp();
    const fresh = expectStatus(await admin.get(cfgUrl(ctl)), 200).json<PressureConfiguration>();
    expect(fresh).toMatchObject({ saved: false, neutral_plane_height: null, is_output_enabled: false, indoor_temperature: 70, interval_seconds: 60, write_priority: 10, oat_point: null });

    const [oat, , , , out] = points;
    const saved = expectStatus(await send(admin, 'PATCH', cfgUrl(ctl), { neutral_plane_height: 85.5, oat_syrx_controller_bacnet_point_id: oat?.id, pnorm_output_syrx_controller_bacnet_point_id: out?.id }), 200).json<PressureConfiguration>();
    expect(saved).toMatchObject({ saved: true, neutral_plane_height: 85.5, is_output_enabled: false, oat_point: { syrx_controller_bacnet_point_object_id: 'OBJECT_ANALOG_INPUT:1', syrx_controller_bacnet_point_name: 'AI-1', syrx_controller_bacnet_device_mac_address: '10.2.0.14:47808' } });
    // A field not sent stays; null clears the height (spec: non-finite or empty is sent as null).
    const cleared = expectStatus(await send(admin, 'PATCH', cfgUrl(ctl), { neutral_plane_height: null, is_output_enabled: true }), 200).json<PressureConfiguration>();
    expect(cleared).toMatchObject({ neutral_plane_height: null, is_output_enabled: true, oat_syrx_controller_bacnet_point_id: oat?.id });
    // Switching output on is the user's write to a BACnet point: audited with who and which controller.
    const [entry] = expectStatus(await admin.get('/api/v2/audit-log?take=1'), 200).json<AuditEntry[]>();
    expect(entry).toMatchObject({ action: 'bacnet.write', username: 'admin', target_type: 'syrx_controller', target_id: ctl.id, details: { change: 'pressure control output switched on', point_id: out?.id, priority: 10 } });
  });

  it('refuses bad values with the field and reason, and points of another controller', async () => {
    const { admin, ctl } = await setUp();
    const other = expectStatus(await admin.post('/api/SyrxControllers', { name: 'Other' }), 201).json<Controller>();
    const dev = await addDevice(admin, other, { mac_address: '10.3.0.1', instance_number: 31 });
    await uploadPoints(admin, dev.id, analogInputs(1, 1));
    const [foreign] = expectStatus(await admin.get(`/api/bacnet-devices/${dev.id}/bacnet-points`), 200).json<BacnetPoint[]>();

    const priority6 = expectStatus(await send(admin, 'PATCH', cfgUrl(ctl), { write_priority: 6 }), 400);
    expect(priority6.json()).toMatchObject({ fields: [{ field: 'write_priority', message: 'Enter a priority from 1 to 16 (6 is reserved for minimum on/off)' }] });
    expectStatus(await send(admin, 'PATCH', cfgUrl(ctl), { interval_seconds: 2 }), 400);
    expectStatus(await send(admin, 'PATCH', cfgUrl(ctl), { neutral_plane_height: 'tall' }), 400);
    const notOurs = expectStatus(await send(admin, 'PATCH', cfgUrl(ctl), { oat_syrx_controller_bacnet_point_id: foreign?.id }), 400);
    expect(notOurs.json()).toMatchObject({ fields: [{ field: 'oat_syrx_controller_bacnet_point_id', message: 'Choose a point of this controller' }] });
    expect(expectStatus(await admin.get(cfgUrl(ctl)), 200).json()).toMatchObject({ saved: false });
    // Another service's id is not this service.
    expectStatus(await admin.get(`${ctlUrl(ctl)}/services/Syrx.Services.ReportingService/configuration`), 404);
  });

  it('keeps transmitters numbered BPT-n with their points, refusing a number in use', async () => {
    const { admin, ctl, points } = await setUp();
    const [, p2, p3, p4] = points;
    const first = expectStatus(await send(admin, 'POST', bptUrl(ctl), { name: 'Lobby', transmitter_height: 4, syrx_controller_bacnet_point_id: p2?.id }), 201).json<PressureTransmitter>();
    const second = expectStatus(await send(admin, 'POST', bptUrl(ctl), { name: 'Roof', transmitter_height: 172, syrx_controller_bacnet_point_id: p3?.id }), 201).json<PressureTransmitter>();
    expect([first.num, second.num]).toEqual([1, 2]);
    expect(first).toMatchObject({ syrx_controller_bacnet_point_object_id: 'OBJECT_ANALOG_INPUT:2', syrx_controller_bacnet_point_name: 'AI-2', syrx_controller_bacnet_device_mac_address: '10.2.0.14:47808', last_pressure: null });

    const taken = expectStatus(await send(admin, 'POST', bptUrl(ctl), { num: 1, transmitter_height: 52, syrx_controller_bacnet_point_id: p4?.id }), 409);
    expect(taken.json()).toMatchObject({ fields: [{ field: 'num', message: 'That transmitter number is already used on this controller' }] });
    const edited = expectStatus(await send(admin, 'PUT', `${bptUrl(ctl)}/${second.id}`, { num: 4, name: 'Roof (Level 15)', transmitter_height: 172.5, syrx_controller_bacnet_point_id: p4?.id }), 200).json<PressureTransmitter>();
    expect(edited).toMatchObject({ num: 4, name: 'Roof (Level 15)', transmitter_height: 172.5, syrx_controller_bacnet_point_name: 'AI-4' });
    expect(expectStatus(await admin.get(bptUrl(ctl)), 200).json<PressureTransmitter[]>().map((x) => x.num)).toEqual([1, 4]);

    expectStatus(await admin.delete(`${bptUrl(ctl)}/${first.id}`), 204);
    expectStatus(await admin.get(`${bptUrl(ctl)}/${first.id}`), 404);
    expectStatus(await admin.delete(`${bptUrl(ctl)}/${first.id}`), 404);
    expectStatus(await send(admin, 'POST', bptUrl(ctl), { transmitter_height: Number.NaN, syrx_controller_bacnet_point_id: p4?.id }), 400);
  });

  it('hides everything from another group (404) and lets a viewer read but not change (403)', async () => {
    const { admin, ctl } = await setUp();
    const stranger = await outsider(t);
    for (const url of [cfgUrl(ctl), bptUrl(ctl)]) expectStatus(await stranger.get(url), 404);
    expectStatus(await send(stranger, 'PATCH', cfgUrl(ctl), { is_output_enabled: true }), 404);

    const { viewer, ctl: theirs } = await viewerWithController(t, admin);
    expectStatus(await viewer.get(cfgUrl(theirs)), 200);
    expectStatus(await send(viewer, 'PATCH', cfgUrl(theirs), { is_output_enabled: true }), 403);
    expectStatus(await send(viewer, 'POST', bptUrl(theirs), { transmitter_height: 1, syrx_controller_bacnet_point_id: 1 }), 403);
  });
});

describe('what the agent runs and reports', () => {
  it('pushes the loop configuration with point addresses and units, and stores the reported values', async () => {
    const { admin, ctl, points } = await setUp();
    const [oat, p2, , , out] = points;
    await send(admin, 'PATCH', cfgUrl(ctl), { neutral_plane_height: 90, oat_syrx_controller_bacnet_point_id: oat?.id, pnorm_output_syrx_controller_bacnet_point_id: out?.id, is_output_enabled: true, write_priority: 12 });
    const bpt = expectStatus(await send(admin, 'POST', bptUrl(ctl), { transmitter_height: 4, syrx_controller_bacnet_point_id: p2?.id }), 201).json<PressureTransmitter>();

    // The services as app.ts wires them, on the test's database.
    const events = new DomainEvents();
    const groups = createGroupsService(t.db);
    const audit = createAuditService(t.db, groups);
    const pressure = createPressureControlService(t.db, createControllersService(t.db, groups, events, audit), events, audit);
    const agents = createAgentsService(t.db, undefined, undefined, pressure);
    const agentConfig = (await agents.config(ctl.id)).pressure_control;
    expect(agentConfig).toMatchObject({
      enabled: true, neutral_plane_height: 90, is_output_enabled: true, write_priority: 12, indoor_temperature_f: 70, interval_seconds: 60,
      oat_point: { id: oat?.id, mac_address: '10.2.0.14:47808', device_instance_number: 1401, object_type: 0, instance_number: 1, units: 'DEGREES_FAHRENHEIT' },
      transmitters: [{ id: bpt.id, num: 1, height_ft: 4, point: { instance_number: 2 } }],
    });

    const now = Date.now();
    await pressure.recordStatus(ctl.id, {
      timestamp: now, oat: { value: 41.5, timestamp: now }, transmitters: [{ id: bpt.id, pressure: -0.045, normalized: -0.01, timestamp: now }],
      pnorm: { value: -0.01, timestamp: now }, write: { point_id: out?.id ?? 0, value: -0.01, priority: 12, timestamp: now }, relinquished: null,
      exception: { timestamp: now, type: 'BacnetTimeout', message: 'BPT-2 did not answer', stack_trace: 'at read' },
    });
    const status = expectStatus(await admin.get(cfgUrl(ctl)), 200).json<PressureConfiguration>();
    expect(status).toMatchObject({ last_oat_value: 41.5, last_pnorm_output_value: -0.01, exception_type: 'BacnetTimeout', exception_message: 'BPT-2 did not answer', exception_stack_trace: 'at read' });
    expect(status.last_pnorm_output_write_date).toBe(new Date(now).toISOString());
    expect(expectStatus(await admin.get(`${bptUrl(ctl)}/${bpt.id}`), 200).json()).toMatchObject({ last_pressure: -0.045, last_normalized_pressure: -0.01 });

    // The agent's first write and its relinquish are audited once each, even when a relinquish is reported again.
    const relinquished = { point_id: out?.id ?? 0, priority: 12, timestamp: now + 60_000 };
    const report = { timestamp: now + 60_000, oat: null, transmitters: [], pnorm: null, write: null, relinquished, exception: null };
    await pressure.recordStatus(ctl.id, report);
    await pressure.recordStatus(ctl.id, report);
    const writes = expectStatus(await admin.get('/api/v2/audit-log?take=10'), 200).json<AuditEntry[]>().filter((e) => e.action === 'bacnet.write' && e.user_id === null);
    expect(writes.map((e) => e.details.change)).toEqual(['the agent relinquished its priority', 'the agent began writing Pnorm']);

    // Without the service enabled the agent runs nothing.
    expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/enabled-services`, [{ service_id: 'Syrx.UpdaterService', assigned_version: '^1.0.0' }]), 200);
    expect((await agents.config(ctl.id)).pressure_control).toMatchObject({ enabled: false, transmitters: [] });
  });

  it('keeps the exception the agent reports before the first save, and the configuration stays unsaved', async () => {
    const { admin, ctl } = await setUp();
    const events = new DomainEvents();
    const groups = createGroupsService(t.db);
    const audit = createAuditService(t.db, groups);
    const pressure = createPressureControlService(t.db, createControllersService(t.db, groups, events, audit), events, audit);
    const now = Date.now();
    const exception = { timestamp: now, type: 'PressureControlError', message: 'No outside-air temperature point is configured; nothing is written.', stack_trace: null };
    await pressure.recordStatus(ctl.id, { timestamp: now, oat: null, transmitters: [], pnorm: null, write: null, relinquished: null, exception });

    const status = expectStatus(await admin.get(cfgUrl(ctl)), 200).json<PressureConfiguration>();
    expect(status).toMatchObject({ saved: false, exception_date: new Date(now).toISOString(), exception_type: 'PressureControlError', exception_message: exception.message });
    // Still nothing to run until a user saves: the agent gets the disabled values.
    const agents = createAgentsService(t.db, undefined, undefined, pressure);
    expect((await agents.config(ctl.id)).pressure_control).toMatchObject({ enabled: true, neutral_plane_height: null, oat_point: null, transmitters: [] });

    const saved = expectStatus(await send(admin, 'PATCH', cfgUrl(ctl), { neutral_plane_height: 80 }), 200).json<PressureConfiguration>();
    expect(saved).toMatchObject({ saved: true, neutral_plane_height: 80, exception_type: 'PressureControlError' });
  });
});
