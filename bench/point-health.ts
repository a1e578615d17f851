/**
 * A point health sweep (docs/point-health.md) of EMS-1 (2000 objects) of the simulated demo building, started here on
 * 127.0.88.0: the agent's sweep (chunked ReadPropertyMultiple, one request at a time) against one ReadProperty per
 * property of the same objects in the same run; then the whole demo building, and the discovery bench's site of 100
 * devices (127.0.89.0) swept four devices at a time as the server does, against one ReadProperty per property. Prints
 * figures and PASS/FAIL against the targets (>= 20x fewer requests, a 2000-point device in under 2 s on
 * loopback); asserts nothing. Run: npm run bench:point-health [-- --in-process]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ObjectType, PropertyIdentifier as P, type BACNetAddress, type BACNetObjectID } from '@bacnet-js/client';
import { demoSitePath, loadSite, parseSite, rebaseSite } from '@syrx/bacnet-sim';
import { startSite } from '@syrx/bacnet-sim/testing';
import { BacnetNetwork, ensurePeerProfile, readArrayElements, readArrayLength, silentLogger, sweepDevice, sweptProperties } from '@syrx/agent/testing';
import { noDestinationMac } from '@syrx/contracts/bacnet';
import { fmt, median } from './bench-kit.ts';
import { hundredDeviceSite } from './bench-sites.ts';
import { startSimProcess } from './sim-process.ts';

const base = '127.0.88.0';
const inProcess = process.argv.includes('--in-process');
const site = inProcess ? await startSite(await loadSite(demoSitePath), { baseAddress: base }) : await startSimProcess(['--base-address', base]);
const net = new BacnetNetwork({ address: '127.0.88.200', port: 47808, logger: silentLogger });
await net.ready();

const emsTarget = { macAddress: '127.0.88.15:47808', network: 0, destinationMacAddress: noDestinationMac, destinationNetwork: 0, instanceNumber: 1501 };
const ems: BACNetAddress = { address: emsTarget.macAddress };

/** A device's objects (not the device object), from its object list. */
async function objectsOf(receiver: BACNetAddress, instance: number): Promise<[number, number][]> {
  const device = { type: ObjectType.DEVICE, instance };
  await ensurePeerProfile(net, receiver, instance);
  const length = (await readArrayLength(net, receiver, device, P.OBJECT_LIST)) ?? 0;
  const { elements } = await readArrayElements(net, receiver, device, P.OBJECT_LIST, 1, length);
  return elements.map((e) => e[0]?.value as BACNetObjectID).filter((o) => o.type !== ObjectType.DEVICE).map((o): [number, number] => [o.type, o.instance]);
}

const measured = async <T>(work: () => Promise<T>) => {
  const requests = net.requestsSent;
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start, requests: net.requestsSent - requests };
};

const objects = await objectsOf(ems, 1501);
const properties = objects.reduce((n, [type, instance]) => n + sweptProperties({ type, instance }).length, 0) + 1;

// Baseline: the same properties, one ReadProperty each, one after another (a tool that reads point by point).
const onePerProperty = async () => {
  await net.readProperty(ems, { type: ObjectType.DEVICE, instance: 1501 }, P.SYSTEM_STATUS);
  for (const [type, instance] of objects) {
    for (const property of sweptProperties({ type, instance })) await net.readProperty(ems, { type, instance }, property);
  }
};

// Warm both sides (JIT), then the baseline once and the sweep 7 times.
for (let i = 0; i < 3; i++) await sweepDevice(net, emsTarget, objects);
const baseline = await measured(onePerProperty);
const runs = [];
for (let i = 0; i < 7; i++) runs.push(await measured(() => sweepDevice(net, emsTarget, objects)));
const ms = median(runs.map((r) => r.ms));
const sweep = runs.find((r) => r.ms === ms) ?? runs[0];
if (!sweep) throw new Error('no run');
const readings = sweep.result.readings;

// The whole demo building, as the server's job asks (device after device here; it runs four at once).
const loaded = rebaseSite(await loadSite(demoSitePath), base);
const building = await measured(async () => {
  let points = 0;
  let flagged = 0;
  for (const d of loaded.devices) {
    const routed = d.network !== undefined;
    const address = routed ? `${loaded.routers[0]?.address.ip ?? ''}:${loaded.routers[0]?.address.port ?? 47808}` : `${d.address?.ip ?? ''}:${d.address?.port ?? 47808}`;
    const receiver: BACNetAddress = routed ? { address, net: d.network, adr: [d.mac ?? 0] } : { address };
    const target = { macAddress: address, network: 0, destinationMacAddress: routed ? (d.mac ?? 0).toString(16).padStart(2, '0') : noDestinationMac, destinationNetwork: d.network ?? 0, instanceNumber: d.instance };
    const { readings: found } = await sweepDevice(net, target, await objectsOf(receiver, d.instance));
    points += found.length;
    flagged += found.filter((r) => r.out_of_service || r.reliability || r.event_state || r.priority_array?.some((v) => v !== null)).length;
  }
  return { devices: loaded.devices.length, points, flagged };
});

