import type uPlot from 'uplot';
import { type MetricName, metricChartSize, metricLineColours } from '@syrx/contracts/metrics';
import { type MetricSeries, formatMetric, metricAxisLabels } from './metric-series';

/** The colour of the i-th line: the five of the chart (spec 01 section 9), again from the first after the fifth. */
export const lineColour = (i: number): string => metricLineColours[i % metricLineColours.length] ?? metricLineColours[0];

/** uPlot options for the metrics chart: 800×500, one line per group, the value axis labelled with its unit. */
export function metricChartOptions(series: MetricSeries, metric: MetricName): uPlot.Options {
  return {
    ...metricChartSize,
    series: [
      { label: 'Time' },
      ...series.lines.map((line, i) => ({ label: line.name, stroke: lineColour(i), width: 1.5, value: (_u: uPlot, v: number | null) => formatMetric(metric, v) })),
    ],
    scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min), max > min ? max * 1.05 : min + 1] } },
    axes: [
      { label: 'Time' },
      { label: metricAxisLabels[metric], size: 80, values: (_u, splits) => splits.map((v) => (metric === 'mem' ? Math.round(v).toLocaleString('en-US') : v.toFixed(1))) },
    ],
  };
}

/** The series as uPlot's columns: the times, then one column per line. */
export const metricChartData = (series: MetricSeries): uPlot.AlignedData => [series.xs, ...series.lines.map((l) => l.values)];
