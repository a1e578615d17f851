import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationTag, ObjectType as T, PropertyIdentifier as P } from '@bacnet-js/client';
import type { ReloadPointsProgress } from '@syrx/contracts/realtime';
import { readPoints } from '../services/bacnet-network-query/point-reader.ts';
import { startSimFixture, type SimFixture } from '../testing/sim-fixture.ts';
import { readArrayLength, readWholeArray } from './array-reads.ts';
import { toReceiver } from './bacnet-address.ts';
import { ensurePeerProfile } from './device-profile.ts';

// This file's address range: the demo building at 127.0.141.0, the agent at 127.0.141.200. EMS-1 (2000 objects)
// sends segmented replies here, with a max APDU of 206 and a window of 6; EMS-2 is its twin without segmentation.
let sim: SimFixture;
beforeAll(async () => {
  sim = await startSimFixture('127.0.141.0', {
    edit: (site) => {
      const ems = site.devices.find((d) => d.instance === 1501);
      if (!ems) throw new Error('the demo building has no EMS-1');
      const small = { ...ems, maxApdu: 206 };
      const twin = { ...small, instance: 1502, name: 'EMS-2', address: { ip: '127.0.10.16', port: 47808 }, segmentation: 'none' as const };
      return { ...site, devices: [...site.devices.filter((d) => d !== ems), { ...small, segmentation: 'both' as const, segmentWindow: 6 }, twin] };
    },
  });
});
afterAll(async () => {
  await sim.stop();
});

const device = (instance: number) => ({ type: T.DEVICE, instance });
const objectIds = { length: 2000, elementTag: ApplicationTag.OBJECTIDENTIFIER };
const counted = async <R>(work: () => Promise<R>): Promise<[R, number]> => {
  const before = sim.net.requestsSent;
  const result = await work();
  return [result, sim.net.requestsSent - before];
};
const readAll = (instance: number, onProgress?: (p: ReloadPointsProgress) => void) => readPoints(sim.net, sim.target(instance), { maxPoints: 2000, onProgress, progressIntervalMs: 0 });

// Reading 2000 objects' names, descriptions and units in replies of 206 octets takes a few seconds.
describe('a whole object list in one segmented ReadProperty', { timeout: 60_000 }, () => {
  it('reads the 2000 entries of a device that segments (max APDU 206: about 50 segments) in one request, reassembled', async () => {
    const ems = toReceiver(sim.target(1501));
    await ensurePeerProfile(sim.net, ems, 1501);
    expect(sim.net.peers.get(ems)).toMatchObject({ maxApdu: 206, segmentation: 0 }); // segmented-both
    expect(await readArrayLength(sim.net, ems, device(1501), P.OBJECT_LIST)).toBe(2000);
    const [list, requests] = await counted(() => readWholeArray(sim.net, ems, device(1501), P.OBJECT_LIST, objectIds));
    expect(requests).toBe(1);
    expect(list?.map((e): unknown => e[0]?.value)).toEqual(sim.site.device(1501).model.objectList());
  });

  it('gives the list up (null: read it in chunks) when the reassembled reply does not have the length the device gave', async () => {
    const ems = toReceiver(sim.target(1501));
    await ensurePeerProfile(sim.net, ems, 1501);
    expect(await readWholeArray(sim.net, ems, device(1501), P.OBJECT_LIST, { ...objectIds, length: 2001 })).toBeNull();
    expect(await readWholeArray(sim.net, ems, device(1501), P.OBJECT_LIST, { ...objectIds, elementTag: ApplicationTag.UNSIGNED_INTEGER })).toBeNull();
  });

  it('reloads the points of the segmenting device with the object list in one request: fewer requests, the same points', async () => {
    const phases: ReloadPointsProgress[] = [];
    const [segmented, segmentedRequests] = await counted(() => readAll(1501, (p) => phases.push(p)));
    const [chunked, chunkedRequests] = await counted(() => readAll(1502));
    expect(segmented.points).toHaveLength(2000);
    expect(segmented.points.slice(1)).toEqual(chunked.points.slice(1)); // the twins differ in their device object only
    expect(phases).toContainEqual({ phase: 'object-list', done: 2000, total: 2000 });
    // The object list in chunks of about 200 octets takes some 60 requests; the names, descriptions and units as many for both.
    expect(chunkedRequests - segmentedRequests).toBeGreaterThan(40);
  });
});

describe('the fallback when the device does not segment', { timeout: 60_000 }, () => {
  it('does not ask for the whole list of a device without segmentation, and reads it in chunks', async () => {
    const twin = toReceiver(sim.target(1502));
    await ensurePeerProfile(sim.net, twin, 1502);
    expect(sim.net.peers.get(twin)).toMatchObject({ maxApdu: 206, segmentation: 3 }); // no-segmentation
    const [list, requests] = await counted(() => readWholeArray(sim.net, twin, device(1502), P.OBJECT_LIST, objectIds));
    expect(list).toBeNull();
    expect(requests).toBe(0);
    const result = await readAll(1502);
    expect(result.points.map((p) => [p.object_type, p.instance_number])).toEqual(
      sim.site.device(1502).model.objectList().map((o) => [o.type, o.instance]),
    );
  });

  it('falls back to chunks when a device said it segments but then refuses (Abort segmentation-not-supported)', async () => {
    const twin = toReceiver(sim.target(1502));
    await ensurePeerProfile(sim.net, twin, 1502);
    sim.net.peers.learn(twin, { segmentation: 0 }); // what a wrong I-Am would say
    const [list, requests] = await counted(() => readWholeArray(sim.net, twin, device(1502), P.OBJECT_LIST, objectIds));
    expect(list).toBeNull();
    expect(requests).toBe(1);
    const result = await readAll(1502);
    expect(result.points).toHaveLength(2000);
    expect(result.object_count).toBe(2000);
  });
});
