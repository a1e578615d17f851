import { describe, expect, it } from 'vitest';
import type { PointChange, PointUploadResult } from '@syrx/contracts/points';
import { hostIn, useAgentTestFile } from '../../test/agent-helpers.ts';
import { addDevice, ctlUrl, expectStatus, until } from '../../test/bacnet-helpers.ts';

// This file's loopback range, 127.0.53.x (+100 in the PostgreSQL pass): the demo building at .0, the agent at .200.
const file = useAgentTestFile(53);

describe("the agent's database-revision watch", () => {
  it('uploads the points of a device whose database revision changed, and the server records what appeared and disappeared', async () => {
    const { url, admin, ctl } = await file.controller();
    // The agent reads every watched device's Database_Revision every half second.
    const agent = file.agent(url, ctl, { revisionCheckSeconds: 0.5, apduTimeoutMs: 500 });
    const ahu = await addDevice(admin, ctl, { mac_address: hostIn(file.base, 11), instance_number: 1101 });
    await until(async () => agent.config()?.devices.length === 1, 10_000, 'device in the agent configuration');

    // A user reads the points once: the server now knows the revision its point list reflects, and tells the agent.
    const first = expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${ahu.id}/reload-points`), 200).json<PointUploadResult>();
    expect(first).toMatchObject({ appeared: first.total, disappeared: 0 });
    await until(async () => agent.config()?.devices[0]?.database_revision === 12, 5000, 'revision in the agent configuration');

    const changes = async () => (await admin.get(`${ctlUrl(ctl)}/bacnet-devices/${ahu.id}/point-changes`)).json<PointChange[]>();
    file.site().device(1101).addObject({ type: 'analog-value', instance: 50, name: 'AHU-1 Reset' });
    await until(async () => (await changes()).some((c) => c.object_id === 'OBJECT_ANALOG_VALUE:50'), 20_000, 'appeared point recorded');
    expect((await changes()).find((c) => c.object_id === 'OBJECT_ANALOG_VALUE:50')).toMatchObject({ change: 'appeared', name: 'AHU-1 Reset', source: 'revision-change', database_revision: 13 });
    await until(async () => agent.config()?.devices[0]?.database_revision === 13, 5000, 'new revision pushed to the agent');
    expect((await admin.get(`${ctlUrl(ctl)}/bacnet-devices/${ahu.id}`)).json()).toMatchObject({ database_revision: 13, point_count: first.total + 1 });

    expect(file.site().device(1101).removeObject({ type: 'analog-value', instance: 50 })).toBe(true);
    await until(async () => (await changes()).some((c) => c.change === 'disappeared'), 20_000, 'disappeared point recorded');
    expect((await changes())[0]).toMatchObject({ change: 'disappeared', object_id: 'OBJECT_ANALOG_VALUE:50', source: 'revision-change', database_revision: 14 });
  }, 90_000);
});
