import { ObjectType } from '@bacnet-js/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentRecord, ReportingPoint } from '@syrx/contracts/records';
import type { CovNotification } from '../../bacnet/bacnet-network.ts';
import { silentLogger } from '../../logger.ts';
import { eventually, simPoint } from '../../testing/reporting-fixture.ts';
import { hostIn, startSimFixture, type SimFixture } from '../../testing/sim-fixture.ts';
import { BacnetInterface } from '../bacnet-network-query/bacnet-interface.ts';
import { Collector, type NetworkSource } from './collector.ts';

// This file's address range: the demo building at 127.0.81.0, the agent at 127.0.81.200 (and .201 for a reopened interface).
let sim: SimFixture;
beforeAll(async () => {
  sim = await startSimFixture('127.0.81.0');
});
afterAll(async () => {
  await sim.stop();
});

/** A collector on the fixture's interface recording what it collects; each test its own process id. */
function collect(processId: number, points: ReportingPoint[], o: { bacnet?: NetworkSource; covLifetimeSeconds?: number } = {}) {
  const records: AgentRecord[] = [];
  const collector = new Collector({ bacnet: o.bacnet ?? sim.bacnet, logger: silentLogger, onRecord: (r) => records.push(r), covLifetimeSeconds: o.covLifetimeSeconds ?? 300, pollMs: 60_000, processId });
  void collector.setPoints(points, 60_000);
  collector.start();
  const of = (id: number) => records.filter((r) => r[0] === id);
  return { collector, records, of, valueSeen: (id: number, value: number) => of(id).some((r) => r[2] === value) };
}

describe('Collector: COV', { timeout: 60_000 }, () => {
  it('records each point on subscription and again within a second of a change, on the IP network and behind the router', async () => {
    const supplyTemp = simPoint(sim, 11, 1101, ObjectType.ANALOG_INPUT, 1);
    const filterAlarm = simPoint(sim, 12, 1101, ObjectType.BINARY_INPUT, 2);
    const mode = simPoint(sim, 13, 1101, ObjectType.MULTI_STATE_VALUE, 1);
    const zoneTemp = simPoint(sim, 14, 1001001, ObjectType.ANALOG_INPUT, 1);
    const c = collect(101, [supplyTemp, filterAlarm, mode, zoneTemp]);

    await eventually(() => [11, 12, 13, 14].every((id) => c.of(id).length > 0), 'a record of every point on subscription');
    expect(c.collector.diagnostics()).toEqual({ cov_subscriptions: 4, polled_points: 0 });
    expect(c.of(12)[0]?.[2]).toBe(0); // binary: 0/1
    expect(c.of(13)[0]?.[2]).toBe(1); // multi-state: the state number
    expect(Math.abs((c.of(11)[0]?.[1] ?? 0) - Date.now())).toBeLessThan(60_000);

    sim.site.setValue(1101, { type: 'analog-input', instance: 1 }, 61.25);
    sim.site.setValue(1101, { type: 'binary-input', instance: 2 }, 1);
    sim.site.setValue(1101, { type: 'multi-state-value', instance: 1 }, 3);
    sim.site.setValue(1001001, { type: 'analog-input', instance: 1 }, 79.5);
    await eventually(() => c.valueSeen(11, 61.25) && c.valueSeen(12, 1) && c.valueSeen(13, 3) && c.valueSeen(14, 79.5), 'the new values');
    await c.collector.stop();
  });

  it('renews its subscriptions before their lifetime ends', async () => {
    // A constant value notifies only when subscribed: every record after the first comes from a renewal.
    const setpoint = simPoint(sim, 21, 1401, ObjectType.ANALOG_VALUE, 1);
    const c = collect(102, [setpoint], { covLifetimeSeconds: 2 });
    await eventually(() => c.of(21).length >= 3, 'two renewals', 30_000);
    expect(c.of(21).every((r) => Math.abs(r[2] - 0.02) < 1e-6)).toBe(true);

    // Past twice the lifetime, the subscription is still there: a change is notified.
    sim.site.setValue(1401, { type: 'analog-value', instance: 1 }, 0.5);
    await eventually(() => c.valueSeen(21, 0.5), 'the change after the first lifetime');
    await c.collector.stop();
  });

  it('cancels the subscription of a point removed from the configuration: no more records, no more notifications', async () => {
    const returnTemp = simPoint(sim, 31, 1101, ObjectType.ANALOG_INPUT, 2);
    const airflow = simPoint(sim, 32, 1101, ObjectType.ANALOG_INPUT, 5);
    const c = collect(103, [returnTemp, airflow]);
    await eventually(() => c.of(31).length > 0 && c.of(32).length > 0, 'both points subscribed');

    await c.collector.setPoints([airflow], 60_000);
    const removedAt = c.records.length;
    const heard: CovNotification[] = [];
    const unlisten = sim.net.onCovNotification((n) => n.subscriberProcessId === 103 && heard.push(n));
    // The device notifies in the order of the changes: once the kept point's change is here, the other's would be too.
    sim.site.setValue(1101, { type: 'analog-input', instance: 2 }, 90.5);
    sim.site.setValue(1101, { type: 'analog-input', instance: 5 }, 20_000);
    await eventually(() => c.valueSeen(32, 20_000), 'the kept point\'s change');
    unlisten();

    expect(c.records.slice(removedAt).filter((r) => r[0] === 31)).toEqual([]);
    expect(heard.map((n) => n.objectId)).toEqual([{ type: ObjectType.ANALOG_INPUT, instance: 5 }]);
    expect(c.collector.diagnostics().cov_subscriptions).toBe(1);
    await c.collector.stop();
  });

  it('subscribes again when the interface reopens on another address', async () => {
    const bacnet = new BacnetInterface({ logger: silentLogger, broadcastAddress: hostIn('127.0.81.0', 255), apduTimeoutMs: 1000, apduRetries: 1 });
    bacnet.open({ address: hostIn('127.0.81.0', 201), port: 47808, bbmds: [] });
    const pressure = simPoint(sim, 41, 1401, ObjectType.ANALOG_INPUT, 1);
    const c = collect(104, [pressure], { bacnet });
    await eventually(() => c.of(41).length > 0, 'the first subscription');

    bacnet.open({ address: hostIn('127.0.81.0', 202), port: 47808, bbmds: [] });
    const before = c.of(41).length;
    await eventually(() => c.of(41).length > before, 'the notification of the new subscription');
    sim.site.setValue(1401, { type: 'analog-input', instance: 1 }, 0.25);
    await eventually(() => c.valueSeen(41, 0.25), 'a change through the reopened interface');
    expect(c.collector.diagnostics().cov_subscriptions).toBe(1);
    await c.collector.stop();
    bacnet.close();
  });
});
