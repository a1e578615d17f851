import type { MetricName, MetricsBucket, metricAggregations } from '@syrx/contracts/metrics';

export type MetricAggregation = (typeof metricAggregations)[number];

export interface MetricSeries {
  /** Seconds since the epoch, ascending: one per bucket, plus one empty place in each gap. */
  xs: number[];
  /** One line per group, in the order asked (or, for overall, as the server names it). */
  lines: { name: string; values: (number | null)[] }[];
}

/**
 * The buckets as uPlot lines of one metric and aggregation. A group without samples in a bucket has null there;
 * where buckets are missing (the agent was not sampling) an empty place is put after the last bucket before the
 * gap, so the lines break there instead of drawing across it.
 */
export function metricSeries(
  buckets: readonly MetricsBucket[],
  groups: readonly string[] | null,
  metric: MetricName,
  aggregation: MetricAggregation,
  resolutionSeconds: number,
): MetricSeries {
  const sorted = [...buckets].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  const names = groups ?? [...new Set(sorted.flatMap((b) => b.groups.map((g) => g.group_name)))];
  const xs: number[] = [];
  const lines = names.map((name) => ({ name, values: [] as (number | null)[] }));
  let previous: number | undefined;
  for (const bucket of sorted) {
    const x = Date.parse(bucket.date) / 1000;
    if (previous !== undefined && x - previous > resolutionSeconds * 1.5) {
      xs.push(previous + resolutionSeconds);
      for (const line of lines) line.values.push(null);
    }
    xs.push(x);
    const byName = new Map(bucket.groups.map((g) => [g.group_name, g.aggregates[metric][aggregation]]));
    for (const line of lines) line.values.push(byName.get(line.name) ?? null);
    previous = x;
  }
  return { xs, lines };
}

/** True when no line has a value. */
export const isEmptySeries = (s: MetricSeries): boolean => s.lines.every((l) => l.values.every((v) => v === null));

/** The value axis of a metric: its name and unit (spec 01 section 9: mem in KB). */
export const metricAxisLabels: Record<MetricName, string> = { cpu_percent: 'CPU (%)', mem_percent: 'Memory (%)', mem: 'Memory (KB)' };

/** A value as the axis and legend show it: percentages to one decimal, kilobytes whole with separators. */
export const formatMetric = (metric: MetricName, value: number | null | undefined): string => {
  if (value === null || value === undefined) return '—';
  return metric === 'mem' ? `${Math.round(value).toLocaleString('en-US')} KB` : `${value.toFixed(1)} %`;
};
