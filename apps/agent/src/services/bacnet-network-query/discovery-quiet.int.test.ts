import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveredDevice } from '@syrx/contracts/realtime';
import { ask, startSimFixture, type SimFixture } from '../../testing/sim-fixture.ts';

// This file's address range: five devices of the demo building on their own addresses (no router) at 127.0.92.0,
// the BBMD at .1, the agent at .200.
let sim: SimFixture;
beforeAll(async () => {
  sim = await startSimFixture('127.0.92.0', { edit: (site) => ({ ...site, routers: [], devices: site.devices.filter((d) => d.address !== undefined) }) });
});
afterAll(async () => {
  await sim.stop();
});

describe('DiscoverDevices ends when the network is quiet', () => {
  it('finishes with all five devices once none has answered for the quiet period, long before its maximum', async () => {
    expect(sim.site.devices).toHaveLength(5);
    const started = performance.now();
    const answers = await ask(sim.handlers.DiscoverDevices, { durationSeconds: 60, quietSeconds: 0.5 });
    const elapsed = performance.now() - started;
    const final = answers.at(-1);
    expect(final?.IsComplete).toBe(true);
    expect((final?.Data as DiscoveredDevice[]).map((d) => d.InstanceNumber).sort()).toEqual(sim.site.devices.map((d) => d.instance).sort());
    // The maximum (60 s) is never reached: the test's own time-out is a third of it.
    expect(elapsed).toBeLessThan(20_000);
  }, 20_000);

  it('with the defaults (quiet 1 s, at most 10 s) it still hears every device', async () => {
    const answers = await ask(sim.handlers.DiscoverDevices, {});
    expect(answers.at(-1)?.Data).toHaveLength(5);
  }, 20_000);
});
