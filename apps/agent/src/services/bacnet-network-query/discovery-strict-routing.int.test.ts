import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimFixture, type SimFixture } from '../../testing/sim-fixture.ts';
import { discoverDevices } from './discovery.ts';

// This file's address range: the demo building at 127.0.48.0 with strict routing, the agent at 127.0.48.200.
describe('DiscoverDevices with strict routing', () => {
  let strict: SimFixture;
  beforeAll(async () => {
    // The router passes on only global broadcasts (DNET 0xFFFF), as a standard router does.
    strict = await startSimFixture('127.0.48.0', { edit: (s) => ({ ...s, routers: s.routers.map((r) => ({ ...r, forwardLocalBroadcasts: false })) }) });
  });
  afterAll(async () => {
    await strict.stop();
  });

  it('still finds the devices behind the router: the agent sends a global Who-Is', async () => {
    const list = await discoverDevices(strict.net, { durationMs: 1000, bbmds: strict.bacnet.bbmds() }, () => {});
    expect(list).toHaveLength(25);
    expect(list.filter((d) => d.DestinationNetwork === 1001)).toHaveLength(20);
  });
});
