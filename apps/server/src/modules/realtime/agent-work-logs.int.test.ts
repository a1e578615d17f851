import { describe, expect, it } from 'vitest';
import { liveLogEvents, liveLogNamespace, type LiveLogEntry, type LiveLogMessage } from '@syrx/contracts/live-logs';
import { clientEvents, type RequestResponse } from '@syrx/contracts/realtime';
import type { ServiceLogEntry } from '@syrx/contracts/service-logs';
import { serviceIds } from '@syrx/contracts/services';
import { browserSocket, hostIn, useAgentTestFile } from '../../test/agent-helpers.ts';
import { addDevice, ctlUrl, expectStatus, until } from '../../test/bacnet-helpers.ts';
import { collect, namespaceSocket } from '../../test/operations-helpers.ts';
import { queuesDir } from '../../test/operations-agent.ts';

// This file's loopback range, 127.0.59.x (+100 in the PostgreSQL pass): the demo building at .0 (its BBMD at .1), the agent at .200.
const file = useAgentTestFile(59);
const { base } = file;
const ahu1 = { mac_address: hostIn(base, 11), instance_number: 1101 };
/** The MAC as the agent and the server hold it (with the default port). */
const ahuMac = `${ahu1.mac_address}:47808`;

describe("the agent's BACnet work in the live log and the service log", () => {
  it('shows discovery, device and point reloads, reads and failures at info with the device and object', async () => {
    const bbmd = `${hostIn(base, 1)}:47808`;
    const { url, admin, ctl } = await file.controller({ bbmds: [bbmd] });
    const agent = file.agent(url, ctl, { bbmds: [bbmd], apduTimeoutMs: 300, operations: { dataDir: queuesDir(file) } });
    await until(async () => agent.config() !== null, 10_000, 'agent configured');

    const live = await namespaceSocket(url, liveLogNamespace, admin, file);
    const got = collect<LiveLogMessage>(live, liveLogEvents.logEntries);
    expect(await live.timeout(10_000).emitWithAck(liveLogEvents.connect, { syrxControllerId: ctl.id })).toEqual({ connected: true });
    await until(async () => agent.operations?.liveLogs.streaming() ?? false, 10_000, 'agent streaming');
    const entries = (): LiveLogEntry[] => got.flatMap((m) => m.logEntries);
    const line = async (prefix: string) => {
      await until(async () => entries().some((e) => e.message.startsWith(prefix)), 20_000, `live log line ${prefix}`);
      return entries().find((e) => e.message.startsWith(prefix)) as LiveLogEntry;
    };
    const queryUnit = 'syrx-bacnet-network-query.service';

    // Discovery from the browser, as the dialog asks for it: the start, each device that answered, what was found.
    const browser = browserSocket(url, admin, file);
    expect(await browser.timeout(10_000).emitWithAck(clientEvents.connect, { syrxControllerId: ctl.id })).toEqual({ connected: true });
    const answered = new Promise<RequestResponse>((resolve) => browser.on(clientEvents.requestResponse, (r: RequestResponse) => r.data?.IsComplete && resolve(r)));
    browser.emit(clientEvents.startRequest, { requestType: 'DiscoverDevices', syrxControllerId: ctl.id, requestId: 'discover-1', durationSeconds: 2 });
    expect(await line('discover devices: started')).toMatchObject({ logLevel: 'INFO', systemdUnit: queryUnit });
    await line(`discover devices: I-Am {"device":"device 1101 at ${ahuMac}"}`);
    await line(`discover devices: I-Am {"device":"device 1001003 at ${hostIn(base, 2)}:47808 → network 1001 MAC 03"}`);
    expect((await answered).data?.IsSuccessful).toBe(true);
    expect((await line('discover devices {')).message).toContain(`"found":${file.site().devices.length}`);

    // A device's properties and points reloaded, and a property read.
    const dev = await addDevice(admin, ctl, ahu1);
    expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${dev.id}/reload-properties`), 200);
    expect((await line('reload device {')).message).toContain(`{"device":"device 1101 at ${ahuMac}","name":"AHU-1"`);
    expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${dev.id}/reload-points`), 200);
    expect((await line('reload points: started')).message).toContain(`"device":"device 1101 at ${ahuMac}"`);
    expect((await line('reload points {')).message).toMatch(/"objects":\d+,"points":\d+/);
    browser.emit(clientEvents.startRequest, { requestType: 'ReadProperty', syrxControllerId: ctl.id, requestId: 'read-1', macAddress: ahuMac, network: 0, instanceNumber: 1101, objectType: 8, propertyId: 77 });
    expect((await line('read property {')).message).toBe(`read property {"device":"${ahuMac}","object":"Device 1101","property":"OBJECT_NAME","value":"AHU-1"}`);

    // A device that does not answer: a warning naming it and the exception the console was given.
    const ghost = await addDevice(admin, ctl, { mac_address: hostIn(base, 99), instance_number: 9999 });
    expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${ghost.id}/reload-properties`), 200);
    const failed = await line('reload device: failed');
    expect(failed).toMatchObject({ logLevel: 'WARNING', systemdUnit: queryUnit });
    expect(failed.message).toContain(`{"device":"device 9999 at ${hostIn(base, 99)}:47808","exception":"BacnetTimeout"`);

    // The same lines are shipped to the query service's log.
    const logs = async () => expectStatus(await admin.get(`${ctlUrl(ctl)}/services/${serviceIds.query}/logs?minLogLevel=INFO&take=1000`), 200).json<ServiceLogEntry[]>();
    await until(async () => (await logs()).some((e) => e.message.startsWith('reload device: failed')), 20_000, 'lines shipped');
    const shipped = await logs();
    for (const prefix of ['discover devices: started', 'discover devices: I-Am', 'reload device {', 'reload points {', 'read property {']) {
      expect(shipped.some((e) => e.level === 'INFO' && e.message.startsWith(prefix)), prefix).toBe(true);
    }
    expect(shipped.find((e) => e.message.startsWith('reload device: failed'))).toMatchObject({ level: 'WARN', exception: expect.any(String) as string });
  }, 120_000);
});
