import { describe, expect, it } from 'vitest';
import { type AgentConfig, agentEvents } from '@syrx/contracts/agent-protocol';
import type { EnabledService } from '@syrx/contracts/controllers';
import type { ReportingConfig } from '@syrx/contracts/records';
import { serviceIds } from '@syrx/contracts/services';
import { listen } from '../../test/agent-helpers.ts';
import { addDevice, analogInputs, ctlUrl, expectStatus, send, until, uploadPoints } from '../../test/bacnet-helpers.ts';
import { controllerWithPoints, protocolAgent } from '../../test/records-helpers.ts';
import { useTestApps } from '../../test/test-app.ts';

const apps = useTestApps();

const updater = { service_id: serviceIds.updater, assigned_version: '>=1.0.0 <2.0.0-0' };
const reportingService = { service_id: serviceIds.reporting, assigned_version: '*' };

describe('the reporting configuration pushed to the agent', () => {
  it('lists the selected available points of devices that are not ignored while the reporting service is enabled', async () => {
    const t = await apps.start();
    const url = await listen(t);
    const { admin, ctl, points: [a, b, c] } = await controllerWithPoints(t, 3);
    const vav = await addDevice(admin, ctl, { mac_address: '10.0.0.2', instance_number: 1001003, destination_network: 1001, destination_mac_address: '03' });
    await uploadPoints(admin, vav.id, analogInputs(7, 7));
    const [d] = expectStatus(await admin.get(`/api/bacnet-devices/${vav.id}/bacnet-points`), 200).json<{ id: number }[]>();
    // A new controller has reporting on: off here, to see the selection wait for it.
    expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/enabled-services`, [updater]), 200);
    const { configs } = await protocolAgent(url, ctl, apps);
    const latest = () => configs.at(-1)?.reporting;
    const settles = async (check: (r: ReportingConfig) => boolean, what: string) => until(async () => Boolean(latest() && check(latest()!)), 5000, what);
    await settles((r) => r.enabled === false, 'first configuration');
    expect(latest()).toEqual({ enabled: false, poll_seconds: 60, points: [] });

    for (const p of [a!, c!, { id: d!.id }]) expectStatus(await send(admin, 'PATCH', `${ctlUrl(ctl)}/reporting-points/${p.id}`, { is_selected_for_reporting: true }), 200);
    expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/enabled-services`, [updater, reportingService]), 200);
    await settles((r) => r.enabled && r.points.length === 3, 'enabled with three points');
    expect(latest()?.points).toEqual([
      { id: a!.id, mac_address: '10.0.0.5:47808', network: 0, destination_mac_address: '0.0.0.0:0', destination_network: 0, device_instance_number: 5, object_type: 0, instance_number: 1 },
      { id: c!.id, mac_address: '10.0.0.5:47808', network: 0, destination_mac_address: '0.0.0.0:0', destination_network: 0, device_instance_number: 5, object_type: 0, instance_number: 3 },
      { id: d!.id, mac_address: '10.0.0.2:47808', network: 0, destination_mac_address: '03', destination_network: 1001, device_instance_number: 1001003, object_type: 0, instance_number: 7 },
    ]);

    // A selection, an ignored device and a point that left the device's list each push the configuration again.
    expectStatus(await send(admin, 'PATCH', `${ctlUrl(ctl)}/reporting-points/${b!.id}`, { is_selected_for_reporting: true }), 200);
    await settles((r) => r.points.some((p) => p.id === b!.id), 'B added');
    expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/bacnet-devices/${vav.id}/ignored`, { ignored: true }), 200);
    await settles((r) => !r.points.some((p) => p.id === d!.id), 'ignored device left out');
    await uploadPoints(admin, a!.syrx_controller_bacnet_device_id, analogInputs(1, 2));
    await settles((r) => r.points.map((p) => p.id).join() === [a!.id, b!.id].join(), 'missed point left out');
    expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/enabled-services`, [updater]), 200);
    await settles((r) => !r.enabled, 'disabled');
    expect(latest()).toEqual({ enabled: false, poll_seconds: 60, points: [] });
    expect(configs.every((x: AgentConfig) => x.reporting.poll_seconds === 60)).toBe(true);
  });

  it("keeps each service's latest heartbeat diagnostics on its enabled service", async () => {
    const t = await apps.start();
    const url = await listen(t);
    const { admin, ctl } = await controllerWithPoints(t, 1);
    expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/enabled-services`, [updater, reportingService]), 200);
    const { socket } = await protocolAgent(url, ctl, apps);
    const beat = (diagnostics?: Record<string, unknown>) => socket.timeout(5000).emitWithAck(agentEvents.heartbeat, {
      services: [{ service_id: serviceIds.updater, reported_version: '1.0.0' }, { service_id: 'Syrx.ReportingService', reported_version: '1.0.0', ...(diagnostics ? { diagnostics } : {}) }],
      critical_statuses: [],
    }) as Promise<{ ok: boolean }>;
    const diagnostics = { buffer_depth: 1200, oldest_unsent: '2026-11-22T10:00:00.000Z', cov_subscriptions: 4, polled_points: 2 };
    expect(await beat(diagnostics)).toEqual({ ok: true });
    const services = async () => expectStatus(await admin.get(`${ctlUrl(ctl)}/enabled-services`), 200).json<EnabledService[]>();
    expect((await services()).map((s) => [s.service_id, s.diagnostics])).toEqual([[serviceIds.reporting, diagnostics], [serviceIds.updater, null]]);
    expect(expectStatus(await admin.get(`${ctlUrl(ctl)}/enabled-services/${serviceIds.reporting}`), 200).json()).toMatchObject({ diagnostics });
    expect(await beat({ buffer_depth: 0, oldest_unsent: null, cov_subscriptions: 4, polled_points: 2 })).toEqual({ ok: true });
    expect((await services())[0]?.diagnostics).toEqual({ buffer_depth: 0, oldest_unsent: null, cov_subscriptions: 4, polled_points: 2 });
    expect(await beat({ nested: { not: 'allowed' } })).toEqual({ ok: false });
  });
});
