import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { type AgentAck, agentAcks, type BatchWrite, batchWrites } from './report-timing.ts';
import { dominantStage, markArrival, markHandlerEnd, markHandlerStart, markOnSend, stagesOf } from './request-stages.ts';

/** prom-client defaults left out (see createServerMetrics). */
export const unscrapedDefaults = ['nodejs_active_handles', 'nodejs_active_handles_total', 'nodejs_active_resources', 'nodejs_active_resources_total'] as const;

/** A request slower than this (the point list's p99 target, issue 26) counts its largest stage. */
const slowRequestMs = 25;

/**
 * The Prometheus metrics of one server instance (its own registry, so several apps in one process stay apart):
 * the process defaults, HTTP requests and latencies by route pattern, and gauges read at scrape time.
 */
export function createServerMetrics() {
  const registry = new Registry();
  // GC pauses in finer buckets than prom-client's (1 ms, 10 ms, 100 ms, 1 s): a young-generation pause of 20-90 ms is
  // what an agent's acknowledgement waits behind under load (issue 26), and the default buckets cannot tell it from 10.
  collectDefaultMetrics({ register: registry, prefix: 'syrx_', gcDurationBuckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5] });
  // Not the counts of libuv handles and resources by type: collecting them lists every one of them at each scrape
  // (process._getActiveHandles, getActiveResourcesInfo), which with 18,000 agents' sockets held the event loop about
  // 30 ms a scrape, every acknowledgement waiting (issue 26: a CPU profile of bench:fleet's window).
  // syrx_agents_connected and syrx_process_open_fds say what they would.
  for (const name of unscrapedDefaults) registry.removeSingleMetric(`syrx_${name}`);
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'syrx_http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'syrx_http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // Where the time of a request goes (lib/request-stages.ts), and which stage was the largest in a slow one.
  const stage = new Histogram({
    name: 'syrx_http_request_stage_seconds',
    help: 'Time of a request by stage (identify is part of receive)',
    labelNames: ['route', 'stage'],
    buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  const slow = new Counter({
    name: 'syrx_http_slow_requests_total',
    help: `Requests that took over ${slowRequestMs} ms, by the stage that took the longest`,
    labelNames: ['route', 'stage'],
    registers: [registry],
  });
  const poolWait = new Histogram({
    name: 'syrx_db_pool_wait_seconds',
    help: 'Time a query waited for a connection of the database pool',
    buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.025, 0.1, 1],
    registers: [registry],
  });

  // Batch writes of agents' reports (lib/report-timing.ts): an acknowledgement waits for its batch's write.
  const batchSeconds = new Histogram({
    name: 'syrx_batch_write_seconds',
    help: "Time of one batch write of agents' reports, by kind (heartbeats, records, metrics) and outcome",
    labelNames: ['kind', 'ok'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const batchItems = new Histogram({
    name: 'syrx_batch_write_items',
    help: 'Reports in one batch write, by kind',
    labelNames: ['kind'],
    buckets: [1, 10, 50, 100, 200, 500, 1000],
    registers: [registry],
  });
  const onBatch = (message: unknown) => {
    const b = message as BatchWrite;
    batchSeconds.observe({ kind: b.kind, ok: String(b.ok) }, b.seconds);
    batchItems.observe({ kind: b.kind }, b.size);
  };
  batchWrites.subscribe(onBatch);
  const ackSeconds = new Histogram({
    name: 'syrx_agent_ack_seconds',
    help: "Time from an agent's report arriving to its acknowledgement, by event",
    labelNames: ['event'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const onAck = (message: unknown) => {
    const a = message as AgentAck;
    ackSeconds.observe({ event: a.event }, a.seconds);
  };
  agentAcks.subscribe(onAck);

  return {
    registry,
    /** Stops listening to the process's batch writes and acknowledgements (the app closes). */
    close(): void {
      batchWrites.unsubscribe(onBatch);
      agentAcks.unsubscribe(onAck);
    },
    /** Counts every answered request under its route pattern (never the raw URL: ids would explode the label set). */
    instrument(app: FastifyInstance): void {
      app.addHook('onRoute', (route) => {
        const handler = route.handler;
        route.handler = function timedHandler(request, reply) {
          markHandlerStart(request);
          const out: unknown = handler.call(this, request, reply);
          if (out instanceof Promise) return out.finally(() => markHandlerEnd(request));
          markHandlerEnd(request);
          return out;
        };
      });
      app.addHook('onRequest', async (request) => markArrival(request));
      app.addHook('onSend', async (request) => markOnSend(request));
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'unmatched';
        const labels = { method: request.method, route, status_code: String(reply.statusCode) };
        requests.inc(labels);
        duration.observe(labels, reply.elapsedTime / 1000);
        const stages = stagesOf(request);
        for (const [name, ms] of Object.entries(stages)) stage.observe({ route, stage: name }, ms / 1000);
        const top = reply.elapsedTime > slowRequestMs ? dominantStage(stages) : undefined;
        if (top) slow.inc({ route, stage: top });
      });
    },
    /** A gauge whose value is read when Prometheus scrapes. */
    gauge(name: string, help: string, read: () => number | Promise<number>): void {
      new Gauge({ name, help, registers: [registry], async collect() { this.set(await read()); } });
    },
    /** Connections of the database pool: total, idle, and callers waiting for one. */
    pool(pool: pg.Pool): void {
      // node-postgres has no event for a wait's start: its connect is wrapped (pool.query calls this.connect).
      const connect = pool.connect.bind(pool) as (cb: (err: Error | undefined, client: unknown, release: unknown) => void) => void;
      const timedConnect = (cb?: (err: Error | undefined, client: unknown, release: unknown) => void) => {
        const end = poolWait.startTimer();
        if (cb) return connect((err, client, release) => { end(); cb(err, client, release); });
        return new Promise((resolve, reject) => connect((err, client) => { end(); if (err) reject(err); else resolve(client); }));
      };
      pool.connect = timedConnect as typeof pool.connect;
      new Gauge({
        name: 'syrx_db_pool_connections',
        help: 'Database pool connections by state',
        labelNames: ['state'],
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    },
  };
}
export type ServerMetrics = ReturnType<typeof createServerMetrics>;
