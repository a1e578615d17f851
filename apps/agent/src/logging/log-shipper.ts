import { agentEvents } from '@syrx/contracts/agent-protocol';
import { serviceIds } from '@syrx/contracts/services';
import type { AgentLogEntry, ServiceLogLevel } from '@syrx/contracts/service-logs';
import type { DurableQueue } from '../lib/durable-queue.ts';
import { UploadPipeline } from '../lib/upload-pipeline.ts';
import type { Logger } from '../logger.ts';
import type { AgentTask } from '../services/service-module.ts';
import type { LogHub, LogLine } from './log-hub.ts';
import { messageWithDetails } from './log-hub.ts';
import { pinoLevelOf, serviceLogLevel, truncate } from './log-levels.ts';

/** An entry as queued: its id is its queue key, given when it is uploaded. */
export type QueuedLogEntry = Omit<AgentLogEntry, 'id'>;

export interface LogShipperOptions {
  hub: LogHub;
  /** Entries at or above it are shipped (`--ship-log-level`, default INFO). */
  shipLevel: ServiceLogLevel;
  /** The controller's data folder; the queue is its `logs` folder. */
  dataDir: string;
  logger: Logger;
  /** The queue's bound (default 200 000 entries): beyond it the oldest are dropped. */
  maxEntries?: number;
}

export type LogShipper = AgentTask & {
  /** The queue once open (tests, diagnostics). */
  queue(): DurableQueue<QueuedLogEntry> | null;
  /** Resolves once what was logged so far is on disk. */
  flush(): Promise<void>;
};

/** Lines logged before the agent starts are kept (at most this many) and queued when it does. */
const maxEarlyLines = 10_000;

/** The service log entry of a line; the agent's own lines (no service bound) are the updater's. */
export function logEntryOf(line: LogLine): QueuedLogEntry {
  const service = line.service ?? serviceIds.updater;
  return {
    service_id: truncate(service, 200),
    timestamp: Math.max(1, Math.trunc(line.time)),
    level: serviceLogLevel(line.level),
    logger: truncate(line.logger ?? service, 200),
    message: truncate(messageWithDetails(line), 10_000),
    exception: line.exception === null ? null : truncate(line.exception, 20_000),
  };
}

/**
 * Ships the agent's service logs: every line at or above the shipped level goes to the `logs` queue, uploaded on
 * agent/server/logs in acknowledged batches of up to 1000 ({ entries }, each with its queue key as id).
 */
export function createLogShipper(o: LogShipperOptions): LogShipper {
  const minLevel = pinoLevelOf[o.shipLevel];
  // The pipeline's own lines (a failed upload…) are not shipped: they would feed the queue they report on.
  const logger = o.logger.child({ logger: 'Syrx.Agent.LogShipper', ship: false });
  let pipeline: UploadPipeline<QueuedLogEntry> | null = null;
  let early: QueuedLogEntry[] = [];
  const unsubscribe = o.hub.subscribe((line) => {
    if (line.level < minLevel || !line.ship) return;
    const entry = logEntryOf(line);
    if (pipeline) pipeline.push(entry);
    else if (early.push(entry) > maxEarlyLines) early.shift();
  });

  return {
    start(context) {
      pipeline = new UploadPipeline<QueuedLogEntry>({
        kind: 'logs',
        dataDir: o.dataDir,
        timeOf: (e) => e.timestamp,
        maxItems: o.maxEntries ?? 200_000,
        batchSize: 1000,
        event: agentEvents.logs,
        payload: (batch) => ({ entries: batch.items.map((e, i) => ({ id: batch.keys[i], ...e })) }),
        context,
        logger,
      });
      pipeline.push(...early);
      early = [];
    },
    queue: () => pipeline?.queue ?? null,
    flush: () => pipeline?.flush() ?? Promise.resolve(),
    async stop() {
      unsubscribe();
      await pipeline?.close();
    },
  };
}
