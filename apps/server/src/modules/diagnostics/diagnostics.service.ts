import type { AgentUploadAck } from '@syrx/contracts/agent-protocol';
import { type DiagnosticsLatest, type DiagnosticsSnapshot, diagnosticsDefaultRangeMinutes } from '@syrx/contracts/diagnostics';
import { AppError } from '@syrx/contracts/errors';
import { canonicalServiceId, serviceIds } from '@syrx/contracts/services';
import type { Db } from '../../db/client.ts';
import { purgeExpired, type RetentionPolicy, retentionCutoff } from '../../lib/retention.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import type { Actor } from '../../security/actor.ts';
import { diagnosticsRepo as repo, type SnapshotRow } from './diagnostics.repo.ts';

/** Snapshots are kept this long (docs/remote-operations.md). */
export const diagnosticsRetentionDays = 7;
const day = 86_400_000;

export interface DiagnosticsRange {
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** The range asked for: both ends as given, or the last 10 minutes (before the end, if only the end is given). */
export function rangeOf(q: DiagnosticsRange, now = Date.now()): { from: string; to: string } {
  const to = q.endDate ? Date.parse(q.endDate) : q.startDate ? Math.max(now, Date.parse(q.startDate)) : now;
  const from = q.startDate ? Date.parse(q.startDate) : to - diagnosticsDefaultRangeMinutes * 60_000;
  if (from > to) throw AppError.badRequest('The end must not be before the start.', [{ field: 'endDate', message: 'The end must not be before the start' }]);
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

function wireOf(s: SnapshotRow | null): DiagnosticsLatest {
  if (!s) return { process_information: null, network_interface_information: null, rabbitmq_metrics: null };
  return {
    process_information: { timestamp: s.timestamp, processes: s.processes },
    network_interface_information: { timestamp: s.timestamp, networkInterfaceInformation: s.network_interface_information },
    rabbitmq_metrics: {
      timestamp: s.timestamp,
      state: s.rabbitmq.state,
      error: s.rabbitmq.error,
      rabbitmq_metrics_active_queues: s.rabbitmq.queues,
      rabbitmq_metrics_active_channels: s.rabbitmq.channels,
      rabbitmq_metrics_active_connections: s.rabbitmq.connections,
    },
  };
}

/** The diagnostic service's snapshots: stored from the agent, the latest in a range read by the diagnostics panel. */
export function createDiagnosticsService(db: Db, controllers: Pick<ControllersService, 'accessible'>) {
  const retention: RetentionPolicy = { days: diagnosticsRetentionDays, chunk: 1000, deleteOlderThan: (cutoff, limit) => repo.deleteOlderThan(db, cutoff, limit) };

  return {
    /** One snapshot from the controller's agent; one older than the retention or a day ahead is acknowledged, not kept. */
    async fromAgent(controllerId: string, s: DiagnosticsSnapshot, now = Date.now()): Promise<AgentUploadAck> {
      if (s.timestamp < retentionCutoff(diagnosticsRetentionDays, now).getTime() || s.timestamp > now + day) return { ok: true, stored: 0 };
      return { ok: true, stored: await repo.insert(db, controllerId, s) };
    },

    /** The latest snapshot in the range; the path must name the diagnostic service (older ids accepted), else 404. */
    async latest(actor: Actor, controllerId: string, serviceId: string, q: DiagnosticsRange): Promise<DiagnosticsLatest> {
      await controllers.accessible(actor, controllerId);
      if (canonicalServiceId(serviceId) !== serviceIds.diagnostic) throw AppError.notFound('The diagnostic service');
      const { from, to } = rangeOf(q);
      return wireOf(await repo.latest(db, controllerId, from, to));
    },

    /** Snapshots older than the retention, deleted by the server's retention task. */
    retention,
    purgeExpired: (now = Date.now()): Promise<number> => purgeExpired(retention, now),
  };
}
export type DiagnosticsService = ReturnType<typeof createDiagnosticsService>;
