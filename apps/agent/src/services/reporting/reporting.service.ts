import { join } from 'node:path';
import { agentEvents } from '@syrx/contracts/agent-protocol';
import type { AgentRecord, ReportingDiagnostics } from '@syrx/contracts/records';
import { serviceIds, serviceUnits } from '@syrx/contracts/services';
import type { Logger } from '../../logger.ts';
import type { ServiceModule } from '../service-module.ts';
import { Collector, type NetworkSource } from './collector.ts';
import { RecordBuffer } from './record-buffer.ts';
import { RecordUploader } from './record-uploader.ts';

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
/** New records are written to the buffer in one batch at most this often. */
const flushMs = 100;

/**
 * The reporting service: while AgentConfig.reporting is enabled, collects every configured point's present-value
 * (COV or polling), appends the records to a durable buffer on disk, and uploads the oldest to the server in
 * acknowledged batches, deleting only what the server acknowledged.
 */
export function createReportingService(opts: ReportingServiceOptions): ReportingService {
  const { logger } = opts;
  let enabled = false;
  let buffer: RecordBuffer | null = null;
  let opening: Promise<RecordBuffer | null> = Promise.resolve(null);
  let failed = false;
  let uploader: RecordUploader | null = null;
  let pending: AgentRecord[] = [];
  let flushTimer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let applied: Promise<void> = Promise.resolve();

  const flush = () => {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    const batch = pending;
    pending = [];
    flushing = flushing.then(async () => {
      const b = await opening;
      if (!b || batch.length === 0) return;
      await b.append(batch).then(() => uploader?.notify(), (err: unknown) => logger.error({ err: String(err), records: batch.length }, 'reporting: records could not be written to the buffer'));
    });
  };
  const collector = new Collector({
    bacnet: opts.bacnet,
    logger,
    processId: reportingProcessId,
    covLifetimeSeconds: opts.covLifetimeSeconds ?? 300,
    pollMs: (opts.pollSeconds ?? 60) * 1000,
    onRecord(record) {
      pending.push(record);
      if (pending.length >= 1000) flush();
      else flushTimer ??= setTimeout(flush, flushMs);
    },
  });

  return {
    id: serviceIds.reporting,
    version: opts.version,
    unit: serviceUnits[serviceIds.reporting],
    state: () => (failed ? 'failed' : !buffer ? 'activating' : enabled ? 'active' : 'inactive'),
    diagnostics: (): ReportingDiagnostics => {
      const oldest = buffer?.oldestTime ?? null;
      const oldestUnsent = oldest === null ? null : new Date(oldest).toISOString();
      return { buffer_depth: buffer?.depth ?? 0, oldest_unsent: oldestUnsent, ...collector.diagnostics(), dropped_records: buffer?.dropped ?? 0 };
    },
    start(context) {
      const directory = join(opts.dataDir, 'records');
      opening = RecordBuffer.open({ directory, maxRecords: opts.maxBufferedRecords, logger }).then(
        (opened) => {
          buffer = opened;
          uploader = new RecordUploader({
            buffer: opened,
            logger,
            send: (records) => context.emitWithAck(agentEvents.records, { records }),
            connected: () => context.connected?.() ?? true,
          });
          context.onConnect?.(() => uploader?.reconnected());
          uploader.start();
          logger.info({ directory, buffered: opened.depth }, 'reporting buffer open');
          return opened;
        },
        (err: unknown) => {
          failed = true;
          logger.error({ directory, err: String(err) }, 'reporting: the buffer cannot be opened; no records are kept');
          return null;
        },
      );
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
      flush();
      await flushing;
      uploader?.stop();
      await (await opening)?.close();
    },
  };
}
