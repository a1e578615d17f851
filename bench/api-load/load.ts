/**
 * Browser-like load with autocannon: every client is one keep-alive connection (an autocannon instance of its own)
 * that paces itself at `rate` requests a second (connectionRate) and cycles through its target's paths. Clients start
 * at random moments within their first pacing interval, so their requests spread over each second as independent
 * people's do, rather than all leaving on the same tick. Latencies are taken from every response at full precision
 * (autocannon's own histogram keeps whole milliseconds, and with a rate it back-fills "coordinated omission" values).
 * The first `rampSeconds` are the clients' start: 200 autocannon instances are created in this one process within a
 * second, and answers arriving meanwhile wait for this process's event loop (a bare route's p99 read 47–102 ms over
 * them, 1.3–9 ms after), so they are counted apart and the measured window of `seconds` begins once every client runs.
 */
import autocannon from 'autocannon';
import type { Target } from './targets.ts';

export interface LoadOptions {
  /** The measured window, after the ramp. */
  seconds: number;
  /** Clients start within the first second; answers before this many seconds are the ramp's, not measured. */
  rampSeconds: number;
  /** Requests per second per client. */
  rate: number;
  headers: Record<string, string>;
  /** Stops the clients early (an interrupted run). */
  signal: AbortSignal;
}

export interface TargetStats {
  target: Target;
  /** Every measured response's latency in milliseconds, whatever its status. */
  latencies: number[];
  /** When each of those responses arrived, in ms since the measured window began (same order). */
  times: number[];
  /** Responses during the ramp, and their slowest (ms); their statuses and errors count with the rest. */
  rampResponses: number;
  rampMaxMs: number;
  non2xx: number;
  statuses: Map<number, number>;
  /** Connection errors (timeouts included) and timeouts, as autocannon counts them. */
  errors: number;
  timeouts: number;
  errorMessages: Set<string>;
}

const timeoutSeconds = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `measuredFrom`: when the measured window begins, on performance.now()'s clock. */
function runClient(origin: string, paths: string[], first: number, o: LoadOptions, stats: TargetStats, measuredFrom: number): Promise<void> {
  const requests = paths.map((_, i) => ({ method: 'GET' as const, path: paths[(first + i) % paths.length] ?? '/' }));
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: origin, connections: 1, connectionRate: o.rate, ignoreCoordinatedOmission: true, duration: Math.max(1, (measuredFrom + o.seconds * 1000 - performance.now()) / 1000), timeout: timeoutSeconds, headers: o.headers, requests },
      (err: unknown, result) => {
        o.signal.removeEventListener('abort', stop);
        if (err) return reject(err instanceof Error ? err : new Error(`autocannon: ${JSON.stringify(err)}`));
        stats.errors += result.errors;
        stats.timeouts += result.timeouts;
        resolve();
      },
    );
    const stop = () => instance.stop();
    o.signal.addEventListener('abort', stop, { once: true });
    instance.on('response', (_client, status, _bytes, ms) => {
      const at = performance.now() - measuredFrom;
      if (at < 0) {
        stats.rampResponses++;
        stats.rampMaxMs = Math.max(stats.rampMaxMs, ms);
      } else {
        stats.latencies.push(ms);
        stats.times.push(at);
      }
      stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
      if (status < 200 || status > 299) stats.non2xx++;
    });
    instance.on('reqError', (error: unknown) => {
      if (stats.errorMessages.size < 5) stats.errorMessages.add(error instanceof Error ? error.message : JSON.stringify(error));
    });
  });
}

/**
 * Runs every target's clients at once for the ramp and then `o.seconds`; calls `onMeasuring` when the measured window
 * begins (to take the "before" readings of CPU and metrics there) and resolves with each target's figures.
 */
export async function runLoad(origin: string, targets: Target[], o: LoadOptions, onMeasuring: () => void = () => {}): Promise<TargetStats[]> {
  const all = targets.map((target) => ({
    target, latencies: [], times: [], rampResponses: 0, rampMaxMs: 0, non2xx: 0, statuses: new Map(), errors: 0, timeouts: 0, errorMessages: new Set<string>(),
  }) satisfies TargetStats);
  const interval = 1000 / o.rate;
  const t0 = performance.now();
  const measuredFrom = t0 + o.rampSeconds * 1000;
  const measuring = setTimeout(onMeasuring, o.rampSeconds * 1000);
  o.signal.addEventListener('abort', () => clearTimeout(measuring), { once: true });
  await Promise.all(
    all.flatMap((stats) =>
      Array.from({ length: stats.target.clients }, async (_, c) => {
        await sleep(Math.random() * interval);
        if (o.signal.aborted) return;
        await runClient(origin, stats.target.paths, c * 7, o, stats, measuredFrom);
      }),
    ),
  );
  return all;
}

/** Unpaced requests through every target's paths, so both servers are past their JIT warm-up before they are measured. */
export async function warmUp(origin: string, targets: Target[], headers: Record<string, string>, requestsPerTarget: number): Promise<void> {
  for (const t of targets) {
    const requests = t.paths.map((path) => ({ method: 'GET' as const, path }));
    const result = await autocannon({ url: origin, connections: 8, amount: Math.max(requestsPerTarget, t.paths.length), timeout: timeoutSeconds, headers, requests });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`warm-up of ${t.list} ${t.request}: ${result.non2xx} non-2xx answers, ${result.errors} errors (statuses ${JSON.stringify(result.statusCodeStats)})`);
    }
  }
}
