import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimFixture, type SimFixture } from '../../testing/sim-fixture.ts';
import { agentConfig, demo, demoPressureConfig, expectedPnorm, pin, pressurePoint, priorityArray, startPressureService } from './pressure-test-fixture.ts';

// This file's address range: the demo building at 127.0.102.0, the agent at 127.0.102.200; nothing answers at .99.
let sim: SimFixture;
beforeAll(async () => {
  sim = await startSimFixture('127.0.102.0', { apduTimeoutMs: 300 });
});
afterAll(async () => {
  await sim.stop();
});

const f32 = Math.fround;
const pressures = [-0.05, -0.02, 0.03, 0.06];
const reading = (i: number) => ({ heightFt: demo.heightsFt[i] ?? NaN, pressure: f32(pressures[i] ?? NaN) });

describe('pressure control service: failures', { timeout: 60_000 }, () => {
  it('records a transmitter that does not answer as the exception, writes Pnorm from the others, and keeps running', async () => {
    pin(sim, 20, pressures);
    const config = demoPressureConfig(sim);
    const [t1, t2, t3, t4] = config.transmitters;
    if (!t1 || !t2 || !t3 || !t4) throw new Error('four transmitters');
    const offline = { ...t3, point: { ...t3.point, mac_address: '127.0.102.99:47808' } };
    const run = startPressureService(sim, { ...config, transmitters: [t1, t2, offline, t4] });

    const third = await run.next(2, 'a third iteration');
    const expected = expectedPnorm(f32(20), [reading(0), reading(1), reading(3)]);
    for (const s of run.statuses.slice(0, 3)) {
      expect(s.exception).toMatchObject({ type: 'BacnetTimeout' });
      expect(s.exception?.message).toMatch(/^BPT-3 OBJECT_ANALOG_INPUT:3 of device 1401: The device did not answer in time$/);
      expect(s.exception?.stack_trace).toContain('BacnetTimeout');
      expect(s.transmitters.map((t) => t.id)).toEqual([101, 102, 104]);
      expect(s.write?.value).toBeCloseTo(expected, 12);
    }
    expect(third.exception?.timestamp).toBeGreaterThan(run.statuses[0]?.exception?.timestamp ?? Infinity);
    expect(priorityArray(sim, demo.bpc1, demo.output)[9]).toBeCloseTo(expected, 7);
    expect(run.invalid).toEqual([]);
    await run.service.stop?.();
  });

  it('records a transmitter whose object is gone, and writes nothing when no transmitter answers', async () => {
    pin(sim, 20, pressures);
    const config = demoPressureConfig(sim, { write_priority: 12 });
    const run = startPressureService(sim, config);
    await run.next(0, 'a first write', (s) => s.write !== null && s.exception === null);

    sim.site.device(demo.bpc1).removeObject(demo.bpt[1] ?? demo.output);
    const from = run.statuses.length;
    const missing = await run.next(from, 'the missing object reported', (s) => s.exception !== null);
    expect(missing.exception).toMatchObject({ type: 'BacnetError' });
    expect(missing.exception?.message).toContain('BPT-2 OBJECT_ANALOG_INPUT:2 of device 1401: BACnet error object: unknown-object');
    expect(missing.write?.value).toBeCloseTo(expectedPnorm(f32(20), [reading(0), reading(2), reading(3)]), 12);
    await run.next(run.statuses.indexOf(missing) + 1, 'the iteration after', (s) => s.exception !== null && s.write !== null);
    sim.site.device(demo.bpc1).addObject({ type: 'analog-input', instance: 2, name: 'BPT-2 Pressure (Level 5, 52 ft)', units: 'inches-of-water' });

    // Every transmitter somewhere nothing answers: no Pnorm, nothing written, the reason recorded.
    const nowhere = config.transmitters.map((t) => ({ ...t, point: { ...t.point, mac_address: '127.0.102.99:47808' } }));
    run.service.configure?.(agentConfig({ ...config, transmitters: nowhere }));
    const after = run.statuses.length;
    const none = await run.next(after, 'an iteration without transmitters', (s) => s.exception?.message.includes('No transmitter answered') ?? false);
    expect(none.pnorm).toBeNull();
    expect(none.write).toBeNull();
    expect(none.oat?.value).toBe(20);
    expect(none.exception?.type).toBe('BacnetTimeout'); // the first failure's type; every failure is in the message
    expect(none.exception?.message.split('\n')).toHaveLength(5);
    await run.service.stop?.();
  });

  it('records a refused write (an input, BPT-1, that is not out of service) and keeps running', async () => {
    pin(sim, 20, pressures);
    const input = pressurePoint(sim, 21, demo.bpc1, demo.bpt[0] ?? demo.output, 'INCHES_OF_WATER');
    const run = startPressureService(sim, demoPressureConfig(sim, { pnorm_output_point: input }));
    const second = await run.next(1, 'a second iteration');
    for (const s of [run.statuses[0], second]) {
      expect(s?.exception).toMatchObject({ type: 'BacnetError' });
      expect(s?.exception?.message).toBe('Writing Pnorm to the output OBJECT_ANALOG_INPUT:1 of device 1401 at priority 10: BACnet error property: write-access-denied (class 2, code 40)');
      expect(s?.write).toBeNull();
      expect(s?.pnorm?.value).toBeCloseTo(expectedPnorm(f32(20), [0, 1, 2, 3].map(reading)), 12);
    }
    expect(sim.site.device(demo.bpc1).presentValue(demo.bpt[0] ?? demo.output)).toBe(-0.05);
    await run.service.stop?.();
  });

  it('writes nothing without a neutral plane height or an OAT point, and says why', async () => {
    const run = startPressureService(sim, demoPressureConfig(sim, { neutral_plane_height: null, write_priority: 14 }));
    const first = await run.next(0, 'a first iteration');
    expect(first.exception).toMatchObject({ type: 'PressureControlError', message: 'No neutral plane height is configured; nothing is written.' });
    expect(first.write).toBeNull();
    expect(first.oat?.value).toBe(20);

    run.service.configure?.(agentConfig(demoPressureConfig(sim, { oat_point: null, write_priority: 14 })));
    const noOat = await run.next(1, 'an iteration without OAT', (s) => s.exception?.message.startsWith('No outside-air') ?? false);
    expect(noOat.write).toBeNull();
    expect(priorityArray(sim, demo.bpc1, demo.output)[13]).toBeNull();
    await run.service.stop?.();
  });
});
