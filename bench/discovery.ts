/**
 * Discovery of a generated building of 100 devices — 20 on their own addresses, 80 behind two routers (networks
 * 2001 and 2002, 40 each), a BBMD — started here on 127.0.49.0: how long until every I-Am has arrived, with the
 * agent's DiscoverDevices path (foreign-device registration, global Who-Is through the BBMD). Prints figures;
 * asserts nothing. Run: npm run bench:discovery [-- --in-process]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseSite } from '@syrx/bacnet-sim';
import { startSite } from '@syrx/bacnet-sim/testing';
import { BacnetNetwork, discoverDevices, silentLogger } from '@syrx/agent/testing';
import { hundredDeviceSite } from './bench-sites.ts';
import { startSimProcess } from './sim-process.ts';

const base = '127.0.49.0';
const at = (host: number) => base.replace(/\.0$/, `.${host}`);
const raw = hundredDeviceSite(base);
const site = parseSite(raw, 'discovery bench'); // the simulator's siteSchema
const dir = mkdtempSync(path.join(tmpdir(), 'syrx-bench-'));
const siteFile = path.join(dir, 'site.json');
writeFileSync(siteFile, JSON.stringify(raw));
const inProcess = process.argv.includes('--in-process');
const sim = inProcess ? await startSite(site) : await startSimProcess(['--site', siteFile]);

const net = new BacnetNetwork({ address: at(200), port: 47808, logger: silentLogger });
await net.ready();
await net.registerForeignDevice(`${at(1)}:47808`, 300);

// Here each timed run stops at the 100th device; the quiet runs end as the handler does by default.
const timedRun = async () => {
  const stop = new AbortController();
  const start = performance.now();
  let first = NaN;
  let count = 0;
  let last = NaN;
  const found = await discoverDevices(net, { durationMs: 10_000, bbmds: [`${at(1)}:47808`], signal: stop.signal }, () => {
    count++;
    if (count === 1) first = performance.now() - start;
    if (count === raw.devices.length) {
      last = performance.now() - start;
      stop.abort();
    }
  });
  return { all: last, first, found: found.length, routed: found.filter((d) => d.DestinationNetwork > 0).length };
};
/** A discovery as the agent runs it by default: it ends once no new device has answered for 1 s (at most 10 s). */
const quietRun = async () => {
  const start = performance.now();
  const found = await discoverDevices(net, { durationMs: 10_000, quietMs: 1000, bbmds: [`${at(1)}:47808`] }, () => undefined);
  return { ended: performance.now() - start, found: found.length };
};
await timedRun(); // warm-up
const runs: Awaited<ReturnType<typeof timedRun>>[] = [];
for (let i = 0; i < 7; i++) runs.push(await timedRun());
const sorted = [...runs].sort((a, b) => a.all - b.all);
const median = sorted[Math.floor(sorted.length / 2)];
const f = (n: number) => n.toFixed(1);
console.log(`simulator ${inProcess ? 'in this process' : 'in its own process'}; site validated by siteSchema: ${site.devices.length} devices (${site.devices.filter((d) => d.network).length} behind 2 routers with strict routing), BBMD at ${at(1)}`);
console.log(`found per run: ${runs.map((r) => `${r.found} (${r.routed} routed)`).join(', ')}`);
console.log(`first I-Am after: ${runs.map((r) => f(r.first)).join(', ')} ms`);
console.log(`all ${raw.devices.length} I-Am after: ${runs.map((r) => f(r.all)).join(', ')} ms`);
console.log(`median time to discover all ${raw.devices.length}: ${median ? f(median.all) : '?'} ms (target < 3000 ms)`);
const quiet: Awaited<ReturnType<typeof quietRun>>[] = [];
for (let i = 0; i < 3; i++) quiet.push(await quietRun());
console.log(`with the defaults (quiet 1 s, at most 10 s) discovery ended after: ${quiet.map((r) => `${f(r.ended)} ms (${r.found} found)`).join(', ')}; before issue 22 it always listened 5000 ms`);

net.close();
await sim.stop();
rmSync(dir, { recursive: true, force: true });
