import { agentEvents } from '@syrx/contracts/agent-protocol';
import type { AgentRecord, ReportingDiagnostics } from '@syrx/contracts/records';
import { serviceIds, serviceUnits } from '@syrx/contracts/services';
import { UploadPipeline } from '../../lib/upload-pipeline.ts';
import type { Logger } from '../../logger.ts';
import type { ServiceModule } from '../service-module.ts';
import { Collector, type NetworkSource } from './collector.ts';

export interface ReportingServiceOptions {
  version: string;
  logger: Logger;
  /** The agent's BACnet interface (the query service's `bacnet`). */
  bacnet: NetworkSource;
  /** This controller's data folder (main.ts: `<--data-dir>/<controller id>`); the buffer is its `records` folder. */
  dataDir: string;
  /** Overrides the configuration's poll_seconds (tests poll every second or two). */
  pollSeconds?: number;
  /** SubscribeCOV lifetime (default 300 s), renewed at 80 %. */
  covLifetimeSeconds?: number;
  /** The buffer's bound: beyond it the oldest records are dropped (default 2 000 000). */
  maxBufferedRecords?: number;
}

export type ReportingService = ServiceModule & {
  /** Resolves once the service has applied a configuration (points removed: their subscriptions cancelled). */
  settled(): Promise<void>;
};

/** Our SubscribeCOV subscriber process identifier ("SX"). */
export const reportingProcessId = 0x5358;
/** Enough for weeks of a large site (a record takes some 40 octets on disk): a months-long outage cannot fill the disk. */
export const defaultMaxBufferedRecords = 2_000_000;

/**
 * The reporting service: while AgentConfig.reporting is enabled, collects every configured point's present-value
 * (COV or polling), appends the records to a durable queue on disk (`<dataDir>/records`), and uploads the oldest to
 * the server in acknowledged batches, deleting only what the server acknowledged.
 */
export function createReportingService(opts: ReportingServiceOptions): ReportingService {
  const { logger } = opts;
  let enabled = false;
  let records: UploadPipeline<AgentRecord> | null = null;
  let applied: Promise<void> = Promise.resolve();

  const collector = new Collector({
    bacnet: opts.bacnet,
    logger,
    processId: reportingProcessId,
    covLifetimeSeconds: opts.covLifetimeSeconds ?? 300,
    pollMs: (opts.pollSeconds ?? 60) * 1000,
    onRecord: (record) => records?.push(record),
  });

  return {
    id: serviceIds.reporting,
    version: opts.version,
    unit: serviceUnits[serviceIds.reporting],
    state: () => {
      const queue = records?.state ?? 'opening';
      return queue === 'failed' ? 'failed' : queue === 'opening' ? 'activating' : enabled ? 'active' : 'inactive';
    },
    diagnostics: (): ReportingDiagnostics => {
      const queue = records?.queue;
      const oldest = queue?.oldestTime ?? null;
      const oldestUnsent = oldest === null ? null : new Date(oldest).toISOString();
      return { buffer_depth: queue?.depth ?? 0, oldest_unsent: oldestUnsent, ...collector.diagnostics(), dropped_records: queue?.dropped ?? 0 };
    },
    start(context) {
      records = new UploadPipeline<AgentRecord>({
        kind: 'records',
        dataDir: opts.dataDir,
        timeOf: (r) => r[1],
        maxItems: opts.maxBufferedRecords ?? defaultMaxBufferedRecords,
        batchSize: 5000,
        event: agentEvents.records,
        payload: (batch) => ({ records: batch.items }),
        context,
        logger,
      });
      collector.start();
    },
    configure(config) {
      const { reporting } = config;
      if (reporting.enabled !== enabled) logger.info({ enabled: reporting.enabled, points: reporting.points.length }, 'reporting configuration');
      enabled = reporting.enabled;
      applied = collector.setPoints(enabled ? reporting.points : [], (opts.pollSeconds ?? reporting.poll_seconds) * 1000);
    },
    settled: () => applied,
    async stop() {
      await collector.stop();
      await records?.close();
    },
  };
}
