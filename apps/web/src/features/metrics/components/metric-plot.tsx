import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { MetricName } from '@syrx/contracts/metrics';
import { metricChartData, metricChartOptions } from '../utils/metric-chart-options';
import type { MetricSeries } from '../utils/metric-series';

export interface MetricPlotProps {
  series: MetricSeries;
  metric: MetricName;
}

/** The uPlot canvas of the metrics chart, made again when the data or the metric change. */
export function MetricPlot({ series, metric }: MetricPlotProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const plot = new uPlot(metricChartOptions(series, metric), metricChartData(series), el);
    return () => plot.destroy();
  }, [series, metric]);
  return <div ref={box} role="img" aria-label="Metrics chart" style={{ overflowX: 'auto' }} />;
}
