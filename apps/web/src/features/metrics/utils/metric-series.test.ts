import { describe, expect, it } from 'vitest';
import type { MetricsBucket } from '@syrx/contracts/metrics';
import { formatMetric, isEmptySeries, metricSeries } from './metric-series';
import { lineColour, metricChartData } from './metric-chart-options';

const agg = (v: number) => ({ avg: v, min: v - 1, max: v + 1 });
const bucket = (date: string, groups: Record<string, number>): MetricsBucket => ({
  date,
  groups: Object.entries(groups).map(([group_name, v]) => ({ group_name, aggregates: { cpu_percent: agg(v), mem_percent: agg(v * 2), mem: agg(v * 1000) } })),
});
const t = (s: string) => Date.parse(s) / 1000;

describe('metric series', () => {
  const buckets = [
    bucket('2025-03-07T14:00:15Z', { node: 5, 'syrx-agent': 2 }),
    bucket('2025-03-07T14:00:00Z', { node: 4 }),
    bucket('2025-03-07T14:00:30Z', { 'syrx-agent': 3 }),
  ];

  it('puts the groups asked for on the buckets’ times, in time order, null where a group has no samples', () => {
    const s = metricSeries(buckets, ['syrx-agent', 'node'], 'cpu_percent', 'avg', 15);
    expect(s.xs).toEqual([t('2025-03-07T14:00:00Z'), t('2025-03-07T14:00:15Z'), t('2025-03-07T14:00:30Z')]);
    expect(s.lines).toEqual([
      { name: 'syrx-agent', values: [null, 2, 3] },
      { name: 'node', values: [4, 5, null] },
    ]);
    expect(metricChartData(s)).toEqual([s.xs, [null, 2, 3], [4, 5, null]]);
  });

  it('reads the chosen metric and aggregation, and for overall every group the server names', () => {
    const overall = [bucket('2025-03-07T14:00:00Z', { overall: 10 }), bucket('2025-03-07T14:00:15Z', { overall: 12 })];
    expect(metricSeries(overall, null, 'mem', 'max', 15).lines).toEqual([{ name: 'overall', values: [10_001, 12_001] }]);
    expect(metricSeries(overall, null, 'mem_percent', 'min', 15).lines[0]?.values).toEqual([19, 23]);
  });

  it('breaks the lines where buckets are missing rather than drawing across the gap', () => {
    const gap = [bucket('2025-03-07T14:00:00Z', { overall: 1 }), bucket('2025-03-07T14:05:00Z', { overall: 2 })];
    const s = metricSeries(gap, null, 'cpu_percent', 'avg', 15);
    expect(s.xs).toEqual([t('2025-03-07T14:00:00Z'), t('2025-03-07T14:00:15Z'), t('2025-03-07T14:05:00Z')]);
    expect(s.lines[0]?.values).toEqual([1, null, 2]);
  });

  it('is empty without values, and shows values with their unit', () => {
    expect(isEmptySeries(metricSeries([], null, 'cpu_percent', 'avg', 15))).toBe(true);
    expect(isEmptySeries(metricSeries(buckets, ['other'], 'cpu_percent', 'avg', 15))).toBe(true);
    expect(formatMetric('mem', 123456.4)).toBe('123,456 KB');
    expect(formatMetric('cpu_percent', 12.34)).toBe('12.3 %');
    expect(formatMetric('mem_percent', null)).toBe('—');
    expect([0, 4, 5].map(lineColour)).toEqual(['#1677ff', '#722ed1', '#1677ff']);
  });
});
