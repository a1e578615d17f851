/**
 * One phase of the fleet benchmark against servers already listening: the servers' RSS idle, the fleet clients
 * ramping their agents in, a settling time, then the steady window over which the servers' CPU is read and the
 * heartbeat latencies collected; the clients' counters merged at the end.
 */
import { fileURLToPath } from 'node:url';
import { type Child, startChild } from './children.ts';
import { cpuSeconds, machineCpu, type MachineShares, machineShares, statusKb } from '../proc-stats.ts';
import type { FleetAgent, FleetReport } from './protocol.ts';
import { median, nearestRank } from '../bench-kit.ts';

const clientFile = fileURLToPath(new URL('./fleet-client.ts', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface PhaseOptions {
  label: string;
  servers: { pid: number; url: string }[];
  agents: FleetAgent[];
  clients: number;
  /** x.y.z: client k binds x.y.z.(k+1). */
  sourceNet: string;
  rampBatch: number;
  heartbeatSeconds: number;
  uploadSeconds: number;
  settleSeconds: number;
  windowSeconds: number;
  /** Other processes whose CPU over the window is of interest (the database's backends), read at window start and end. */
  extraPids?: () => Promise<number[]>;
  /** Runs once the idle figures are read, before any agent connects. */
  atIdle?: () => Promise<void>;
  /** Runs as the window starts. */
  atStart?: () => Promise<void>;
  /** Runs at the end of the window while the agents are still connected (e.g. scraping the servers' gauges). */
  atEnd?: () => Promise<void>;
}

export interface ServerFigures {
  idleKb: number;
  /** CPU before any agent connected, as a fraction of one core. */
  idleCores: number;
  /** Median over the window, and its largest sample. */
  rssKb: number;
  rssMaxKb: number;
  peakKb: number;
  /** CPU over the window as a fraction of one core. */
  cores: number;
}

export interface PhaseResult {
  servers: ServerFigures[];
  rampSeconds: number;
  report: FleetReport;
  extraCores: number | null;
  /** The whole machine over the window: busy, I/O wait, stolen, and some task waiting for a core. */
  machine: MachineShares;
}

/** The p-th percentile (nearest rank, as bench:api-load's) of unsorted values; NaN for none. */
export const percentile = (xs: number[], p: number): number => nearestRank(Float64Array.from(xs).sort(), p / 100);

/** Sums the numbers of `b` into a copy of `a`. */
function added<T extends object>(a: T, b: T): T {
  const out = { ...a } as Record<string, unknown>;
  for (const [k, v] of Object.entries(b)) if (typeof v === 'number') out[k] = (out[k] as number) + v;
  return out as T;
}

function merge(reports: FleetReport[]): FleetReport {
  const [first, ...rest] = reports;
  if (!first) throw new Error('no fleet client reported');
  return rest.reduce((m, r) => ({
    ...added(m, r),
    errorSamples: [...new Set([...m.errorSamples, ...r.errorSamples])].slice(0, 5),
    heartbeats: added(m.heartbeats, r.heartbeats),
    records: added(m.records, r.records),
    metrics: added(m.metrics, r.metrics),
    heartbeatMs: m.heartbeatMs.concat(r.heartbeatMs),
    // The worst client's: its acknowledgements are the ones timed latest.
    loopDelayMs: { p99: Math.max(m.loopDelayMs.p99, r.loopDelayMs.p99), max: Math.max(m.loopDelayMs.max, r.loopDelayMs.max) },
  }), first);
}

async function reports(clients: Child[]): Promise<FleetReport[]> {
  return Promise.all(clients.map(async (c) => {
    const next = c.next('report');
    c.send({ type: 'report' });
    return (await next).report;
  }));
}

async function cpuOf(pids: number[]): Promise<Map<number, number>> {
  return new Map(pids.map((p) => [p, cpuSeconds(p)]));
}

export async function runPhase(o: PhaseOptions): Promise<PhaseResult> {
  const log = (s: string) => console.log(`  [${o.label}] ${s}`);
  // Idle: the median of ten RSS samples over five seconds, and the CPU over those seconds.
  const idleSamples: number[][] = o.servers.map(() => []);
  const idleCpuStart = o.servers.map((s) => cpuSeconds(s.pid));
  const idleStart = performance.now();
  for (let i = 0; i < 10; i++) {
    o.servers.forEach((s, j) => idleSamples[j]?.push(statusKb(s.pid, 'VmRSS')));
    await sleep(500);
  }
  const idleElapsed = (performance.now() - idleStart) / 1000;
  const idleKb = idleSamples.map(median);
  const idleCores = o.servers.map((s, j) => (cpuSeconds(s.pid) - (idleCpuStart[j] ?? 0)) / idleElapsed);
  await o.atIdle?.();

  const clients: Child[] = [];
  try {
    const share = Math.ceil(o.agents.length / o.clients);
    for (let k = 0; k < o.clients; k++) clients.push(startChild(clientFile, { nodeArgs: ['--max-old-space-size=4096'] }));
    await Promise.all(clients.map((c) => c.next('ready')));
    const rampStart = performance.now();
    const ramped = Promise.all(clients.map((c) => c.next('ramped')));
    clients.forEach((c, k) => c.send({
      type: 'start',
      plan: {
        urls: o.servers.map((s) => s.url), agents: o.agents.slice(k * share, (k + 1) * share), localAddress: `${o.sourceNet}.${k + 1}`,
        rampBatch: Math.max(20, Math.ceil(o.rampBatch / o.clients)), heartbeatSeconds: o.heartbeatSeconds, uploadSeconds: o.uploadSeconds,
      },
    }));
    let done = false;
    void ramped.finally(() => { done = true; });
    while (!done) {
      await Promise.race([ramped, sleep(10_000)]);
      if (!done) log(`ramping: ${merge(await reports(clients)).connected} of ${o.agents.length} connected`);
    }
    const rampSeconds = (performance.now() - rampStart) / 1000;
    log(`${(await ramped).reduce((n, r) => n + r.connected, 0)} of ${o.agents.length} connected in ${rampSeconds.toFixed(1)} s; settling ${o.settleSeconds} s`);
    await sleep(o.settleSeconds * 1000);

    log(`measuring for ${o.windowSeconds} s`);
    for (const c of clients) c.send({ type: 'window' });
    await o.atStart?.();
    const pids = o.servers.map((s) => s.pid);
    const extraStart = o.extraPids ? await cpuOf(await o.extraPids()) : null;
    const cpuStart = pids.map(cpuSeconds);
    const machineStart = machineCpu();
    // RSS every second over the window: its median is the figure (one reading lands anywhere in a GC cycle).
    const windowStart = performance.now();
    const rssSamples: number[][] = o.servers.map(() => []);
    while (performance.now() - windowStart < o.windowSeconds * 1000) {
      o.servers.forEach((s, j) => rssSamples[j]?.push(statusKb(s.pid, 'VmRSS')));
      await sleep(Math.min(1000, o.windowSeconds * 1000 - (performance.now() - windowStart)));
    }
    const elapsed = (performance.now() - windowStart) / 1000;
    const cpuEnd = pids.map(cpuSeconds);
    const machine = machineShares(machineStart, machineCpu());
    let extraCores: number | null = null;
    if (o.extraPids && extraStart) {
      const end = await cpuOf(await o.extraPids());
      extraCores = [...end].reduce((n, [pid, cpu]) => n + cpu - (extraStart.get(pid) ?? 0), 0) / elapsed;
    }
    const servers = o.servers.map((s, i): ServerFigures => ({
      idleKb: idleKb[i] ?? NaN,
      idleCores: idleCores[i] ?? NaN,
      rssKb: median(rssSamples[i] ?? []),
      rssMaxKb: Math.max(...(rssSamples[i] ?? [])),
      peakKb: statusKb(s.pid, 'VmHWM'),
      cores: ((cpuEnd[i] ?? 0) - (cpuStart[i] ?? 0)) / elapsed,
    }));
    // After the figures are read: what runs here (a scrape, a heap snapshot) costs memory and CPU of its own.
    await o.atEnd?.();
    const report = merge(await reports(clients));
    return { servers, rampSeconds, report, extraCores, machine };
  } finally {
    await Promise.all(clients.map(async (c) => {
      c.send({ type: 'stop' });
      await Promise.race([c.exited, sleep(5000)]);
      await c.stop(2000);
    }));
  }
}
