import { agentEvents } from '@syrx/contracts/agent-protocol';
import { agentBackfillRequestSchema, type AgentBackfillAck, type AgentRecord, type ReportingDiagnostics } from '@syrx/contracts/records';
import { serviceIds, serviceUnits } from '@syrx/contracts/services';
import { UploadPipeline } from '../../lib/upload-pipeline.ts';
import type { Logger } from '../../logger.ts';
import type { ServiceModule } from '../service-module.ts';
import { Collector, type NetworkSource } from './collector.ts';
import { TrendBackfill } from './trend-backfill.ts';

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
  /** A stop of collection at least this long is backfilled from the devices' trend logs at start (default 2 min). */
  minGapMs?: number;
}

export type ReportingService = ServiceModule & {
  /** Resolves once the service has applied a configuration (points removed: their subscriptions cancelled). */
  settled(): Promise<void>;
  /** Gaps filled from the devices' trend logs (docs/point-records.md, "Trend-log backfill"). */
  readonly backfill: TrendBackfill;
};

/** How often the time collection runs until is saved (a stop longer than the gap threshold is backfilled at start). */
const collectingMarkMs = 10_000;

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
  const backfill = new TrendBackfill({
    bacnet: opts.bacnet,
    logger,
    dataDir: opts.dataDir,
    minGapMs: opts.minGapMs,
    onRecords: async (backfilled) => {
      records?.push(...backfilled);
      await records?.flush();
    },
  });
  let marker: NodeJS.Timeout | undefined;

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
      void backfill.start();
      marker = setInterval(() => enabled && void backfill.mark(), collectingMarkMs);
      context.on?.(agentEvents.backfill, (payload, ack) => {
        const parsed = agentBackfillRequestSchema.safeParse(payload);
        const answer = (a: AgentBackfillAck) => ack?.(a);
        if (!parsed.success) return answer({ ok: false, error: parsed.error.issues.map((i) => i.message).join('; ') });
        const { point_ids: ids, from, to } = parsed.data;
        backfill.request(ids, { after: from, to }).then((points) => answer({ ok: true, points }), (err: unknown) => answer({ ok: false, error: String(err) }));
      });
    },
    configure(config) {
      const { reporting } = config;
      if (reporting.enabled !== enabled) logger.info({ enabled: reporting.enabled, points: reporting.points.length }, 'reporting configuration');
      enabled = reporting.enabled;
      applied = collector.setPoints(enabled ? reporting.points : [], (opts.pollSeconds ?? reporting.poll_seconds) * 1000);
      backfill.setPoints(enabled ? reporting.points : []);
    },
    settled: () => applied,
    backfill,
    async stop() {
      clearInterval(marker);
      if (enabled) await backfill.mark();
      await backfill.stop();
      await collector.stop();
      await records?.close();
    },
  };
}
