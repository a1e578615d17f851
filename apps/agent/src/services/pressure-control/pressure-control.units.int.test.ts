import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Site } from '@syrx/bacnet-sim';
import { startSimFixture, type SimFixture } from '../../testing/sim-fixture.ts';
import { demo, demoPressureConfig, expectedPnorm, pin, priorityArray, startPressureService } from './pressure-test-fixture.ts';
import { pascalsPerInchWc } from './pressure-units.ts';

// This file's address range: the demo building at 127.0.103.0, the agent at 127.0.103.200. The building is changed
// here: WS-1 reports the OAT in °C; BPC-1's BPT-4 and its output are in pascals.
const metric: Record<string, string> = { '1301/analog-input/1': 'degrees-celsius', '1401/analog-input/4': 'pascals', '1401/analog-output/1': 'pascals' };
const edit = (site: Site): Site => ({
  ...site,
  devices: site.devices.map((d) => ({
    ...d,
    objects: d.objects.map((o) => {
      const units = metric[`${d.instance}/${o.type}/${o.instance}`];
      return units ? { ...o, units } : o;
    }),
  })),
});

let sim: SimFixture;
beforeAll(async () => {
  sim = await startSimFixture('127.0.103.0', { edit });
});
afterAll(async () => {
  await sim.stop();
});

describe('pressure control service: units', { timeout: 60_000 }, () => {
  it('converts by the units the devices report (°C OAT, a transmitter in Pa) and writes Pnorm in the output\'s units', async () => {
    const f32 = Math.fround;
    // -6.5 °C is 20.3 °F; BPT-4 reads 14.9304 Pa, i.e. 0.06 in. w.c.
    pin(sim, -6.5, [-0.05, -0.02, 0.03, 14.9304]);
    // The point list's units are stale (°F, in. w.c.): what the devices say wins.
    const run = startPressureService(sim, demoPressureConfig(sim));
    const status = await run.next(0, 'a write', (s) => s.write !== null);

    const oatF = (f32(-6.5) * 9) / 5 + 32;
    const inWc = [f32(-0.05), f32(-0.02), f32(0.03), f32(14.9304) / pascalsPerInchWc];
    const pnorm = expectedPnorm(oatF, inWc.map((pressure, i) => ({ heightFt: demo.heightsFt[i] ?? NaN, pressure })));
    expect(status.exception).toBeNull();
    expect(status.oat?.value).toBeCloseTo(20.3, 5);
    expect(status.transmitters[3]?.pressure).toBeCloseTo(0.06, 6);
    expect(status.pnorm?.value).toBeCloseTo(pnorm, 12);
    expect(status.write?.value).toBeCloseTo(pnorm * pascalsPerInchWc, 10);
    expect(priorityArray(sim, demo.bpc1, demo.output)[9]).toBeCloseTo(pnorm * pascalsPerInchWc, 5);
    await run.service.stop?.();
  });
});
