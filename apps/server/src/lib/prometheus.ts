import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The Prometheus metrics of one server instance (its own registry, so several apps in one process stay apart):
 * the process defaults, HTTP requests and latencies by route pattern, and gauges read at scrape time.
 */
export function createServerMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'syrx_' });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'syrx_http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'syrx_http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  return {
    registry,
    /** Counts every answered request under its route pattern (never the raw URL: ids would explode the label set). */
    instrument(app: FastifyInstance): void {
      app.addHook('onResponse', async (request, reply) => {
        const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
        requests.inc(labels);
        duration.observe(labels, reply.elapsedTime / 1000);
      });
    },
    /** A gauge whose value is read when Prometheus scrapes. */
    gauge(name: string, help: string, read: () => number | Promise<number>): void {
      new Gauge({ name, help, registers: [registry], async collect() { this.set(await read()); } });
    },
    /** Connections of the database pool: total, idle, and callers waiting for one. */
    pool(pool: pg.Pool): void {
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
