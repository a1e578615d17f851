import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type MetricGroupType, type MetricResolution, metricSampleSeconds } from '@syrx/contracts/metrics';
import { metricsRoutes } from '@syrx/contracts/routes/metrics';
import { callRoute } from '../../../lib/api-client';
import { type ResolvedRange, type TimeRange, rangeKey, resolveRange } from '../../../lib/time-range';

const window = (r: ResolvedRange) => ({ startDate: r.start.toISOString(), endDate: r.end.toISOString() });

/** GET …/metrics/groups?startDate&endDate&groupType: the groups with samples in the range, by name. */
export async function getMetricGroups(controllerId: string, range: TimeRange, groupType: MetricGroupType): Promise<string[]> {
  const names = await callRoute(metricsRoutes.groups, { params: { id: controllerId }, query: { ...window(resolveRange(range)), groupType } });
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

export interface MetricsQuery {
  controllerId: string;
  range: TimeRange;
  groupType: MetricGroupType;
  /** The groups to chart; ignored for overall. */
  groups: readonly string[];
  resolution: MetricResolution;
}

/** GET …/metrics?startDate&endDate&groupType&groups&resolution: avg, min and max of every metric per group per bucket. */
export async function getMetrics(q: MetricsQuery) {
  const range = resolveRange(q.range);
  const groups = q.groupType === 'overall' ? undefined : q.groups.join(',');
  const buckets = await callRoute(metricsRoutes.series, {
    params: { id: q.controllerId },
    query: { ...window(range), groupType: q.groupType, groups, resolution: q.resolution },
  });
  return { range, buckets };
}

/** A recent range follows the clock: ask again as often as the agent samples. */
const refresh = (range: TimeRange) => (range.kind === 'recent' ? metricSampleSeconds * 1000 : false);

export const useMetricGroups = (controllerId: string, range: TimeRange, groupType: MetricGroupType) =>
  useQuery({
    queryKey: ['metrics', controllerId, 'groups', rangeKey(range), groupType],
    queryFn: () => getMetricGroups(controllerId, range, groupType),
    enabled: groupType !== 'overall',
    refetchInterval: refresh(range),
  });

export const useMetrics = (q: MetricsQuery, enabled: boolean) =>
  useQuery({
    queryKey: ['metrics', q.controllerId, 'series', rangeKey(q.range), q.groupType, q.groupType === 'overall' ? [] : q.groups, q.resolution],
    queryFn: () => getMetrics(q),
    enabled,
    refetchInterval: refresh(q.range),
    placeholderData: keepPreviousData,
  });
