import type { AgentUploadAck } from '@syrx/contracts/agent-protocol';
import { AppError } from '@syrx/contracts/errors';
import {
  type AgentMetricSample, finestMetricResolution, type MetricGroupType, type MetricResolution, type MetricsBucket, metricResolutions, resolutionFits,
  resolutionTooFine,
} from '@syrx/contracts/metrics';
import { acceptedTimes, isSensibleValue } from '@syrx/contracts/records';
import type { Db } from '../../db/client.ts';
import { agentUploadBatching, alone, BatchQueue, togetherOrAlone } from '../../lib/batch-queue.ts';
import { MonthPartitions } from '../../lib/month-partitions.ts';
import { isDatabaseUnavailable } from '../../lib/pg-errors.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import type { Actor } from '../../security/actor.ts';
import { type MetricRow, metricReadsRepo as reads } from './metric-reads.repo.ts';
import { metricsRepo } from './metrics.repo.ts';

export interface MetricRange {
  startDate: string;
  endDate: string;
  groupType: MetricGroupType;
}
export type MetricsQuery = MetricRange & { groups: string[]; resolution?: MetricResolution | undefined };

/** The range in ms; the end must be after the start (400 naming endDate). */
function msRange(q: MetricRange): { from: number; to: number } {
  const from = Date.parse(q.startDate);
  const to = Date.parse(q.endDate);
  if (!(from < to)) throw AppError.badRequest('The end must be after the start.', [{ field: 'endDate', message: 'The end must be after the start' }]);
  return { from, to };
}

/** The rows (by group, then time) as the wire's buckets: by time, each with its groups by name. */
function bucketsOf(rows: MetricRow[]): MetricsBucket[] {
  const byTime = new Map<number, MetricsBucket>();
  for (const r of rows) {
    let bucket = byTime.get(r.t);
    if (!bucket) byTime.set(r.t, (bucket = { date: new Date(r.t).toISOString(), groups: [] }));
    bucket.groups.push({
      group_name: r.g,
      aggregates: {
        cpu_percent: { avg: r.cpu_avg, min: r.cpu_min, max: r.cpu_max },
        mem_percent: { avg: r.mem_percent_avg, min: r.mem_percent_min, max: r.mem_percent_max },
        mem: { avg: r.mem_avg, min: r.mem_min, max: r.mem_max },
      },
    });
  }
  return [...byTime.entries()].sort(([a], [b]) => a - b).map(([, bucket]) => bucket);
}

/** One agent's upload of metric samples. */
interface MetricsUpload {
  controllerId: string;
  samples: AgentMetricSample[];
}

/**
 * Controller metrics: samples from the agents in (several agents' uploads in one statement, partitioned by month,
 * stored once per controller, group and time, the rollups moved on in the same statement), and the chart's groups and
 * date_bin aggregates out.
 */

export function createMetricsService(db: Db, controllers: Pick<ControllersService, 'accessible'>) {
  const partitions = new MonthPartitions(db, 'controller_metrics');

  /** Uploads of different controllers in one statement; the answers are the agents' acknowledgements, in order. */
  async function storeTogether(uploads: MetricsUpload[], now = Date.now()): Promise<AgentUploadAck[]> {
    const { min, max } = acceptedTimes(now);
    const sensible = ([t, , , cpu, memPercent, mem]: AgentMetricSample) => t >= min && t <= max && isSensibleValue(cpu) && isSensibleValue(memPercent) && isSensibleValue(mem);
    const timely = uploads.map((u) => ({ controllerId: u.controllerId, samples: u.samples.filter(sensible) })).filter((u) => u.samples.length > 0);
    const stored = timely.length === 0 ? new Map<string, number>()
      : await partitions.around(timely.flatMap((u) => u.samples.map(([t]) => t)), () => metricsRepo.insert(db, timely));
    return uploads.map((u): AgentUploadAck => ({ ok: true, stored: stored.get(u.controllerId) ?? 0 }));
  }
  const uploads = new BatchQueue((batch: MetricsUpload[]) =>
    togetherOrAlone(batch, storeTogether, isDatabaseUnavailable), { ...agentUploadBatching, kind: 'metrics' });

  return {
    /** A batch from the controller's agent; samples with absurd times or values are acknowledged, not stored. */
    async fromAgent(controllerId: string, samples: AgentMetricSample[], now = Date.now()): Promise<AgentUploadAck> {
      return alone((u: MetricsUpload[]) => storeTogether(u, now), { controllerId, samples });
    },

    /** An agent's upload, stored with the other agents' uploads of the moment in one statement; 'busy' when too many wait. */
    queueFromAgent: (controllerId: string, samples: AgentMetricSample[]): Promise<AgentUploadAck | 'busy'> => uploads.add(controllerId, { controllerId, samples }),

    /** Stores what waits and takes no more (the server is closing). */
    close: (): Promise<void> => uploads.close(),

    /** The names of the groups of a type with samples in the range. */
    async groups(actor: Actor, controllerId: string, q: MetricRange): Promise<string[]> {
      await controllers.accessible(actor, controllerId);
      return reads.groupNames(db, { controllerId, groupType: q.groupType, ...msRange(q) });
    },

    /**
     * avg/min/max of every metric per group per bucket of the resolution (without one: the finest that fits the range);
     * `groups` is ignored for overall. A resolution too fine for the range is refused, naming the finest that fits.
     */
    async series(actor: Actor, controllerId: string, q: MetricsQuery): Promise<MetricsBucket[]> {
      await controllers.accessible(actor, controllerId);
      const range = msRange(q);
      const finest = finestMetricResolution(range.from, range.to);
      const resolution = q.resolution ?? finest;
      if (!resolutionFits(resolution, range.from, range.to)) {
        const message = resolutionTooFine(resolution, finest);
        throw AppError.badRequest(`${message}.`, [{ field: 'resolution', message }]);
      }
      const seconds = metricResolutions[resolution];
      const groups = q.groupType === 'overall' ? null : q.groups;
      if (groups?.length === 0) return [];
      return bucketsOf(await reads.aggregate(db, { controllerId, groupType: q.groupType, groups, ...range }, seconds));
    },
  };
}
export type MetricsService = ReturnType<typeof createMetricsService>;
