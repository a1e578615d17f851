import { ApplicationTag, PropertyIdentifier } from '@bacnet-js/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../testing/reporting-fixture.ts';
import { startSimFixture, type SimFixture } from '../../testing/sim-fixture.ts';
import { agentConfig, demo, demoPressureConfig, expectedPnorm, pin, pressurePoint, priorityArray, startPressureService } from './pressure-test-fixture.ts';

// This file's address range: the demo building at 127.0.101.0, the agent at 127.0.101.200.
let sim: SimFixture;
beforeAll(async () => {
  sim = await startSimFixture('127.0.101.0');
});
afterAll(async () => {
  await sim.stop();
});

const f32 = Math.fround;
const readings = (pressures: readonly number[]) => pressures.map((p, i) => ({ heightFt: demo.heightsFt[i] ?? NaN, pressure: f32(p) }));
const outputValue = () => sim.site.device(demo.bpc1).presentValue(demo.output);

/** The service on the demo (35 °F outside, a small stack effect), once it has written at `priority`. */
async function writingAt(priority: number) {
  pin(sim, 35, [-0.04, -0.01, 0.02, 0.05]);
  const config = demoPressureConfig(sim, { write_priority: priority });
  const run = startPressureService(sim, config);
  await run.next(0, `a write at priority ${priority}`, (s) => s.write?.priority === priority);
  return { config, run };
}

