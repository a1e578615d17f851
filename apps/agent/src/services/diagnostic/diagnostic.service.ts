import { agentEvents } from '@syrx/contracts/agent-protocol';
import type { DiagnosticsSnapshot } from '@syrx/contracts/diagnostics';
import type { AgentMetricSample } from '@syrx/contracts/metrics';
import { serviceIds, serviceUnits } from '@syrx/contracts/services';
import { isServiceEnabled } from '../../lib/enabled-services.ts';
import { Repeater } from '../../lib/repeater.ts';
import { systemdRuns } from '../../lib/system.ts';
import { UploadPipeline } from '../../lib/upload-pipeline.ts';
import { subLogger, type Logger } from '../../logger.ts';
import type { ServiceModule } from '../service-module.ts';
import { MetricsSampler } from './metrics-sampler.ts';
import { RabbitMqReader } from './rabbitmq.ts';
import { takeSnapshot } from './snapshot.ts';

export interface DiagnosticServiceOptions {
  version: string;
  logger: Logger;
  /** The controller's data folder; the queues are its `diagnostics` and `metrics` folders. */
  dataDir: string;
  /** A snapshot every this many seconds (`--diagnostics-seconds`, default 30). */
  diagnosticsSeconds?: number;
  /** Metric samples every this many seconds (`--metrics-seconds`, default 15). */
  metricsSeconds?: number;
  /** The rabbitmqctl command (`--rabbitmq`); without it the broker is not-configured. */
  rabbitmq?: string;
  /** The units sampled per systemd unit (default: every service unit; main.ts gives those of the agent's services). */
  units?: readonly string[];
  /** Whether systemd runs (default: /run/systemd/system exists). */
  systemd?: boolean;
}

export type DiagnosticService = ServiceModule & {
  /** The snapshots and the samples the service is uploading (null until started). */
  queues(): { diagnostics: UploadPipeline<DiagnosticsSnapshot> | null; metrics: UploadPipeline<AgentMetricSample> | null };
};

/**
 * The diagnostic service: while the configuration enables it, takes a snapshot (processes, network interfaces,
 * RabbitMQ) every `diagnosticsSeconds` and samples the metrics every `metricsSeconds`, each into its durable queue,
 * uploaded on agent/server/diagnostics (one snapshot a message) and agent/server/metrics ({ samples }).
 */
export function createDiagnosticService(o: DiagnosticServiceOptions): DiagnosticService {
  const { logger } = o;
  const rabbit = new RabbitMqReader(o.rabbitmq);
  const sampler = new MetricsSampler({ units: o.units ?? Object.values(serviceUnits), systemd: o.systemd ?? systemdRuns() });
  let diagnostics: UploadPipeline<DiagnosticsSnapshot> | null = null;
  let metrics: UploadPipeline<AgentMetricSample> | null = null;
  let enabled = false;
  let lastSnapshot: DiagnosticsSnapshot | null = null;

  const snapshots = new Repeater((o.diagnosticsSeconds ?? 30) * 1000, async () => {
    const snapshot = await takeSnapshot(rabbit);
    if (snapshot.rabbitmq.state === 'unreachable' && lastSnapshot?.rabbitmq.state !== 'unreachable') logger.warn({ err: snapshot.rabbitmq.error }, 'RabbitMQ metrics cannot be read');
    lastSnapshot = snapshot;
    diagnostics?.push(snapshot);
  }, subLogger(logger, 'Snapshots'));
  const samples = new Repeater((o.metricsSeconds ?? 15) * 1000, async () => metrics?.push(...(await sampler.sample())), subLogger(logger, 'Metrics'));

  return {
    id: serviceIds.diagnostic,
    version: o.version,
    unit: serviceUnits[serviceIds.diagnostic],
    state: () => {
      const queues = [diagnostics?.state ?? 'opening', metrics?.state ?? 'opening'];
      return queues.includes('failed') ? 'failed' : queues.includes('opening') ? 'activating' : enabled ? 'active' : 'inactive';
    },
    diagnostics: () => ({
      snapshots_queued: diagnostics?.queue?.depth ?? 0,
      samples_queued: metrics?.queue?.depth ?? 0,
      last_snapshot: lastSnapshot ? new Date(lastSnapshot.timestamp).toISOString() : null,
      broker_state: lastSnapshot?.rabbitmq.state ?? null,
    }),
    queues: () => ({ diagnostics, metrics }),
    start(context) {
      diagnostics = new UploadPipeline<DiagnosticsSnapshot>({
        kind: 'diagnostics', dataDir: o.dataDir, timeOf: (s) => s.timestamp, maxItems: 2880, batchSize: 1,
        event: agentEvents.diagnostics, payload: (batch) => batch.items[0], context, logger, flushMs: 0,
      });
      metrics = new UploadPipeline<AgentMetricSample>({
        kind: 'metrics', dataDir: o.dataDir, timeOf: (s) => s[0], maxItems: 500_000, batchSize: 5000,
        event: agentEvents.metrics, payload: (batch) => ({ samples: batch.items }), context, logger, flushMs: 0,
      });
    },
    configure(config) {
      const now = isServiceEnabled(config, serviceIds.diagnostic);
      if (now === enabled) return;
      enabled = now;
      logger.info({ enabled }, enabled ? 'diagnostics: taking snapshots and samples' : 'diagnostics: disabled');
      for (const r of [snapshots, samples]) if (enabled) r.start(); else r.stop();
    },
    async stop() {
      snapshots.stop();
      samples.stop();
      // A snapshot still under way when the queues close is not kept.
      await Promise.all([diagnostics?.close(), metrics?.close()]);
    },
  };
}
