/**
 * Fleet simulator: N agents speaking the real agent protocol (handshake with controller id and password, a
 * heartbeat every 10 s, records and metric samples every 60 s, every event acknowledged) held by the Syrx server, against
 * bare Socket.IO holding the same number of websocket connections sending the same heartbeats, measured in the same run.
 * Servers and fleet clients are separate processes, so each one's RSS (/proc VmRSS) and CPU (utime + stime over the
 * steady window) is its own. The Syrx server runs as production runs it, on a fresh PostgreSQL database it migrates
 * itself, with the controllers seeded by SQL. Prints figures and issue 26's targets (per agent ≤ 1.2× bare, < 1.2 GB,
 * ≤ 0.8 of a core and heartbeat acknowledgement p99 < 100 ms per instance at 25,000 agents); exits non-zero when any handshake, connection or acknowledgement
 * failed.
 * Run: npm run bench:fleet [-- --agents 10000] [--instances 1|2] [--settle 30] [--window 60] [--clients K]
 *        [--ramp 200] [--points 4] [--keep] [--heap-snapshot] [--server-node-args "--cpu-prof"]
 * --heap-snapshot: each instance writes a heap snapshot at the end of the window (summarise it with
 * bench/fleet/heap-summary.ts); --server-node-args: node flags for the instances. Their files stay in the data directory.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '@syrx/server/node-flags';
import { hashSecret } from '@syrx/server/testing';
import { killAll, startChild } from './fleet/children.ts';
import { backendPids, createFleetDatabase, seedControllers, tableReadsOf } from './fleet/fleet-database.ts';
import { tableReadsFrom } from './table-reads.ts';
import { type PhaseOptions, type PhaseResult, runPhase } from './fleet/measure.ts';
import type { FleetAgent } from './fleet/protocol.ts';
import { printSummary } from './fleet/report.ts';
import { type InstanceGauges, scrapeGauges, type ServerInstance, startInstance } from './fleet/server-instance.ts';
import { arg } from './bench-kit.ts';
import { machineFacts, roundTripLine, wakeUpRoundTrips } from './machine-facts.ts';

const intArg = (name: string, fallback: number, min: number, max: number) => {
  const v = Number(arg(name) ?? fallback);
  if (!Number.isInteger(v) || v < min || v > max) throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return v;
};
const agents = intArg('agents', 10_000, 1, 40_000);
const instances = intArg('instances', 1, 1, 2);
// A process holding more than ~19,000 sockets runs out of descriptors (ulimit -n 20000): 5000 per client by default.
const clients = intArg('clients', Math.ceil(agents / 5000), 1, 16);
const common = {
  clients, rampBatch: intArg('ramp', 200, 1, 5000), heartbeatSeconds: intArg('heartbeat', 10, 1, 600),
  settleSeconds: intArg('settle', 30, 0, 3600), windowSeconds: intArg('window', 60, 1, 3600),
};
const uploadSeconds = intArg('upload', 60, 1, 3600);
// Each server process holds its share of the agents' sockets (and each client process its own): more than the open-file
// limit refuses connections part-way. Said before anything starts, with the remedy.
const openFileLimit = Number(/^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? Infinity);
const socketsPerProcess = Math.max(Math.ceil(agents / instances), Math.ceil(agents / clients)) + 1000;
if (socketsPerProcess > openFileLimit) {
  throw new Error(`${agents} agents need about ${socketsPerProcess} open files in one process, more than this shell's limit of ${openFileLimit}: raise it first (as root: ulimit -Hn 65536; ulimit -n 65536)`);
}
const points = intArg('points', 4, 0, 100);
const keep = process.argv.includes('--keep');
const heapSnapshot = process.argv.includes('--heap-snapshot');
const serverNodeArgs = [...(arg('server-node-args')?.split(' ').filter(Boolean) ?? []), ...(heapSnapshot ? ['--heapsnapshot-signal=SIGUSR2'] : [])];
// Loopback addresses reserved for this benchmark: servers on 127.0.120–121 (127.0.120.10: the wake-up calibration's echo), clients bind 127.0.124–125.
const hosts = { bare: ['127.0.120.1', '127.0.120.2'], ours: ['127.0.121.1', '127.0.121.2'], bareClients: '127.0.124', ourClients: '127.0.125' } as const;

const freePort = (host: string) => new Promise<number>((resolve, reject) => {
  const s = createServer().once('error', reject).listen(0, host, () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});

const dataDir = mkdtempSync(path.join(tmpdir(), 'syrx-bench-fleet-'));
const cleanups: (() => Promise<void>)[] = [];
async function cleanUp(): Promise<void> {
  for (const c of cleanups.splice(0).reverse()) {
    try {
      await c();
    } catch (err) {
      console.error(`clean-up step failed: ${String(err)}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the children and dropping the database`);
    void cleanUp().finally(() => {
      killAll();
      if (!keep && !heapSnapshot) rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

/** One bare server per instance, so each holds as many connections as an instance of ours (and fits ulimit -n). */
async function barePhase(): Promise<PhaseResult> {
  const servers = [];
  for (let i = 0; i < instances; i++) {
    const host = hosts.bare[i] ?? '127.0.120.9';
    const port = await freePort(host);
    // With the instance's own V8 flags: the young generation they size is memory that fills under any load, so per
    // agent it counts on both sides (docs/decisions.md, "bench:fleet runs bare Socket.IO with the instance's V8 flags").
    const bare = startChild(fileURLToPath(new URL('./fleet/bare-server.ts', import.meta.url)), { args: [host, String(port)], nodeArgs: [...serverNodeFlags] });
    cleanups.push(() => bare.stop());
    await bare.next('ready');
    servers.push({ child: bare, pid: bare.pid, url: `http://${host}:${port}` });
  }
  const fleet: FleetAgent[] = Array.from({ length: agents }, () => ({ controllerId: crypto.randomUUID(), password: 'bare', pointIds: [] }));
  const result = await runPhase({ ...common, label: 'bare', servers, agents: fleet, sourceNet: hosts.bareClients, uploadSeconds: 0 });
  for (const s of servers) await s.child.stop();
  return result;
}

