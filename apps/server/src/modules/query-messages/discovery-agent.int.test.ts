import { describe, expect, it } from 'vitest';
import type { BacnetDevice } from '@syrx/contracts/devices';
import type { QueryMessage } from '@syrx/contracts/query-messages';
import { hostIn, useAgentTestFile } from '../../test/agent-helpers.ts';
import { ctlUrl, expectStatus, until } from '../../test/bacnet-helpers.ts';

// This file's loopback range, 127.0.52.x (+100 in the PostgreSQL pass): the demo building at .0 (its BBMD at .1), the agent at .200.
const file = useAgentTestFile(52);

describe('background Discover-devices messages worked by the real agent', () => {
  it('waits for the agent, finds the 25 devices of the building through its BBMD, adds them and reads them', async () => {
    const bbmd = `${hostIn(file.base, 1)}:47808`;
    const { url, admin, ctl } = await file.controller({ bbmds: [bbmd] });
    const messages = `${ctlUrl(ctl)}/services/Syrx.Services.BacnetNetworkQueryService/messages`;
    const create = async () => expectStatus(await admin.post(`${messages}/create-discover-devices-message`, {}), 201).json<QueryMessage>();
    const messageOf = async (id: number) => (await admin.get(`${messages}?filter=show_all`)).json<QueryMessage[]>().find((m) => m.id === id);

    // Created while no agent is connected: it waits.
    const waiting = await create();
    expect((await admin.get(`${messages}?filter=hide_acknowledged`)).json<QueryMessage[]>().map((m) => m.id)).toEqual([waiting.id]);

    const agent = file.agent(url, ctl, { bbmds: [bbmd], apduTimeoutMs: 500 });
    await until(async () => ['completed', 'failed'].includes((await messageOf(waiting.id))?.status ?? ''), 40_000, 'message worked');
    const done = await messageOf(waiting.id);
    expect(done).toMatchObject({ status: 'completed', devices_found: 25, devices_added: 25, error_message: null });
    expect(done?.acknowledged_on).not.toBeNull();
    expect(done?.completed_on).not.toBeNull();

    const devices = async () => (await admin.get(`${ctlUrl(ctl)}/bacnet-devices?showUnavailable=true&take=100&sort=instance_number`)).json<BacnetDevice[]>();
    expect((await devices()).map((d) => d.instance_number)).toEqual(file.site().devices.map((d) => d.instance).sort((a, b) => a - b));
    // Added as pending, then read in the background through the agent (those behind the router too).
    await until(async () => (await devices()).every((d) => d.status === 'available'), 40_000, 'discovered devices read');
    const vav = (await devices()).find((d) => d.instance_number === 1001003);
    expect(vav).toMatchObject({ name: 'VAV-2-03', mac_address: `${hostIn(file.base, 2)}:47808`, destination_network: 1001, destination_mac_address: '03' });
    await until(async () => agent.config()?.devices.length === 25, 5000, 'the agent watches them');

    // Created while the agent is connected: sent at once; everything it finds is known already.
    const second = await create();
    await until(async () => (await messageOf(second.id))?.status === 'completed', 40_000, 'second message worked');
    expect(await messageOf(second.id)).toMatchObject({ devices_found: 25, devices_added: 0 });
    expect((await admin.get(`${messages}/count`)).json()).toEqual({ count: 0 });
    expect((await admin.get(`${messages}/count?filter=show_completed`)).json()).toEqual({ count: 2 });
  }, 150_000);
});
