import diagnostics_channel from 'node:diagnostics_channel';

/**
 * How long agents' reports wait on this instance: each batch write (heartbeats, records, metric samples) with how many
 * reports it held, and each report from its arrival to its acknowledgement. lib/prometheus.ts turns both into
 * histograms on /metrics (issue 26: where a heartbeat's acknowledgement waits); bench:fleet prints them over its window.
 * Diagnostics channels, so a writer needs no handle on the metrics and costs nothing while no one listens.
 */

/** One batch write of agents' reports: how long it took and for how many. */
export interface BatchWrite {
  kind: string;
  seconds: number;
  size: number;
  ok: boolean;
}

/**
 * Where batch writers (lib/coalescing-batcher.ts, lib/batch-queue.ts) tell how long each write took; the reads made for
 * many agents at once (lib/batched-read.ts, through the same batcher) are told here too, under their own kinds.
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

/** One report of an agent, from its arrival on the socket to its acknowledgement. */
export interface AgentAck {
  event: string;
  seconds: number;
}
export const agentAcks = diagnostics_channel.channel('syrx:agent-ack');

/** The acknowledgement of a report that arrived `sinceMs` (performance.now()) ago, told to the channel. */
export function ackTimed(event: string, sinceMs: number): void {
  if (agentAcks.hasSubscribers) agentAcks.publish({ event, seconds: (performance.now() - sinceMs) / 1000 } satisfies AgentAck);
}