/** Has each instance write a heap snapshot into the data directory (the agents still connected); waits until written. */
async function snapshotHeaps(servers: ServerInstance[], dir: string): Promise<void> {
  for (const s of servers) {
    const mine = () => readdirSync(dir).filter((f) => f.endsWith('.heapsnapshot') && f.includes(`.${s.child.pid}.`));
    const before = mine().length;
    s.child.process.kill('SIGUSR2');
    // Writing blocks the server's event loop: it answers again once the file is complete.
    while (mine().length === before) await new Promise((r) => setTimeout(r, 500));
    await fetch(`${s.url}/api/health/live`);
    console.log(`  [Syrx] heap snapshot of ${s.url} written: ${path.join(dir, mine().at(-1) ?? '')}`);
  }
}

async function oursPhase(dataDir: string): Promise<{ result: PhaseResult; gauges: InstanceGauges[]; idleGauges: InstanceGauges[]; startGauges: InstanceGauges[]; tableReadsLine: string }> {
  const db = await createFleetDatabase();
  cleanups.push(() => db.drop());
  const servers: ServerInstance[] = [];
  const redis = instances > 1 ? { url: 'redis://127.0.0.1:6379', keyPrefix: `bench-fleet-${process.pid}` } : undefined;
  // One after the other: the first migrates the database and creates the administrator.
  for (let i = 0; i < instances; i++) {
    const host = hosts.ours[i] ?? '127.0.121.9';
    const s = await startInstance({ host, port: await freePort(host), databaseUrl: db.url, dataDir, nodeArgs: serverNodeArgs, ...(redis ? { redis } : {}) });
    cleanups.push(() => s.child.stop());
    servers.push(s);
  }
  const seedStart = performance.now();
  const fleet = await seedControllers(db.url, agents, points, hashSecret);
  console.log(`  [Syrx] ${instances} instance(s) ready; ${agents} controllers seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  let idleGauges: InstanceGauges[] = [];
  let gauges: InstanceGauges[] = [];
  let startGauges: InstanceGauges[] = [];
  let tableReadsSince = async () => 'not read';
  let tableReadsLine = '';
  const phase: PhaseOptions = {
    ...common, label: 'Syrx', servers: servers.map((s) => ({ pid: s.child.pid, url: s.url })), agents: fleet, sourceNet: hosts.ourClients,
    uploadSeconds, extraPids: () => backendPids(db.url),
    atIdle: async () => {
      idleGauges = await Promise.all(servers.map((s) => scrapeGauges(s.url)));
    },
    // The scrape at the start resets the event loop delay histogram: the one at the end covers the window.
    atStart: async () => {
      startGauges = await Promise.all(servers.map((s) => scrapeGauges(s.url)));
      tableReadsSince = await tableReadsFrom(() => tableReadsOf(db.url));
    },
    atEnd: async () => {
      gauges = await Promise.all(servers.map((s) => scrapeGauges(s.url)));
      tableReadsLine = await tableReadsSince();
      if (heapSnapshot) await snapshotHeaps(servers, dataDir);
    },
  };
  const result = await runPhase(phase);
  for (const s of servers) await s.child.stop();
  await db.drop();
  return { result, gauges, idleGauges, startGauges, tableReadsLine };
}

let failures: string[] = ['the benchmark did not finish'];
try {
  console.log(`Fleet benchmark: ${agents} agents, ${instances} instance(s), ${clients} fleet client process(es)`);
  console.log(`  machine: ${machineFacts()}`);
  console.log(`  node flags of the instances and of bare Socket.IO alike: ${serverNodeFlags.join(' ')}${serverNodeArgs.length > 0 ? `; the instances also: ${serverNodeArgs.join(' ')}` : ''}`);
  console.log(`  at rest (one every 5 ms, both ends asleep between): ${roundTripLine('a byte to another process and back', await wakeUpRoundTrips('127.0.120.10'))}`);
  const bare = await barePhase();
  const ours = await oursPhase(dataDir);
  failures = printSummary({ agents, instances, ...common, uploadSeconds, bare, ours: ours.result, gauges: ours.gauges, idleGauges: ours.idleGauges, startGauges: ours.startGauges, tableReadsLine: ours.tableReadsLine });
} catch (err) {
  console.error(`\nFLEET BENCHMARK FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
} finally {
  await cleanUp();
  if (keep || heapSnapshot || failures.length > 0) console.log(`\nServer logs (and profiles or heap snapshots asked for) kept in ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failures.length > 0 ? 1 : 0);
