/**
 * A server instance as production runs it (node with tsx on apps/server/src/main.ts), on the bench database: it
 * migrates and bootstraps the database itself. Its output goes to a log file, shown when the run failed.
 */
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Child, startChild } from './children.ts';
import { serverNodeFlags } from '@syrx/server/node-flags';

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
  batches: Histogram[];
  /** Agents' reports from arrival to acknowledgement, as the instance timed them, by event. */
  acks: Histogram[];
}

/** A Prometheus histogram of one label's values (other labels summed): upper bounds and cumulative counts. */
export interface Histogram {
  key: string;
  count: number;
  sumSeconds: number;
  buckets: [le: number, count: number][];
}

function histogramsOf(text: string, metric: string, label: string): Histogram[] {
  const byKey = new Map<string, Histogram>();
  const of = (key: string) => {
    let b = byKey.get(key);
    if (!b) byKey.set(key, (b = { key, count: 0, sumSeconds: 0, buckets: [] }));
    return b;
  };
  for (const m of text.matchAll(new RegExp(`^${metric}_(bucket|sum|count)\\{([^}]*)\\} (\\S+)$`, 'gm'))) {
    const labels = new Map([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l): [string, string] => [l[1] ?? '', l[2] ?? '']));
    const b = of(labels.get(label) ?? '?');
    const v = Number(m[3]);
    if (m[1] === 'sum') b.sumSeconds += v;
    else if (m[1] === 'count') b.count += v;
    else {
      const le = labels.get('le') === '+Inf' ? Infinity : Number(labels.get('le'));
      const at = b.buckets.find(([x]) => x === le);
      if (at) at[1] += v;
      else b.buckets.push([le, v]);
    }
  }
  for (const b of byKey.values()) b.buckets.sort((x, y) => x[0] - y[0]);
  return [...byKey.values()];
}

/** A histogram between two scrapes, a line per label value: how many, mean, and the buckets holding p50 and p99. */
export function windowLines(start: Histogram[] | undefined, end: Histogram[] | undefined, what: string): string[] {
  return (end ?? []).map((e) => {
    const s = start?.find((x) => x.key === e.key);
    const count = e.count - (s?.count ?? 0);
    const sum = e.sumSeconds - (s?.sumSeconds ?? 0);
    const buckets = e.buckets.map(([le, c]) => [le, c - (s?.buckets.find(([x]) => x === le)?.[1] ?? 0)] as const);
    const bound = (q: number) => {
      const hit = buckets.find(([, c]) => c >= q * count);
      const last = buckets.at(-2)?.[0] ?? 0;
      return hit === undefined ? '–' : hit[0] === Infinity ? `> ${last * 1000} ms` : `≤ ${hit[0] * 1000} ms`;
    };
    return count === 0 ? `${e.key}: none` : `${e.key}: ${count} ${what}, mean ${((sum / count) * 1000).toFixed(1)} ms, p50 ${bound(0.5)}, p99 ${bound(0.99)}`;
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
  };
}
