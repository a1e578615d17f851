import diagnostics_channel from 'node:diagnostics_channel';

/** One batch write of agents' reports (heartbeats, records, metric samples): how long it took and for how many. */
export interface BatchWrite {
  kind: string;
  seconds: number;
  size: number;
  ok: boolean;
}

/**
 * Where batch writers (lib/coalescing-batcher.ts, lib/batch-queue.ts) tell how long each write took: lib/prometheus.ts
 * turns it into histograms on /metrics (issue 26: where a heartbeat's acknowledgement waits). A diagnostics channel,
 * so a writer needs no handle on the metrics and costs nothing while no one listens.
 */
export const batchWrites = diagnostics_channel.channel('syrx:batch-write');

/** Runs one batch write of `size` items, telling the channel how long it took. */
export async function timedBatchWrite<R>(kind: string, size: number, write: () => Promise<R>): Promise<R> {
  if (!batchWrites.hasSubscribers) return write();
  const start = performance.now();
  let ok = false;
  try {
    const r = await write();
    ok = true;
    return r;
  } finally {
    batchWrites.publish({ kind, seconds: (performance.now() - start) / 1000, size, ok } satisfies BatchWrite);
  }
}