describe('pressure control service', { timeout: 60_000 }, () => {
  it('writes the formula\'s Pnorm for the simulator\'s readings at the write priority, follows the readings, and relinquishes once when output is switched off', async () => {
    const winter = [-0.05, -0.02, 0.03, 0.06];
    pin(sim, 20, winter);
    const config = demoPressureConfig(sim);
    const run = startPressureService(sim, config);

    const first = await run.next(0, 'a status with a write', (s) => s.write !== null);
    const expected = expectedPnorm(f32(20), readings(winter));
    expect(first.exception).toBeNull();
    expect(first.oat?.value).toBe(20);
    expect(first.transmitters.map((t) => t.id)).toEqual([101, 102, 103, 104]);
    expect(first.transmitters.map((t) => t.pressure)).toEqual(winter.map(f32));
    expect(first.pnorm?.value).toBeCloseTo(expected, 12);
    expect(first.write).toMatchObject({ point_id: 10, priority: 10 });
    expect(first.write?.value).toBeCloseTo(expected, 12);
    // The device holds it at priority 10 (REAL: float32), and nothing else of ours.
    const commanded = priorityArray(sim, demo.bpc1, demo.output);
    expect(commanded[9]).toBeCloseTo(expected, 7);
    expect(commanded.filter((v) => v !== null)).toHaveLength(1);
    expect(outputValue()).toBeCloseTo(expected, 7);

    // Summer afternoon: new readings, a new Pnorm at the next iteration.
    const summer = [0.01, -0.01, -0.03, -0.04];
    pin(sim, 91.5, summer);
    const hot = expectedPnorm(f32(91.5), readings(summer));
    const after = run.statuses.length;
    await run.next(after, 'the write of the new readings', (s) => s.write !== null && Math.abs(s.write.value - hot) < 1e-9);
    expect(priorityArray(sim, demo.bpc1, demo.output)[9]).toBeCloseTo(hot, 7);

    // Output off: priority 10 is released once, present-value falls back to relinquish-default (0), the loop goes on.
    run.service.configure?.(agentConfig({ ...config, is_output_enabled: false }));
    const off = run.statuses.length;
    const released = await run.next(off, 'the relinquish', (s) => s.relinquished !== null);
    expect(released.relinquished).toMatchObject({ point_id: 10, priority: 10 });
    expect(released.write).toBeNull();
    expect(priorityArray(sim, demo.bpc1, demo.output)[9]).toBeNull();
    expect(outputValue()).toBe(0);
    const later = await run.next(run.statuses.indexOf(released) + 2, 'two more iterations');
    expect(later.pnorm?.value).toBeCloseTo(hot, 12);
    expect(run.statuses.slice(off).filter((s) => s.relinquished !== null)).toHaveLength(1);
    expect(run.statuses.slice(run.statuses.indexOf(released)).every((s) => s.write === null && s.exception === null)).toBe(true);
    expect(run.invalid).toEqual([]);
    await run.service.stop?.();
  });

  it('moves its command when the output point or priority changes: the old one is relinquished, the new one written', async () => {
    const { config, run } = await writingAt(11);
    expect(priorityArray(sim, demo.bpc1, demo.output)[10]).not.toBeNull();

    const setpoint = pressurePoint(sim, 11, demo.bpc1, demo.setpoint, 'INCHES_OF_WATER');
    run.service.configure?.(agentConfig({ ...config, pnorm_output_point: setpoint, write_priority: 12 }));
    const from = run.statuses.length;
    const moved = await run.next(from, 'the write to the new point', (s) => s.write?.point_id === 11);
    expect(run.statuses.slice(from).some((s) => s.relinquished?.point_id === 10 && s.relinquished.priority === 11)).toBe(true);
    expect(moved.write?.priority).toBe(12);
    expect(priorityArray(sim, demo.bpc1, demo.output).every((v) => v === null)).toBe(true);
    expect(priorityArray(sim, demo.bpc1, demo.setpoint)[11]).toBeCloseTo(moved.write?.value ?? NaN, 7);

    // Disabling the service releases the command too; the service is then inactive.
    run.service.configure?.(agentConfig({ ...config, pnorm_output_point: setpoint, write_priority: 12, enabled: false }));
    await run.next(from, 'the relinquish on disable', (s) => s.relinquished?.point_id === 11);
    expect(priorityArray(sim, demo.bpc1, demo.setpoint)[11]).toBeNull();
    expect(run.service.state()).toBe('inactive');
    expect(run.invalid).toEqual([]);
    await run.service.stop?.();
  });

  it('carries a relinquish the server did not acknowledge into the next status', async () => {
    const { config, run } = await writingAt(15);

    run.state.down = true;
    run.service.configure?.(agentConfig({ ...config, is_output_enabled: false }));
    await eventually(() => priorityArray(sim, demo.bpc1, demo.output)[14] === null, 'priority 15 released');
    await run.service.idle();
    run.state.down = false;
    const from = run.statuses.length;
    const owed = await run.next(from, 'the relinquish, reported late', (s) => s.relinquished !== null);
    expect(owed.relinquished).toMatchObject({ point_id: 10, priority: 15 });
    expect(owed.relinquished?.timestamp).toBeLessThan(owed.timestamp);
    await run.next(run.statuses.indexOf(owed) + 1, 'the iteration after');
    expect(run.statuses.slice(from).filter((s) => s.relinquished !== null)).toHaveLength(1);
    await run.service.stop?.();
  });

  it('after a restart with output off, releases a command it may have left at its priority', async () => {
    const net = await sim.bacnet.network();
    const receiver = { address: sim.target(demo.bpc1).macAddress };
    await net.writeProperty(receiver, demo.output, PropertyIdentifier.PRESENT_VALUE, [{ type: ApplicationTag.REAL, value: 0.125 }], { priority: 13 });
    expect(priorityArray(sim, demo.bpc1, demo.output)[12]).toBeCloseTo(0.125, 7);

    const run = startPressureService(sim, demoPressureConfig(sim, { is_output_enabled: false, write_priority: 13 }));
    const released = await run.next(0, 'the relinquish at start', (s) => s.relinquished !== null);
    expect(released.relinquished).toMatchObject({ point_id: 10, priority: 13 });
    expect(priorityArray(sim, demo.bpc1, demo.output)[12]).toBeNull();
    expect(run.service.state()).toBe('active');
    await run.service.stop?.();
  });
});
