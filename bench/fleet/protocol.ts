/**
 * The messages between the fleet benchmark (bench/fleet.ts) and its children over the IPC channel: the bare
 * Socket.IO server says when it listens; each fleet client is told whom to connect and what to send, reports its ramp
 * and, on request, its counters and the heartbeat latencies of the measure window.
 */

/** One simulated controller: its credentials and the BACnet point ids it may upload records for (none: no records). */
export interface FleetAgent {
  controllerId: string;
  password: string;
  pointIds: number[];
}

export interface FleetPlan {
  /** Server URL per agent, by index modulo the list (two instances: the agents alternate). */
  urls: string[];
  agents: FleetAgent[];
  /** Loopback source address the client binds its sockets to. */
  localAddress: string;
  /** Sockets opened at once while ramping (the next batch waits for this one to connect or fail). */
  rampBatch: number;
  heartbeatSeconds: number;
  /** 0: no record or metric uploads (the bare baseline). */
  uploadSeconds: number;
}

export type ParentMessage =
  | { type: 'start'; plan: FleetPlan }
  | { type: 'window' }
  | { type: 'report' }
  | { type: 'stop' };

export interface AckCounts {
  ok: number;
  failed: number;
  timedOut: number;
}

export interface FleetReport {
  connected: number;
  /** connect_error events (refused handshakes, transport failures), with the first few distinct messages. */
  connectErrors: number;
  errorSamples: string[];
  disconnects: number;
  heartbeats: AckCounts;
  records: AckCounts & { stored: number; duplicates: number; refused: number };
  metrics: AckCounts & { stored: number };
  /** Heartbeat acknowledgement times (ms) since the last `window` message. */
  heartbeatMs: number[];
  /**
   * The client's own event-loop delay (ms) since the last `window` message: an acknowledgement that arrives while the
   * loop is busy is timed late by as much, so this is the load generator's share of the figure above.
   */
  loopDelayMs: { p99: number; max: number };
}

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'ramped'; connected: number; ms: number }
  | { type: 'report'; report: FleetReport };

export const emptyAcks = (): AckCounts => ({ ok: 0, failed: 0, timedOut: 0 });
