import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ObjectType as T, PropertyIdentifier as P } from '@bacnet-js/client';
import { startSimFixture, type SimFixture } from '../testing/sim-fixture.ts';
import { readArrayElements, readArrayLength, readArrayUntilEnd } from './array-reads.ts';
import { toReceiver } from './bacnet-address.ts';
import { ensurePeerProfile } from './device-profile.ts';
import { readMany } from './property-reads.ts';
import { ChunkSizer } from './rpm-chunks.ts';

// This file's address range: the demo building at 127.0.45.0, the agent at 127.0.45.200.
let sim: SimFixture;
beforeAll(async () => {
  sim = await startSimFixture('127.0.45.0');
});
afterAll(async () => {
  await sim.stop();
});

const device = (instance: number) => ({ type: T.DEVICE, instance });
const counted = async <R>(work: () => Promise<R>): Promise<[R, number]> => {
  const before = sim.net.requestsSent;
  const result = await work();
  return [result, sim.net.requestsSent - before];
};

describe('chunked reads against the simulator', () => {
  it('reads 2000 object-list entries in ReadPropertyMultiple chunks that each fit one 1476-octet APDU', async () => {
    const ems = toReceiver(sim.target(1501));
    // Until its max APDU is known, a device gets chunks that fit 480 octets.
    const [, conservative] = await counted(() => readArrayElements(sim.net, ems, device(1501), P.OBJECT_LIST, 1, 2000));
    expect(conservative).toBeGreaterThan(40);
    await ensurePeerProfile(sim.net, ems, 1501);
    expect(sim.net.peers.get(ems)).toMatchObject({ maxApdu: 1476, segmentation: 3 }); // no segmentation
    const [{ elements, ended }, requests] = await counted(() => readArrayElements(sim.net, ems, device(1501), P.OBJECT_LIST, 1, 2000));
    expect(ended).toBe(false);
    expect(elements.map((e): unknown => e[0]?.value)).toEqual(sim.site.device(1501).model.objectList());
    // 100 entries fit in 1476 octets and 150 do not (the simulator aborts what does not fit): about 17 to 20 requests.
    expect(requests).toBeGreaterThanOrEqual(14);
    expect(requests).toBeLessThanOrEqual(25);
  });

  it('asks again for fewer properties when a reply does not fit the device max APDU (480 octets, VAV-2-01)', async () => {
    const vav = toReceiver(sim.target(1001001));
    const description = { objectId: device(1001001), propertyId: P.DESCRIPTION };
    const refs = Array.from({ length: 40 }, () => description);
    // A guess far too small makes the first request ask for all 40 (≈ 2000 octets of reply).
    const [results, requests] = await counted(() => readMany(sim.net, vav, refs, { replyOctetsPerProperty: 1, concurrency: 1 }));
    expect(results.every((r) => r.ok && r.values[0]?.value === 'Zone 2-01 open office north, served by AHU-1')).toBe(true);
    // 40, 20 and 10 too large (halves until a reply is measured), 5 fit; then chunks sized from that reply.
    expect(requests).toBeGreaterThan(4);
    expect(requests).toBeLessThanOrEqual(11);
  });

  it('falls back to ReadProperty per property when the device refuses ReadPropertyMultiple, and remembers it', async () => {
    const ws = toReceiver(sim.target(1301));
    const refs = [P.OBJECT_NAME, P.DESCRIPTION, P.UNITS].map((propertyId) => ({ objectId: { type: T.ANALOG_INPUT, instance: 1 }, propertyId }));
    const [results, requests] = await counted(() => readMany(sim.net, ws, refs));
    expect(results.map((r): unknown => r.ok && r.values[0]?.value)).toEqual(['Outside Air Temperature', 'Outside air dry-bulb temperature', 64]);
    expect(requests).toBe(4); // the refused ReadPropertyMultiple, then three ReadProperty
    expect(sim.net.peers.supportsRpm(ws)).toBe(false);
    const [, again] = await counted(() => readMany(sim.net, ws, refs));
    expect(again).toBe(3);
  });

  it('gives each property its own outcome: a property the object does not have is an error result, not a failure', async () => {
    const ahu = toReceiver(sim.target(1101));
    const input = { type: T.ANALOG_INPUT, instance: 1 };
    const results = await readMany(sim.net, ahu, [{ objectId: input, propertyId: P.OBJECT_NAME }, { objectId: input, propertyId: P.STATE_TEXT }, { objectId: { type: T.ANALOG_INPUT, instance: 99 }, propertyId: P.OBJECT_NAME }]);
    expect(results[0]).toMatchObject({ ok: true });
    expect(results[1]?.ok === false && results[1].error.isUnknownProperty).toBe(true);
    expect(results[2]?.ok === false && results[2].error.isUnknownObject).toBe(true);
  });

  it('finds the end of an array by index when its length is not used: invalid-array-index marks it', async () => {
    const ahu = toReceiver(sim.target(1101));
    expect(await readArrayLength(sim.net, ahu, device(1101), P.OBJECT_LIST)).toBe(19);
    const all = await readArrayUntilEnd(sim.net, ahu, device(1101), P.OBJECT_LIST, 2000);
    expect(all.map((e): unknown => e[0]?.value)).toEqual(sim.site.device(1101).model.objectList());
    const past = await readArrayElements(sim.net, ahu, device(1101), P.OBJECT_LIST, 15, 30);
    expect(past).toMatchObject({ ended: true });
    expect(past.elements).toHaveLength(5);
    const ws = toReceiver(sim.target(1301)); // one by one, without ReadPropertyMultiple
    expect(await readArrayUntilEnd(sim.net, ws, device(1301), P.OBJECT_LIST, 2000)).toHaveLength(6);
  });

  it('honours an aborted signal between requests', async () => {
    const stop = new AbortController();
    stop.abort();
    await expect(readArrayElements(sim.net, toReceiver(sim.target(1501)), device(1501), P.OBJECT_LIST, 1, 2000, { signal: stop.signal })).rejects.toThrow(/aborted/);
  });
});

