/**
 * Point discovery of EMS-1 (2000 objects) of the simulated demo building, started here on 127.0.49.0: the object
 * list and every object's name, read with the agent's chunked reads, against index-by-index ReadProperty of the
 * same device in the same run, and against its twin that sends segmented replies (EMS-1 with segmentation both,
 * window 8, on 127.0.149.15): the whole object list in one segmented ReadProperty. Prints figures; asserts nothing.
 * Run: npm run bench:point-discovery [-- --in-process]
 * The simulator runs as its own process (a device is another machine); --in-process runs it in this one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApplicationTag, ObjectType, PropertyIdentifier as P, type BACNetObjectID } from '@bacnet-js/client';
import { demoSitePath, loadSite } from '@syrx/bacnet-sim';
import { startSite } from '@syrx/bacnet-sim/testing';
import { BacnetNetwork, ensurePeerProfile, readArrayElements, readArrayLength, readMany, readWholeArray, silentLogger } from '@syrx/agent/testing';
import { fewestRequests, objectListEntrySizes, objectNameSizes } from './reply-sizes.ts';
import { startSimProcess } from './sim-process.ts';
import { median } from './bench-kit.ts';

const base = '127.0.49.0';
const inProcess = process.argv.includes('--in-process');
const site = inProcess ? await startSite(await loadSite(demoSitePath), { baseAddress: base }) : await startSimProcess(['--base-address', base]);
// The segmenting twin: a site of EMS-1 alone, moved to 127.0.149.0.
const demo = await loadSite(demoSitePath);
const emsDefinition = demo.devices.find((d) => d.instance === 1501);
if (!emsDefinition) throw new Error('the demo building has no EMS-1');
const twinSite = { ...demo, routers: [], bbmd: undefined, devices: [{ ...emsDefinition, segmentation: 'both' as const, segmentWindow: 8 }] };
const twinDir = mkdtempSync(join(tmpdir(), 'syrx-bench-'));
writeFileSync(join(twinDir, 'ems-segmented.json'), JSON.stringify(twinSite));
const twinBase = '127.0.149.0';
const twin = inProcess ? await startSite(twinSite, { baseAddress: twinBase }) : await startSimProcess(['--site', join(twinDir, 'ems-segmented.json'), '--base-address', twinBase]);
const net = new BacnetNetwork({ address: '127.0.49.200', port: 47808, logger: silentLogger });
await net.ready();
const ems = { address: '127.0.49.15:47808' };
const device = { type: ObjectType.DEVICE, instance: 1501 };

const timed = async <T>(work: () => Promise<T>) => {
  const requests = net.requestsSent;
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start, requests: net.requestsSent - requests };
};
const objectIdOf = (values: { value?: unknown }[] | undefined) => values?.[0]?.value as BACNetObjectID;

// Ours: max APDU and segmentation of the device, the length, the entries in chunks, the names in chunks.
const chunked = async () => {
  await ensurePeerProfile(net, ems, 1501);
  const length = (await readArrayLength(net, ems, device, P.OBJECT_LIST)) ?? 0;
  const { elements } = await readArrayElements(net, ems, device, P.OBJECT_LIST, 1, length);
  const objects = elements.map(objectIdOf);
  const names = await readMany(net, ems, objects.map((objectId) => ({ objectId, propertyId: P.OBJECT_NAME })), { replyOctetsPerProperty: 20 });
  return objects.map((id, i) => ({ id, name: String(names[i]?.ok ? names[i].values[0]?.value : '') }));
};
// Segmented: the same, but the object list of the twin in one ReadProperty answered in segments.
const emsTwin = { address: '127.0.149.15:47808' };
const segmented = async () => {
  await ensurePeerProfile(net, emsTwin, 1501);
  const length = (await readArrayLength(net, emsTwin, device, P.OBJECT_LIST)) ?? 0;
  const list = await readWholeArray(net, emsTwin, device, P.OBJECT_LIST, { length, elementTag: ApplicationTag.OBJECTIDENTIFIER });
  if (!list) throw new Error('the twin did not give its object list in one segmented reply');
  const objects = list.map(objectIdOf);
  const names = await readMany(net, emsTwin, objects.map((objectId) => ({ objectId, propertyId: P.OBJECT_NAME })), { replyOctetsPerProperty: 20 });
  return objects.map((id, i) => ({ id, name: String(names[i]?.ok ? names[i].values[0]?.value : '') }));
};
// The object list alone, both ways.
const listChunked = async () => {
  const length = (await readArrayLength(net, ems, device, P.OBJECT_LIST)) ?? 0;
  return (await readArrayElements(net, ems, device, P.OBJECT_LIST, 1, length)).elements.length;
};
const listSegmented = async () => {
  const length = (await readArrayLength(net, emsTwin, device, P.OBJECT_LIST)) ?? 0;
  return (await readWholeArray(net, emsTwin, device, P.OBJECT_LIST, { length, elementTag: ApplicationTag.OBJECTIDENTIFIER }))?.length ?? 0;
};
// Baseline: one ReadProperty at a time, index by index, then one object-name at a time.
const indexByIndex = async () => {
  const [count] = await net.readProperty(ems, device, P.OBJECT_LIST, 0);
  const objects: BACNetObjectID[] = [];
  for (let i = 1; i <= Number(count?.value); i++) objects.push(objectIdOf(await net.readProperty(ems, device, P.OBJECT_LIST, i)));
  const named: { id: BACNetObjectID; name: string }[] = [];
  for (const id of objects) named.push({ id, name: String((await net.readProperty(ems, id, P.OBJECT_NAME))[0]?.value) });
  return named;
};

// Warm up both sides (JIT), then measure: one small ReadProperty's round trip, the baseline once, ours 9 times.
for (let i = 0; i < 200; i++) await net.readProperty(ems, device, P.OBJECT_NAME);
for (let i = 0; i < 10; i++) await chunked(); // a running agent is warm: so are both programs here
for (let i = 0; i < 10; i++) await segmented();
const roundTrips: number[] = [];
for (let i = 0; i < 500; i++) {
  const start = performance.now();
  await net.readProperty(ems, device, P.OBJECT_NAME);
  roundTrips.push(performance.now() - start);
}
const rtt = median(roundTrips);
const p95 = [...roundTrips].sort((a, b) => a - b)[Math.floor(roundTrips.length * 0.95)] ?? NaN;

// The round trip of one full reply (ReadPropertyMultiple of 117 object-list entries, ≈ 1420 octets), for context.
const fullReply = [{ objectId: device, properties: Array.from({ length: 117 }, (_, i) => ({ id: P.OBJECT_LIST, index: 1000 + i })) }];
const fullTrips: number[] = [];
for (let i = 0; i < 200; i++) {
  const start = performance.now();
  await net.readPropertyMultiple(ems, fullReply);
  fullTrips.push(performance.now() - start);
}
const fullRtt = median(fullTrips);

const baseline = await timed(indexByIndex);
const runs: Awaited<ReturnType<typeof timed<Awaited<ReturnType<typeof chunked>>>>>[] = [];
for (let i = 0; i < 9; i++) runs.push(await timed(chunked));
const ours = runs.find((r) => r.ms === median(runs.map((x) => x.ms))) ?? runs[0];
if (!ours) throw new Error('no run');
const same = JSON.stringify(ours.result) === JSON.stringify(baseline.result);
type Timed<T> = Awaited<ReturnType<typeof timed<T>>>;
const medianRun = <T>(all: Timed<T>[]): Timed<T> => all.find((r) => r.ms === median(all.map((x) => x.ms))) ?? (all[0] as Timed<T>);
const segmentedRuns: Timed<Awaited<ReturnType<typeof segmented>>>[] = [];
for (let i = 0; i < 9; i++) segmentedRuns.push(await timed(segmented));
const seg = medianRun(segmentedRuns);
const sameSegmented = JSON.stringify(seg.result) === JSON.stringify(baseline.result);
const listRuns = { chunked: [] as Timed<number>[], segmented: [] as Timed<number>[] };
for (let i = 0; i < 9; i++) {
  listRuns.chunked.push(await timed(listChunked));
  listRuns.segmented.push(await timed(listSegmented));
}
const list = { chunked: medianRun(listRuns.chunked), segmented: medianRun(listRuns.segmented) };

const listSizes = objectListEntrySizes(device, ours.result.map((o) => o.id));
const fewest = 1 + fewestRequests(listSizes.sizes, listSizes.overhead, 1476) + fewestRequests(objectNameSizes(ours.result), 0, 1476);

const f = (n: number, d = 1) => n.toFixed(d);
console.log(`simulator ${inProcess ? 'in this process' : 'in its own process'}`);
console.log(`EMS-1: ${ours.result.length} objects (object list and object names), same result both ways: ${same}`);
console.log(`single ReadProperty round trip: p50 ${f(rtt, 3)} ms, p95 ${f(p95, 3)} ms (500 sequential)`);
console.log(`index by index (ReadProperty, one at a time): ${f(baseline.ms)} ms, ${baseline.requests} requests`);
console.log(`chunked (ours, median of 9):                  ${f(ours.ms)} ms, ${ours.requests} requests (runs: ${runs.map((r) => f(r.ms)).join(', ')} ms)`);
console.log(`segmented (object list in one ReadProperty, median of 9): ${f(seg.ms)} ms, ${seg.requests} requests; same result: ${sameSegmented}`);
console.log(`object list alone (length + entries, median of 9): chunked ${f(list.chunked.ms, 2)} ms, ${list.chunked.requests} requests; segmented ${f(list.segmented.ms, 2)} ms, ${list.segmented.requests} requests (${list.segmented.result} entries)`);
console.log(`speed-up: ${f(baseline.ms / ours.ms)}x (target >= 20x)`);
console.log(`fewest possible requests (replies packed to 1476 octets, plus index 0): ${fewest}; x round trip = ${f(fewest * rtt, 2)} ms`);
console.log(`ours vs that bound: ${f(ours.ms / (fewest * rtt), 2)}x (target <= 1.5x); requests ${ours.requests} vs ${fewest}`);
console.log(`for context: one full-size ReadPropertyMultiple round trip p50 ${f(fullRtt, 3)} ms; fewest requests x that = ${f(fewest * fullRtt, 2)} ms; ours vs that: ${f(ours.ms / (fewest * fullRtt), 2)}x`);

net.close();
await site.stop();
await twin.stop();
rmSync(twinDir, { recursive: true, force: true });
