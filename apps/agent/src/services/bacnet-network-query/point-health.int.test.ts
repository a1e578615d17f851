import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Reliability } from '@bacnet-js/client';
import { type PointHealthReading, pointHealthSweepResultSchema, relinquishPriorityResultSchema } from '@syrx/contracts/agent-protocol';
import { noDestinationMac } from '@syrx/contracts/bacnet';
import { ask, startSimFixture, type SimFixture } from '../../testing/sim-fixture.ts';
import { UdpRelay } from '../../testing/udp-relay.ts';
import { createRequestHandlers } from './request-handlers.ts';

// This file's address range: the demo building at 127.0.87.0, the agent at 127.0.87.200 (nothing answers at .99).
let sim: SimFixture;
let handlers: ReturnType<typeof createRequestHandlers>;
beforeAll(async () => {
  sim = await startSimFixture('127.0.87.0', { apduTimeoutMs: 300 });
  handlers = createRequestHandlers(sim.bacnet);
});
afterAll(async () => {
  await sim.stop();
});

type Objects = [number, number][];
const objectsOf = (instance: number): Objects => sim.site.device(instance).model.points.map((p) => [p.id.type, p.id.instance]);
const key = (device: number, r: { object_type: number; instance_number: number }) => `${device}/${r.object_type}:${r.instance_number}`;

/** What the site file sets up, as keys: the ground truth the sweep must find exactly. */
function setUp(): Record<'override8' | 'outOfService' | 'fault' | 'alarm', string[]> {
  const out = { override8: [] as string[], outOfService: [] as string[], fault: [] as string[], alarm: [] as string[] };
  for (const d of sim.site.site.devices) {
    for (const o of d.objects) {
      const id = sim.site.device(d.instance).model.points.find((p) => p.name === o.name)?.id;
      if (!id) throw new Error(`no object ${o.name}`);
      const k = key(d.instance, { object_type: id.type, instance_number: id.instance });
      if (o.commands?.some((c) => c.priority === 8)) out.override8.push(k);
      if (o.outOfService) out.outOfService.push(k);
      if (o.reliability !== undefined && o.reliability !== 'no-fault-detected' && o.reliability !== 0) out.fault.push(k);
      if (o.eventState !== undefined && o.eventState !== 'normal' && o.eventState !== 0) out.alarm.push(k);
    }
  }
  return out;
}

async function sweep(instance: number, objects = objectsOf(instance)): Promise<PointHealthReading[]> {
  const answers = await ask(handlers.PointHealthSweep, { ...sim.target(instance), objects });
  const last = answers.at(-1);
  if (!last || last.IsException) throw new Error(`sweep of ${instance} failed: ${last?.ExceptionType}: ${last?.ExceptionMessage}`);
  return pointHealthSweepResultSchema.parse(last.Data).readings;
}

