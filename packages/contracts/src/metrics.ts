import { z } from 'zod';
import { guarded, isListUpload, isFiniteNumber, isPositiveInt } from './guarded.ts';

/** Controller metrics (spec 01 sections 3 and 9). */
export const metricNames = ['cpu_percent', 'mem_percent', 'mem'] as const;
export type MetricName = (typeof metricNames)[number];
export const metricGroupTypes = ['overall', 'process', 'systemd_service'] as const;
export type MetricGroupType = (typeof metricGroupTypes)[number];
export const metricAggregations = ['avg', 'min', 'max'] as const;
export const metricResolutions = { '15s': 15, '1m': 60, '5m': 300, '15m': 900, '1h': 3600, '4h': 14_400, '6h': 21_600, '12h': 43_200, '1d': 86_400, '7d': 604_800 } as const;
export type MetricResolution = keyof typeof metricResolutions;
export const metricDefaults = { groupType: 'overall', resolution: '15s', metric: 'mem_percent', aggregation: 'avg' } as const;
/** The agent samples every 15 s. */
export const metricSampleSeconds = 15;
export const metricChartSize = { width: 800, height: 500 } as const;
export const metricLineColours = ['#1677ff', '#d4380d', '#389e0d', '#d48806', '#722ed1'] as const;

/** One sample as the agent uploads it: [time ms, group type, group name, cpu %, memory %, memory KB]. */
export const agentMetricSampleSchema = z.tuple([
  z.number().int().positive(), z.enum(metricGroupTypes), z.string().min(1).max(200), z.number().finite(), z.number().finite(), z.number().finite(),
]);
export type AgentMetricSample = z.infer<typeof agentMetricSampleSchema>;
/** agent → server, acknowledged ({ ok: true, stored } | { ok: false, error }); a batch sent twice is stored once. */
export const agentMetricsUploadSchema = z.object({ samples: z.array(agentMetricSampleSchema).min(1).max(5000) });
const isGroupType = (x: unknown): x is MetricGroupType => (metricGroupTypes as readonly unknown[]).includes(x);
const isAgentMetricSample = (x: unknown): x is AgentMetricSample =>
  Array.isArray(x) && x.length === 6 && isPositiveInt(x[0]) && isGroupType(x[1]) && typeof x[2] === 'string' && x[2].length >= 1 && x[2].length <= 200
  && isFiniteNumber(x[3]) && isFiniteNumber(x[4]) && isFiniteNumber(x[5]);
/** agentMetricsUploadSchema with a type guard in front (an upload that is well formed is used as it came). */
export const agentMetricsUploadCheck = guarded(agentMetricsUploadSchema, (x) => isListUpload(x, 'samples', 1, 5000, isAgentMetricSample));

const isoTime = z.string().datetime({ offset: true, message: 'An ISO 8601 date and time' });
/** GET …/metrics/groups?startDate&endDate&groupType: the group names with samples in the range. */
export const metricGroupsQuerySchema = z.object({ startDate: isoTime, endDate: isoTime, groupType: z.enum(metricGroupTypes).default('overall') });
/** GET …/metrics?startDate&endDate&groupType&groups&resolution (groups: comma-separated, unless overall). */
export const metricsQuerySchema = metricGroupsQuerySchema.extend({
  groups: z.string().max(5000).optional().transform((s) => (s ? s.split(',').filter(Boolean) : [])),
  /** Omitted: the default (15s), or the finest resolution that fits the range when 15s does not (finestMetricResolution). */
  resolution: z.enum(Object.keys(metricResolutions) as [MetricResolution, ...MetricResolution[]]).optional(),
});
const aggregate = z.object({ avg: z.number(), min: z.number(), max: z.number() });
/** GET …/metrics/groups answers the group names (sorted). */
export const metricGroupNamesSchema = z.array(z.string());
/** A metrics query may span at most this many buckets of its resolution (else 400 on resolution). */
export const metricMaxBuckets = 10_000;

/** Where date_bin starts its buckets: a Monday at midnight UTC, so hours, days and weeks start where a reader expects. */
export const bucketOrigin = '2000-01-03T00:00:00Z';
const origin = Date.parse(bucketOrigin);

/** How many buckets of `seconds` (aligned as date_bin aligns them) a range [from, to) in ms touches. */
export function bucketCount(from: number, to: number, seconds: number): number {
  const width = seconds * 1000;
  return Math.floor((to - 1 - origin) / width) - Math.floor((from - origin) / width) + 1;
}

const resolutionsFinestFirst = Object.keys(metricResolutions) as MetricResolution[];
/** Whether a resolution's buckets over [from, to) in ms are few enough for one query. */
export const resolutionFits = (resolution: MetricResolution, from: number, to: number): boolean =>
  bucketCount(from, to, metricResolutions[resolution]) <= metricMaxBuckets;
/** The finest resolution that fits [from, to) in ms (15s up to about 41 hours; the coarsest for any longer range). */
export const finestMetricResolution = (from: number, to: number): MetricResolution =>
  resolutionsFinestFirst.find((r) => resolutionFits(r, from, to)) ?? (resolutionsFinestFirst.at(-1) as MetricResolution);
/** What a query at a resolution too fine for its range is told (the 400's message and the chart's). */
export const resolutionTooFine = (resolution: MetricResolution, finest: MetricResolution): string =>
  `${resolution} is too fine for this range (at most ${metricMaxBuckets.toLocaleString('en-US')} points): the finest resolution that fits is ${finest}`;
export const metricsBucketSchema = z.object({
  date: z.string(),
  groups: z.array(z.object({ group_name: z.string(), aggregates: z.object({ cpu_percent: aggregate, mem_percent: aggregate, mem: aggregate }) })),
});
export type MetricsBucket = z.infer<typeof metricsBucketSchema>;
