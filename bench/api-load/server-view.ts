/**
 * The server's own view of a run, from its Prometheus /metrics (loopback callers may scrape without a token): how many
 * of a route's answers it timed within each bucket (from the request's arrival to the end of its response), and its
 * event-loop delay. Set beside the clients' latencies, it tells time spent inside the server from time spent in the
 * kernel and in the load generator.
 */
import { labelsOf, valueOf } from '../prometheus-text.ts';

export interface ServerSnapshot {
  /** syrx_http_request_duration_seconds buckets of one route, 200 answers: upper bound (s) → cumulative count. */
  buckets: Map<number, number>;
  eventLoopDelayP99Ms: number;
  gcSeconds: number;
}

export async function serverSnapshot(origin: string, route: string): Promise<ServerSnapshot> {
  const text = await fetch(`${origin}/metrics`).then((r) => {
    if (!r.ok) throw new Error(`GET /metrics answered ${r.status}`);
    return r.text();
  });
  const buckets = new Map<number, number>();
  let eventLoopDelayP99Ms = NaN;
  let gcSeconds = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('syrx_http_request_duration_seconds_bucket{')) {
      const l = labelsOf(line);
      if (l.route === route && l.method === 'GET' && l.status_code === '200' && l.le !== undefined) buckets.set(l.le === '+Inf' ? Infinity : Number(l.le), valueOf(line));
    } else if (line.startsWith('syrx_nodejs_eventloop_lag_p99_seconds ')) {
      eventLoopDelayP99Ms = valueOf(line) * 1000;
    } else if (line.startsWith('syrx_nodejs_gc_duration_seconds_sum{')) {
      gcSeconds += valueOf(line);
    }
  }
  return { buckets, eventLoopDelayP99Ms, gcSeconds };
}

/** One line: the share of the route's answers the server timed within each bucket during the run (after − before). */
export function serverViewLine(before: ServerSnapshot, after: ServerSnapshot, wallSeconds: number): string {
  const total = (after.buckets.get(Infinity) ?? 0) - (before.buckets.get(Infinity) ?? 0);
  if (total <= 0) return '  server-side: no answers of the route counted';
  const within = [...after.buckets.keys()].filter((le) => le !== Infinity && le >= 0.005 && le <= 0.1).sort((a, b) => a - b)
    .map((le) => `≤ ${le * 1000} ms ${(((after.buckets.get(le) ?? 0) - (before.buckets.get(le) ?? 0)) / total * 100).toFixed(1)} %`);
  const gcShare = ((after.gcSeconds - before.gcSeconds) / wallSeconds) * 100;
  // prom-client samples the delay every 10 ms, so its figures include those 10 ms.
  return `  server-side (its own request timing, ${total} answers): ${within.join(', ')}; event-loop delay p99 ${after.eventLoopDelayP99Ms.toFixed(1)} ms (10 ms sampling included); GC ${gcShare.toFixed(1)} % of the time`;
}