describe('ChunkSizer', () => {
  const entries = (from: number, count: number) => Array.from({ length: count }, (_, k) => ({ objectId: device(1), propertyId: P.OBJECT_LIST, index: from + k }));
  const names = (count: number) => Array.from({ length: count }, (_, k) => ({ objectId: { type: T.ANALOG_INPUT, instance: k + 1 }, propertyId: P.OBJECT_NAME }));

  it('counts the encoding around each value exactly and estimates the values: object-list entries pack to the brim', () => {
    const sizer = new ChunkSizer(1476, 5); // an object identifier: application tag and 4 octets
    // 1473 octets of reply: the device object's identifier and tags (7), then per entry 6 octets of framing up to
    // index 255 (7 after) and the value with 10 % head-room (5.5).
    expect(sizer.fitting(entries(1, 300))).toBe(Math.floor(1466 / 11.5));
    expect(sizer.fitting(entries(1000, 300))).toBe(Math.floor(1466 / 12.5));
  });

  it('learns the size of values from each reply, and from a reply that did not fit', () => {
    const sizer = new ChunkSizer(1476, 10);
    expect(sizer.calibrated).toBe(false);
    const fifty = names(50);
    sizer.observed(fifty, 50 * 11 + 50 * 20); // 11 octets of framing per object, 20 of name
    expect(sizer.calibrated).toBe(true);
    expect(sizer.fitting(names(300))).toBe(Math.floor(1473 / (11 + 20 * 1.1)));
    sizer.tooLarge(names(44));
    expect(sizer.fitting(names(300))).toBeLessThan(44);
    expect(new ChunkSizer(50, 1000).fitting(names(3))).toBe(1);
  });
});
