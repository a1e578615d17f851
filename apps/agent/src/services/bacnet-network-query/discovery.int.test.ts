import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noDestinationMac } from '@syrx/contracts/bacnet';
import { discoveredDeviceSchema, type DiscoveredDevice } from '@syrx/contracts/realtime';
import { ask, startSimFixture, type SimFixture } from '../../testing/sim-fixture.ts';
import { discoverDevices } from './discovery.ts';

// This file's address range: the demo building at 127.0.41.0, the agent at 127.0.41.200.
let sim: SimFixture;
beforeAll(async () => {
  sim = await startSimFixture('127.0.41.0');
});
afterAll(async () => {
  await sim.stop();
});

const expectedEntry = (instance: number): DiscoveredDevice => {
  const d = sim.site.device(instance);
  const routed = d.network !== undefined;
  return {
    MacAddress: `${d.address.ip}:47808`,
    Network: 0,
    DestinationMacAddress: routed ? (d.mac ?? 0).toString(16).padStart(2, '0') : noDestinationMac,
    DestinationNetwork: d.network ?? 0,
    InstanceNumber: instance,
  };
};

describe('DiscoverDevices through the BBMD', () => {
  it('reports every device once as its I-Am arrives, the routed ones at the router with their DNET/DADR, then the whole list', async () => {
    const answers = await ask(sim.handlers.DiscoverDevices, { durationSeconds: 1 });
    const [ack, ...rest] = answers;
    expect(ack?.IsAcknowledgement).toBe(true);
    const final = rest.at(-1);
    const oneByOne = rest.slice(0, -1);
    expect(oneByOne.every((a) => a.IsComplete === false && discoveredDeviceSchema.safeParse(a.Data).success)).toBe(true);
    expect(final?.IsComplete).toBe(true);
    const list = final?.Data as DiscoveredDevice[];
    expect(list).toHaveLength(25);
    expect(oneByOne.map((a) => a.Data)).toEqual(list);
    for (const device of sim.site.devices) expect(list).toContainEqual(expectedEntry(device.instance));
    const routed = list.filter((d) => d.DestinationNetwork === 1001);
    expect(routed).toHaveLength(20);
    expect(new Set(routed.map((d) => d.DestinationMacAddress)).size).toBe(20);
    expect(routed.every((d) => d.MacAddress === '127.0.41.2:47808' && d.Network === 0)).toBe(true);
  });

  it('finds only the 20 VAV boxes when searching network 1001', async () => {
    const list = await discoverDevices(sim.net, { network: 1001, durationMs: 800, bbmds: sim.bacnet.bbmds() }, () => {});
    expect(list.map((d) => d.InstanceNumber).sort()).toEqual(Array.from({ length: 20 }, (_, i) => 1001001 + i));
    expect(list.every((d) => d.DestinationNetwork === 1001 && d.MacAddress === '127.0.41.2:47808')).toBe(true);
  });

  it('finds only the devices in an instance range', async () => {
    const list = await discoverDevices(sim.net, { lowLimit: 1301, highLimit: 1501, durationMs: 600, bbmds: sim.bacnet.bbmds() }, () => {});
    expect(list.map((d) => d.InstanceNumber).sort()).toEqual([1301, 1401, 1501]);
  });

  it('learns each device max APDU and segmentation from its I-Am (used to size later reads)', () => {
    expect(sim.net.peers.maxApdu({ address: '127.0.41.13' })).toBe(480); // WS-1
    expect(sim.net.peers.maxApdu({ address: '127.0.41.2:47808', net: 1001, adr: [5] })).toBe(480); // VAV-2-05
    expect(sim.net.peers.maxApdu({ address: '127.0.41.15:47808' })).toBe(1476); // EMS-1
    expect(sim.net.peers.maySegment({ address: '127.0.41.15:47808' })).toBe(false);
  });

  // It listens for 30 s unless stopped: the test's 5 s time-out fails it if the stop is not honoured.
  it('stops listening when the request is stopped, and still answers with what it found', async () => {
    const stop = new AbortController();
    const answers = await ask(sim.handlers.DiscoverDevices, { durationSeconds: 30 }, { signal: stop.signal, onAnswer: (a) => a.Data && !a.IsComplete && stop.abort() });
    expect(answers.at(-1)?.IsComplete).toBe(true);
    expect((answers.at(-1)?.Data as DiscoveredDevice[]).length).toBeGreaterThan(0);
  });
});