// The discovery bench's 100 devices (an analog input and a binary value each; 80 behind two routers), in a simulator of
// their own: swept four at a time, against one ReadProperty per property, device after device.
const siteBase = '127.0.89.0';
const hundred = hundredDeviceSite(siteBase);
const dir = mkdtempSync(path.join(tmpdir(), 'syrx-bench-'));
writeFileSync(path.join(dir, 'site.json'), JSON.stringify(hundred));
const hundredSim = inProcess ? await startSite(parseSite(hundred)) : await startSimProcess(['--site', path.join(dir, 'site.json')]);
const atSite = (host: number) => siteBase.replace(/\.0$/, `.${host}`);
const siteTargets = parseSite(hundred).devices.map((d) => {
  const routed = d.network !== undefined;
  const macAddress = routed ? `${atSite(d.network === 2001 ? 2 : 3)}:47808` : `${d.address?.ip ?? ''}:47808`;
  return { macAddress, network: 0, destinationMacAddress: routed ? (d.mac ?? 0).toString(16).padStart(2, '0') : noDestinationMac, destinationNetwork: d.network ?? 0, instanceNumber: d.instance };
});
const siteObjects: [number, number][] = [[ObjectType.ANALOG_INPUT, 1], [ObjectType.BINARY_VALUE, 1]];
const sweepSite = async () => {
  const queue = [...siteTargets];
  const worker = async () => {
    for (let t = queue.shift(); t; t = queue.shift()) await sweepDevice(net, t, siteObjects);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
};
const siteOnePerProperty = async () => {
  for (const t of siteTargets) {
    const receiver: BACNetAddress = t.destinationNetwork ? { address: t.macAddress, net: t.destinationNetwork, adr: [parseInt(t.destinationMacAddress, 16)] } : { address: t.macAddress };
    await net.readProperty(receiver, { type: ObjectType.DEVICE, instance: t.instanceNumber }, P.SYSTEM_STATUS);
    for (const [type, instance] of siteObjects) for (const property of sweptProperties({ type, instance })) await net.readProperty(receiver, { type, instance }, property);
  }
};
await sweepSite(); // learns each device's max APDU, as a running agent has
const siteBaseline = await measured(siteOnePerProperty);
const siteRuns = [];
for (let i = 0; i < 5; i++) siteRuns.push(await measured(sweepSite));
const siteMs = median(siteRuns.map((r) => r.ms));
const siteSweep = siteRuns.find((r) => r.ms === siteMs) ?? siteRuns[0];

const f = (n: number, d = 1) => n.toFixed(d);
const fewer = baseline.requests / sweep.requests;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
console.log(`simulator ${inProcess ? 'in this process' : 'in its own process'}`);
console.log(`EMS-1: ${fmt(readings.length)} objects, ${fmt(properties)} properties (present value, status flags, out of service, reliability, event state; and the device's system status)`);
console.log(`one ReadProperty per property: ${fmt(baseline.ms)} ms, ${fmt(baseline.requests)} requests`);
console.log(`sweep (median of 7):           ${fmt(sweep.ms)} ms, ${fmt(sweep.requests)} requests (runs: ${runs.map((r) => fmt(r.ms)).join(', ')} ms)`);
console.log(`requests: ${f(fewer)}x fewer (target >= 20x): ${verdict(fewer >= 20)}`);
console.log(`time: ${fmt(sweep.ms)} ms for the 2000-point device (target < 2000 ms on loopback): ${verdict(sweep.ms < 2000)}; ${f(baseline.ms / sweep.ms)}x faster than the baseline`);
console.log(`demo building: ${building.result.devices} devices, ${fmt(building.result.points)} points, ${building.result.flagged} with a condition, in ${fmt(building.ms)} ms and ${fmt(building.requests)} requests (object lists included)`);

if (siteSweep) {
  console.log(`100-device site: one ReadProperty per property ${fmt(siteBaseline.ms)} ms, ${fmt(siteBaseline.requests)} requests; sweep (4 devices at once, median of 5) ${fmt(siteSweep.ms)} ms, ${fmt(siteSweep.requests)} requests: ${f(siteBaseline.requests / siteSweep.requests)}x fewer requests, ${f(siteBaseline.ms / siteSweep.ms)}x faster (two points a device: the target of 20x is the 2000-point device's)`);
}

net.close();
await site.stop();
await hundredSim.stop();
rmSync(dir, { recursive: true, force: true });
