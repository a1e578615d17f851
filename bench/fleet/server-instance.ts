/**
 * A server instance as production runs it (node with tsx on apps/server/src/main.ts), on the bench database: it
 * migrates and bootstraps the database itself. Its output goes to a log file, shown when the run failed.
 */
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Child, startChild } from './children.ts';
import { serverNodeFlags } from '@syrx/server/node-flags';
import { type Hist, histogramsOf, quantileBetween } from '../prometheus-text.ts';

const serverMain = fileURLToPath(import.meta.resolve('@syrx/server/main'));

export interface ServerInstance {
  child: Child;
  url: string;
  logFile: string;
}

export interface InstanceOptions {
  host: string;
  port: number;
  databaseUrl: string;
  dataDir: string;
  redis?: { url: string; keyPrefix: string };
  /** Extra node flags (e.g. --cpu-prof, --heapsnapshot-signal) for diagnosis. */
  nodeArgs?: string[];
}

export async function startInstance(o: InstanceOptions): Promise<ServerInstance> {
  const logFile = path.join(o.dataDir, `server-${o.host}-${o.port}.log`);
  const fd = openSync(logFile, 'a');
  // The data directory as working directory: heap snapshots and CPU profiles asked for by nodeArgs land there.
  const child = startChild(serverMain, {
    cwd: o.dataDir,
    nodeArgs: [...serverNodeFlags, ...(o.nodeArgs ?? [])],
    stdio: ['ignore', fd, fd, 'ipc'],
    env: {
      PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production',
      DATABASE_URL: o.databaseUrl, DEMO: 'false', HOST: o.host, PORT: String(o.port), LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'fleet-bench-admin', DATA_DIR: o.dataDir,
      ...(o.redis ? { REDIS_URL: o.redis.url, REDIS_KEY_PREFIX: o.redis.keyPrefix } : {}),
    },
  });
  closeSync(fd);
  const url = `http://${o.host}:${o.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.process.exitCode !== null) throw new Error(`the server exited (code ${child.process.exitCode}); see ${logFile}`);
    if (Date.now() > deadline) throw new Error(`the server was not ready within 120 s; see ${logFile}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return { child, url, logFile };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** What the fleet report reads from an instance's Prometheus scrape (loopback may scrape without a token). */
export interface InstanceGauges {
  agents: number | null;
  heapUsedBytes: number | null;
  heapTotalBytes: number | null;
  externalBytes: number | null;
  /** Event loop delay since the previous scrape (prom-client resets its histogram at each scrape). */
  lagP99Seconds: number | null;
  lagMaxSeconds: number | null;
  /** Batch writes of agents' reports so far (lib/report-timing.ts), by kind: cumulative, so two scrapes give a window. */
  batches: Map<string, Hist>;
  /** Agents' reports from arrival to acknowledgement, as the instance timed them, by event. */
  acks: Map<string, Hist>;
  /** Garbage-collection pauses so far, by kind (minor: the young generation; major: the whole heap). */
  gc: Map<string, Hist>;
}

/** Histograms between two scrapes, a line per label value: how many, mean, and the buckets holding p50 and p99. */
export function windowLines(start: Map<string, Hist> | undefined, end: Map<string, Hist> | undefined, what: string): string[] {
  return [...(end ?? [])].map(([key, e]) => {
    const p50 = quantileBetween(start?.get(key), e, 0.5);
    const p99 = quantileBetween(start?.get(key), e, 0.99);
    return p50.n === 0 ? `${key}: none` : `${key}: ${p50.n} ${what}, mean ${p50.meanMs.toFixed(1)} ms, p50 ${p50.bound} ms, p99 ${p99.bound} ms`;
  });
}

/** The gauges, or nulls when the instance does not answer within 30 s. */
export async function scrapeGauges(url: string): Promise<InstanceGauges> {
  let text = '';
  try {
    text = await (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(30_000) })).text();
  } catch {
    // no answer: every gauge null
  }
  const gauge = (name: string) => {
    const m = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text);
    return m?.[1] === undefined ? null : Number(m[1]);
  };
  return {
    agents: gauge('syrx_agents_connected'),
    heapUsedBytes: gauge('syrx_nodejs_heap_size_used_bytes'),
    heapTotalBytes: gauge('syrx_nodejs_heap_size_total_bytes'),
    externalBytes: gauge('syrx_nodejs_external_memory_bytes'),
    lagP99Seconds: gauge('syrx_nodejs_eventloop_lag_p99_seconds'),
    lagMaxSeconds: gauge('syrx_nodejs_eventloop_lag_max_seconds'),
    batches: histogramsOf(text, 'syrx_batch_write_seconds', 'kind'),
    acks: histogramsOf(text, 'syrx_agent_ack_seconds', 'event'),
    gc: histogramsOf(text, 'syrx_nodejs_gc_duration_seconds', 'kind'),
  };
}
