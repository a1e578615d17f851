import { ObjectType } from '@bacnet-js/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentRecord, ReportingPoint } from '@syrx/contracts/records';
import { silentLogger } from '../../logger.ts';
import { eventually, simPoint } from '../../testing/reporting-fixture.ts';
import { startSimFixture, type SimFixture } from '../../testing/sim-fixture.ts';
import { Collector } from './collector.ts';

// This file's address range: the demo building at 127.0.82.0, the agent at 127.0.82.200. The devices without COV:
// CP-1 (ReadPropertyMultiple), WS-1 and VAV-3-07 (behind the router) without ReadPropertyMultiple either.
let sim: SimFixture;
beforeAll(async () => {
  sim = await startSimFixture('127.0.82.0', { apduTimeoutMs: 300 });
});
afterAll(async () => {
  await sim.stop();
});

function collect(processId: number, points: ReportingPoint[], pollMs: number) {
  const records: AgentRecord[] = [];
  const collector = new Collector({ bacnet: sim.bacnet, logger: silentLogger, onRecord: (r) => records.push(r), covLifetimeSeconds: 300, pollMs, processId, covRetryMs: 600_000 });
  void collector.setPoints(points, pollMs);
  collector.start();
  const of = (id: number) => records.filter((r) => r[0] === id);
  return { collector, records, of, valueSeen: (id: number, value: number) => of(id).some((r) => r[2] === value) };
}

describe('Collector: polling', { timeout: 60_000 }, () => {
  it('polls the points of devices that reject SubscribeCOV, and their values are the devices\' present values', async () => {
    const points = [
      simPoint(sim, 1, 1201, ObjectType.ANALOG_INPUT, 3),
      simPoint(sim, 2, 1201, ObjectType.BINARY_INPUT, 1),
      simPoint(sim, 3, 1201, ObjectType.MULTI_STATE_VALUE, 1),
      simPoint(sim, 4, 1301, ObjectType.ANALOG_INPUT, 4),
      simPoint(sim, 5, 1301, ObjectType.ANALOG_INPUT, 5),
      simPoint(sim, 6, 1001017, ObjectType.ANALOG_INPUT, 1),
    ];
    const c = collect(201, points, 1000);
    await eventually(() => c.collector.diagnostics().polled_points === 6, 'every point polled');
    expect(c.collector.diagnostics().cov_subscriptions).toBe(0);
    await eventually(() => points.every((p) => c.of(p.id).length > 0), 'a record of every point');
    expect(c.of(2)[0]?.[2]).toBe(1); // binary: 0/1
    expect(c.of(3)[0]?.[2]).toBe(2); // multi-state: the state number

    sim.site.setValue(1201, { type: 'analog-input', instance: 3 }, 12.75);
    sim.site.setValue(1201, { type: 'binary-input', instance: 1 }, 0);
    sim.site.setValue(1201, { type: 'multi-state-value', instance: 1 }, 3);
    sim.site.setValue(1301, { type: 'analog-input', instance: 4 }, 30.5);
    sim.site.setValue(1301, { type: 'analog-input', instance: 5 }, 11.25);
    sim.site.setValue(1001017, { type: 'analog-input', instance: 1 }, 68.5);
    const expected: [number, number][] = [[1, 12.75], [2, 0], [3, 3], [4, 30.5], [5, 11.25], [6, 68.5]];
    await eventually(() => expected.every(([id, v]) => c.valueSeen(id, v)), 'the values set in the simulator');
    // Poll after poll, not one burst: each point keeps being read.
    await eventually(() => points.every((p) => c.of(p.id).length >= 3), 'three polls of every point');
    await c.collector.stop();
  });

  it('polls a point whose device does not answer SubscribeCOV, and COV points of other devices keep theirs', async () => {
    const nowhere = { ...simPoint(sim, 11, 1101, ObjectType.ANALOG_INPUT, 1), mac_address: '127.0.82.99:47808', device_instance_number: 4242 };
    const covPoint = simPoint(sim, 12, 1101, ObjectType.ANALOG_INPUT, 1);
    const polled = simPoint(sim, 13, 1201, ObjectType.ANALOG_INPUT, 1);
    const c = collect(202, [nowhere, covPoint, polled], 1000);

    await eventually(() => {
      const d = c.collector.diagnostics();
      return d.cov_subscriptions === 1 && d.polled_points === 2;
    }, 'one subscription and two polled points');
    await eventually(() => c.of(12).length > 0 && c.of(13).length > 0, 'records of the COV and the polled point');
    expect(c.of(11)).toEqual([]); // a device that answers nothing gives no records
    await c.collector.stop();
  });

  it('stops polling a point removed from the configuration', async () => {
    const kept = simPoint(sim, 21, 1201, ObjectType.ANALOG_INPUT, 5);
    const removed = simPoint(sim, 22, 1201, ObjectType.ANALOG_INPUT, 6);
    const c = collect(203, [kept, removed], 500);
    await eventually(() => c.of(21).length > 0 && c.of(22).length > 0, 'both polled');

    await c.collector.setPoints([kept], 500);
    const after = c.records.length;
    // Wait for three polls of the device after the change: the removed point is in none of them.
    await eventually(() => c.records.slice(after).filter((r) => r[0] === 21).length >= 3, 'three more polls');
    expect(c.records.slice(after).filter((r) => r[0] === 22)).toEqual([]);
    expect(c.collector.diagnostics().polled_points).toBe(1);
    await c.collector.stop();
  });
});
