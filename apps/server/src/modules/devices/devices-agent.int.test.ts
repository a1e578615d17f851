import { describe, expect, it } from 'vitest';
import type { BacnetDevice, DeviceSubmissionResult } from '@syrx/contracts/devices';
import type { BacnetPoint, StagedPointRead } from '@syrx/contracts/points';
import { clientEvents, type PointReadProgress, type RequestResponse } from '@syrx/contracts/realtime';
import { browserSocket, hostIn, nextAgentStatus, useAgentTestFile } from '../../test/agent-helpers.ts';
import { addDevice, ctlUrl, expectStatus, send, until } from '../../test/bacnet-helpers.ts';

// This file's loopback range, 127.0.51.x (+100 in the PostgreSQL pass): the demo building at .0, the agent at .200.
const file = useAgentTestFile(51);
const { base } = file;

/** The server, a controller configured for the range, and its real agent (connected). */
async function withAgent() {
  const { url, admin, ctl } = await file.controller();
  const agent = file.agent(url, ctl, { apduTimeoutMs: 300 });
  await until(async () => agent.config() !== null, 10_000, 'agent configured');
  return { url, admin, ctl, agent };
}

const ahu1 = { mac_address: hostIn(base, 11), instance_number: 1101 };

describe('devices read through the real agent', () => {
  it('reloads the properties of a device that answers (available) and of one that does not (unavailable)', async () => {
    const { admin, ctl } = await withAgent();
    const dev = await addDevice(admin, ctl, ahu1);
    const read = expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${dev.id}/reload-properties`), 200).json<BacnetDevice>();
    const sim = file.site().device(1101);
    expect(read).toMatchObject({ status: 'available', name: 'AHU-1', vendor_name: sim.model.vendorName, model_name: sim.model.modelName, database_revision: 12 });
    expect(read.first_available_on).not.toBeNull();
    expect(read.last_available_on).toBe(read.last_discovery_attempt);

    // Nothing answers at .99: the agent's BACnet request times out and the device is marked unavailable.
    const ghost = await addDevice(admin, ctl, { mac_address: hostIn(base, 99), instance_number: 9999 });
    const gone = expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${ghost.id}/reload-properties`), 200).json<BacnetDevice>();
    expect(gone).toMatchObject({ status: 'unavailable', name: null, vendor_name: null, description: null, first_available_on: null });
    expect(gone.last_unavailable_on).not.toBeNull();

    // A device behind the router (network 1001, MAC 3) is read through it.
    const vav = await addDevice(admin, ctl, { mac_address: hostIn(base, 2), instance_number: 1001003, destination_network: 1001, destination_mac_address: '03' });
    expect(expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${vav.id}/reload-properties`), 200).json()).toMatchObject({ status: 'available', name: 'VAV-2-03' });
  });

  it('reloads the 2000 points of EMS-1 and stores them', async () => {
    const { admin, ctl } = await withAgent();
    const ems = await addDevice(admin, ctl, { mac_address: hostIn(base, 15), instance_number: 1501 });
    const result = expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${ems.id}/reload-points`), 200).json<unknown>();
    expect(result).toEqual({ total: 2000, appeared: 2000, disappeared: 0, reappeared: 0 });
    expect((await admin.get(`/api/bacnet-devices/${ems.id}/bacnet-points/count`)).json()).toEqual({ count: 2000 });
    const [device] = (await admin.get(`/api/bacnet-devices/${ems.id}/bacnet-points?sort=object_type&take=1`)).json<BacnetPoint[]>();
    expect(device).toMatchObject({ object_id: 'OBJECT_ANALOG_INPUT:1' });
    expect((await admin.get(`${ctlUrl(ctl)}/bacnet-devices/${ems.id}`)).json()).toMatchObject({ database_revision: 27, point_count: 2000 });
    // Read again: nothing changed.
    expect(expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${ems.id}/reload-points`), 200).json()).toEqual({ total: 2000, appeared: 0, disappeared: 0, reappeared: 0 });
  }, 180_000);

  it('stages the points the agent read for the dialog: progress to the browser, nothing stored until complete', async () => {
    const { url, admin, ctl } = await withAgent();
    const dev = await addDevice(admin, ctl, ahu1);
    const b = browserSocket(url, admin, file);
    expect(await b.emitWithAck(clientEvents.connect, { syrxControllerId: ctl.id })).toEqual({ connected: true });
    const progress: PointReadProgress[] = [];
    b.on(clientEvents.pointReadProgress, (p: PointReadProgress) => progress.push(p));

    const objects = file.site().device(1101).model.objectList().length;
    const staged = expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${dev.id}/reload-points/stage`, { read_id: 'dialog-1' }), 201).json<StagedPointRead>();
    expect(staged).toMatchObject({ database_revision: 12, object_count: objects, truncated: false, point_count: objects });
    await until(async () => progress.length > 0, 5000, 'progress relayed');
    expect(progress.every((p) => p.readId === 'dialog-1' && p.deviceId === dev.id && p.syrxControllerId === ctl.id)).toBe(true);
    // Staged, not applied: the user reviews first.
    expect((await admin.get(`/api/bacnet-devices/${dev.id}/bacnet-points/count`)).json()).toEqual({ count: 0 });

    const done = expectStatus(await admin.post(`/api/bacnet-devices/${dev.id}/bacnet-points/complete`, { upload_id: staged.upload_id }), 200).json<unknown>();
    expect(done).toEqual({ total: objects, appeared: objects, disappeared: 0, reappeared: 0 });
    expect((await admin.get(`/api/bacnet-devices/${dev.id}/bacnet-points/count`)).json()).toEqual({ count: objects });
    const changes = (await admin.get(`${ctlUrl(ctl)}/bacnet-devices/${dev.id}/point-changes`)).json<{ source: string }[]>();
    expect(changes.every((c) => c.source === 'user')).toBe(true);

    // A browser cannot have the agent send it a point list over its socket.
    const answer = new Promise<RequestResponse>((resolve) => b.once(clientEvents.requestResponse, resolve));
    b.emit(clientEvents.startRequest, { requestType: 'ReloadPoints', syrxControllerId: ctl.id, requestId: 'r1', macAddress: ahu1.mac_address, network: 0, instanceNumber: 1101 });
    expect((await answer).data).toMatchObject({ IsException: true, ExceptionType: 'InvalidRequest' });
  });

  it('answers 504 when the device does not answer and 502 with the BACnet error when it answers with one', async () => {
    const { admin, ctl, agent } = await withAgent();
    // The network's APDU timing reaches the agent with the BACnet connection (configureBacnet: 1000 ms, 2 retries).
    expect(agent.config()?.bacnet).toMatchObject({ apdu_timeout_ms: 1000, apdu_retries: 2 });
    // Nothing answers at .99: the agent's BACnet requests time out.
    const ghost = await addDevice(admin, ctl, { mac_address: hostIn(base, 99), instance_number: 9999 });
    const silent = expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${ghost.id}/reload-points`), 504).json<unknown>();
    expect(silent).toMatchObject({ code: 'gateway_timeout', details: { exception_type: 'BacnetTimeout' } });
    // Issue 22, "a slow or absent device costs little": the device is marked unavailable at once, and the answer says so.
    expect((silent as { message: string }).message).toMatch(/^Device 9999 did not answer, so it is marked unavailable/);
    expect((await admin.get(`${ctlUrl(ctl)}/bacnet-devices/${ghost.id}`)).json()).toMatchObject({ status: 'unavailable', name: null });
    expect(expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${ghost.id}/reload-points/stage`, { read_id: 'x' }), 504).json())
      .toMatchObject({ code: 'gateway_timeout', message: expect.stringContaining('marked unavailable') as unknown });

    // AHU-1's address with another instance: the device answers unknown-object (class object 1, code 31).
    const wrong = await addDevice(admin, ctl, { mac_address: ahu1.mac_address, instance_number: 1199 });
    const refused = expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${wrong.id}/reload-points`), 502).json<unknown>();
    expect(refused).toMatchObject({ code: 'bad_gateway', details: { exception_type: 'BacnetError', error_class: 1, error_code: 31 } });
    expect((await admin.get(`/api/bacnet-devices/${wrong.id}/bacnet-points/count`)).json()).toEqual({ count: 0 });
  });

  it('reads devices submitted from discovery and their points in the background, and tells the agent which devices to watch', async () => {
    const { admin, ctl, agent } = await withAgent();
    const found = [ahu1, { mac_address: hostIn(base, 12), instance_number: 1201 }, { mac_address: hostIn(base, 13), instance_number: 1301 }];
    const out = expectStatus(await admin.post(`${ctlUrl(ctl)}/syrx-controller-bacnet-devices`, found), 200).json<DeviceSubmissionResult>();
    expect(out.added.map((d) => d.status)).toEqual(['pending', 'pending', 'pending']);
    const list = async () => (await admin.get(`${ctlUrl(ctl)}/bacnet-devices?sort=instance_number`)).json<BacnetDevice[]>();
    await until(async () => (await list()).every((d) => d.status === 'available'), 20_000, 'discovered devices read');
    expect((await list()).map((d) => d.name)).toEqual(['AHU-1', 'CP-1', 'WS-1']);
    // Their point lists follow, as the devices' object lists have them (the device object included).
    const objectLists = [1101, 1201, 1301].map((n) => file.site().device(n).model.objectList().length);
    await until(async () => (await list()).map((d) => d.point_count).join() === objectLists.join(), 20_000, 'discovered devices\' points read');
    const [firstAdded] = out.added;
    const changes = (await admin.get(`${ctlUrl(ctl)}/bacnet-devices/${firstAdded?.id}/point-changes`)).json<{ change: string; source: string }[]>();
    expect(changes.length).toBe(objectLists[0]);
    expect(changes.every((c) => c.change === 'appeared' && c.source === 'discovery')).toBe(true);
    await until(async () => agent.config()?.devices.length === 3, 5000, 'devices in the agent configuration');

    const [first] = out.added;
    expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/bacnet-devices/${first?.id}/ignored`, { ignored: true }), 200);
    await until(async () => agent.config()?.devices.map((d) => d.instance_number).join() === '1201,1301', 5000, 'ignored device left out');
    expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/bacnet-devices/${first?.id}/ignored`, { ignored: false }), 200);
    await until(async () => agent.config()?.devices.length === 3, 5000, 'unignored device back');
    expect(agent.config()?.devices.find((d) => d.instance_number === 1101)).toEqual({
      id: first?.id, mac_address: `${hostIn(base, 11)}:47808`, network: 0, destination_mac_address: '0.0.0.0:0', destination_network: 0, instance_number: 1101, database_revision: 12,
    });
  });

  it('tells browsers when the agent goes and comes back; reloads meanwhile answer 503', async () => {
    const { url, admin, ctl, agent } = await withAgent();
    const dev = await addDevice(admin, ctl, ahu1);
    const b = browserSocket(url, admin, file);
    expect(await b.emitWithAck(clientEvents.connect, { syrxControllerId: ctl.id })).toEqual({ connected: true });

    const down = nextAgentStatus(b);
    await agent.stop();
    expect(await down).toEqual({ syrxControllerId: ctl.id, connected: false });
    const refused = await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${dev.id}/reload-properties`);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'unavailable', message: "The controller's agent is not connected." });
    expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${dev.id}/reload-points`), 503);
    expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${dev.id}/reload-points/stage`, { read_id: 'x' }), 503);
    expect((await admin.get(`${ctlUrl(ctl)}/bacnet-devices/${dev.id}`)).json()).toMatchObject({ status: 'unknown' });

    const up = nextAgentStatus(b);
    const again = file.agent(url, ctl, { apduTimeoutMs: 300 });
    expect(await up).toEqual({ syrxControllerId: ctl.id, connected: true });
    await until(async () => again.config() !== null, 10_000, 'agent configured');
    expect(expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${dev.id}/reload-properties`), 200).json()).toMatchObject({ status: 'available' });
  });
});
