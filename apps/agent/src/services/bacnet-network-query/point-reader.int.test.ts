import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadPointsProgressSchema, reloadPointsResultSchema, type ReloadPointsResult, type ResponseData } from '@syrx/contracts/realtime';
import { ask, startSimFixture, type SimFixture } from '../../testing/sim-fixture.ts';

// This file's address range: the demo building at 127.0.42.0, the agent at 127.0.42.200.
let sim: SimFixture;
beforeAll(async () => {
  sim = await startSimFixture('127.0.42.0');
});
afterAll(async () => {
  await sim.stop();
});

const reloadPoints = async (instance: number, extra: Record<string, unknown> = {}) => {
  const answers = await ask(sim.handlers.ReloadPoints, { ...sim.target(instance), ...extra });
  const final = answers.at(-1) as ResponseData;
  return { answers, final, result: final.IsException ? null : reloadPointsResultSchema.parse(final.Data) };
};

/** The device's objects as the simulator holds them, as "type:instance". */
const simObjects = (instance: number) => sim.site.device(instance).model.objectList().map((o) => `${o.type}:${o.instance}`);
const ids = (r: ReloadPointsResult | null) => r?.points.map((p) => `${p.object_type}:${p.instance_number}`);

describe('ReloadPoints', () => {
  it('reads all 2000 points of EMS-1 (the device object included) with their names, in chunks, reporting progress', async () => {
    const before = sim.net.requestsSent;
    const { answers, final, result } = await reloadPoints(1501);
    const requests = sim.net.requestsSent - before;

    expect(answers[0]?.IsAcknowledgement).toBe(true);
    expect(final.IsComplete).toBe(true);
    expect(result?.object_count).toBe(2000);
    expect(result?.truncated).toBe(false);
    expect(result?.points).toHaveLength(2000);
    expect(ids(result)).toEqual(simObjects(1501));
    expect(result?.points.every((p) => typeof p.name === 'string' && p.name.length > 0)).toBe(true);
    expect(result?.points.find((p) => p.object_type === 0 && p.instance_number === 4012)).toEqual({
      object_type: 0, instance_number: 4012, name: 'CKT-012 Voltage', description: 'Branch circuit 12 voltage, line to neutral', units: 5, // volts
    });
    expect(result?.points[0]).toMatchObject({ object_type: 8, instance_number: 1501, name: 'EMS-1' });
    expect(result?.database_revision).toBe(sim.site.device(1501).model.databaseRevision);
    // Index by index would take 2001 requests for the list alone.
    expect(requests).toBeLessThan(250);

    const progress = answers.slice(1, -1);
    expect(progress.length).toBeGreaterThan(0);
    for (const p of progress) {
      expect(p.IsComplete).toBe(false);
      expect(reloadPointsProgressSchema.safeParse(p.Data).success).toBe(true);
    }
    expect(progress.map((p) => (p.Data as { phase: string }).phase)).toContain('properties');
  });

  it('reads WS-1, which refuses ReadPropertyMultiple and takes 480-octet APDUs, one property at a time', async () => {
    const { result } = await reloadPoints(1301);
    expect(ids(result)).toEqual(simObjects(1301));
    expect(result?.points.find((p) => p.instance_number === 2 && p.object_type === 0)).toEqual({
      object_type: 0, instance_number: 2, name: 'Outside Air Humidity', description: 'Outside air relative humidity', units: 29, // percent-relative-humidity
    });
    expect(sim.net.peers.supportsRpm({ address: '127.0.42.13:47808' })).toBe(false);
  });

  it('reads a VAV box behind the router that refuses ReadPropertyMultiple (VAV-3-07)', async () => {
    const { result } = await reloadPoints(1001017);
    expect(result?.points).toHaveLength(10);
    expect(ids(result)).toEqual(simObjects(1001017));
    expect(result?.points.find((p) => p.object_type === 19)).toEqual({ object_type: 19, instance_number: 1, name: 'VAV-3-07 Heat Cool Mode', description: 'Zone control mode' });
  });

  it('reads a VAV box behind the router in chunks that fit its 480-octet APDU (VAV-2-01)', async () => {
    const { result } = await reloadPoints(1001001);
    expect(ids(result)).toEqual(simObjects(1001001));
    expect(result?.points.every((p) => p.name?.startsWith('VAV-2-01'))).toBe(true);
  });

  it('stops at maxPoints and says the list was truncated', async () => {
    const { result } = await reloadPoints(1501, { maxPoints: 120 });
    expect(result).toMatchObject({ object_count: 2000, truncated: true });
    expect(ids(result)).toEqual(simObjects(1501).slice(0, 120));
  });

  it('stops when the request is stopped mid-way, with an exception and without reading the rest', async () => {
    const stop = new AbortController();
    const before = sim.net.requestsSent;
    const answers = await ask(sim.handlers.ReloadPoints, sim.target(1501), {
      signal: stop.signal,
      onAnswer: (a) => (a.Data as { phase?: string } | null)?.phase === 'properties' && stop.abort(),
    });
    const final = answers.at(-1);
    // A stopped request is no type of the contract's own (exceptionTypes): 'Error'.
    expect(final).toMatchObject({ IsComplete: true, IsException: true, ExceptionType: 'Error' });
    expect(answers.some((a) => (a.Data as { points?: unknown } | null)?.points)).toBe(false);
    expect(sim.net.requestsSent - before).toBeLessThan(60); // the object list (≈18) and what was in flight
  });

  it('answers with an exception when the device does not answer', async () => {
    const answers = await ask(sim.handlers.ReloadPoints, { ...sim.target(1101), macAddress: '127.0.42.99:47808' });
    expect(answers.at(-1)).toMatchObject({ IsComplete: true, IsException: true, ExceptionType: 'BacnetTimeout' });
  });
});