describe('PointHealthSweep against the demo building', () => {
  it('finds each condition exactly on the points the site sets up in it, and on no other point of any device', async () => {
    const found = { override8: [] as string[], outOfService: [] as string[], fault: [] as string[], alarm: [] as string[] };
    let commanded = 0;
    for (const d of sim.site.devices) {
      if (d.instance === 1501) continue; // the 2000-object meter panel: its own test below
      const readings = await sweep(d.instance);
      expect(readings).toHaveLength(d.model.points.length);
      for (const r of readings) {
        const k = key(d.instance, r);
        expect(r.missing, k).toBe(false);
        expect(r.status_flags, k).not.toBeNull();
        if (r.priority_array?.[7] !== null && r.priority_array?.[7] !== undefined) found.override8.push(k);
        if (r.priority_array?.some((v) => v !== null)) commanded++;
        if (r.out_of_service) found.outOfService.push(k);
        if (r.reliability !== Reliability.NO_FAULT_DETECTED) found.fault.push(k);
        if (r.event_state !== 0) found.alarm.push(k);
        // The flags agree with the properties they summarise.
        expect(r.status_flags?.out_of_service, k).toBe(r.out_of_service);
        expect(r.status_flags?.fault, k).toBe(r.reliability !== 0);
        expect(r.status_flags?.in_alarm, k).toBe(r.event_state !== 0);
      }
    }
    const expected = setUp();
    for (const category of ['override8', 'outOfService', 'fault', 'alarm'] as const) {
      expect(found[category].sort(), category).toEqual(expected[category].sort());
      expect(found[category].length, category).toBeGreaterThanOrEqual(2);
    }
    // The overrides at 8 and VAV-2-09's program command at 10: nothing else holds a priority.
    expect(commanded).toBe(expected.override8.length + 1);
  });

  it('reads the values, the slot holding them and relinquish-default of an override (VAV-2-02 damper at 100 % at priority 8)', async () => {
    const [damper] = await sweep(1001002, [[1, 1]]);
    expect(damper).toMatchObject({ object_type: 1, instance_number: 1, present_value: 100, out_of_service: false, reliability: 0, event_state: 0 });
    expect(damper?.priority_array?.map((v, i) => (v === null ? null : i + 1)).filter(Boolean)).toEqual([8]);
    expect(typeof damper?.relinquish_default).toBe('number');
  });

  it('reads a device without ReadPropertyMultiple one property at a time (VAV-3-09, in alarm)', async () => {
    const readings = await sweep(1001019);
    expect(readings.find((r) => r.object_type === 0 && r.instance_number === 1)).toMatchObject({ event_state: 3, status_flags: { in_alarm: true } });
  });

  it('marks an object the device no longer has as missing', async () => {
    const readings = await sweep(1001004, [[0, 1], [0, 77]]);
    expect(readings.map((r) => r.missing)).toEqual([false, true]);
    expect(readings[1]).toMatchObject({ present_value: null, status_flags: null });
  });

  it('sweeps the 2000-object device in chunks, a fraction of one request per property, one request at a time (bench/point-health.ts times it)', async () => {
    const objects = objectsOf(1501);
    // Watch the requests in flight to the device: never more than one (no bursts, however large the device).
    const net = sim.net;
    const rpm = net.readPropertyMultiple.bind(net);
    let inFlight = 0;
    let most = 0;
    net.readPropertyMultiple = async (...args) => {
      most = Math.max(most, ++inFlight);
      try {
        return await rpm(...args);
      } finally {
        inFlight--;
      }
    };
    const before = net.requestsSent;
    const readings = await sweep(1501, objects).finally(() => { net.readPropertyMultiple = rpm; });
    const requests = net.requestsSent - before;
    expect(most).toBe(1);
    expect(readings).toHaveLength(objects.length); // 4 and five groups of 399
    expect(readings.every((r) => !r.missing && r.status_flags?.fault === false)).toBe(true);
    // 5 properties × 1999 objects in replies of 1476 octets: about a hundred requests, not ten thousand.
    expect(requests).toBeLessThan((objects.length * 5) / 20);
  });

  // It once hung in the loaded agent-int tier: the library's own invoke IDs wrapped past 255 onto a request still
  // pending, whose expiry then dropped the newer one, which never settled and held the serialized reads behind it. The
  // agent now hands out invoke IDs itself (never one in flight), and the device's first unanswered request ends the sweep.
  it('answers BacnetTimeout for a device that does not answer (the server records it as unreachable), after one request', async () => {
    const silent = await UdpRelay.start({ ip: '127.0.87.99', port: 47808 }, { ip: '127.0.87.99', port: 9 }, { drop: () => true });
    try {
      const answers = await ask(handlers.PointHealthSweep, { macAddress: '127.0.87.99:47808', network: 0, destinationMacAddress: noDestinationMac, destinationNetwork: 0, instanceNumber: 99, objects: [[0, 1]] });
      expect(answers.at(-1)).toMatchObject({ IsException: true, ExceptionType: 'BacnetTimeout', IsComplete: true });
      // One request (the device profile's first read) with the fixture's one retry; the rest of the sweep is not sent.
      expect(new Set(silent.invokeIds()).size).toBe(1);
      expect(silent.requests).toHaveLength(2);
    } finally {
      silent.close();
    }
  }, 10_000);
});

describe('RelinquishPriority', () => {
  it('clears the slot in the device: present-value falls to the next priority or relinquish-default', async () => {
    const occupancy: [number, number] = [5, 1]; // VAV-3-03 Occupancy, overridden to 0 (unoccupied) at 8
    const [before] = await sweep(1001013, [occupancy]);
    expect(before?.priority_array?.[7]).toBe(0);
    const answers = await ask(handlers.RelinquishPriority, { ...sim.target(1001013), objectType: 5, objectInstance: 1, priority: 8 });
    const result = relinquishPriorityResultSchema.parse(answers.at(-1)?.Data);
    expect(result.priority_array).toEqual(Array.from({ length: 16 }, () => null));
    expect(result.present_value).toBe(1); // the schedule's value: occupied
    const [after] = await sweep(1001013, [occupancy]);
    expect(after?.priority_array?.every((v) => v === null)).toBe(true);
    expect(after?.present_value).toBe(1);
  });

  it('answers the device\'s refusal as BacnetError (an input has no priority array)', async () => {
    const answers = await ask(handlers.RelinquishPriority, { ...sim.target(1001013), objectType: 0, objectInstance: 1, priority: 8 });
    expect(answers.at(-1)).toMatchObject({ IsException: true, ExceptionType: 'BacnetError' });
  });
});
