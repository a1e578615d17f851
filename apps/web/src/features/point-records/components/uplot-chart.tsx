import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartColumns } from '../utils/chart-data';
import { chartData, chartOptions } from '../utils/chart-options';
import type { PointStyle } from '../utils/labels';

export interface UPlotChartProps {
  chart: ChartColumns;
  styles: readonly PointStyle[];
  /** The time window shown at first and after Reset zoom, in seconds since the epoch. */
  window: readonly [number, number];
  onCursor: (idx: number | null) => void;
  height?: number;
}

/**
 * The uPlot canvas: made again when the data or the points change, sized to its box. Dragging across it zooms into
 * that time span; Reset zoom (or a double-click, which fits the data) goes back.
 */
export function UPlotChart({ chart, styles, window, onCursor, height = 360 }: UPlotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const cursorMoved = useEffectEvent((idx: number | null) => onCursor(idx));
  const [from, to] = window;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const banded = chart.resolutionSeconds !== null;
    const options = chartOptions({ width: el.clientWidth || 800, height, styles, banded, window: [from, to], onCursor: (idx) => cursorMoved(idx), onZoom: setZoomed });
    const u = new uPlot(options, chartData(chart, banded), el);
    plot.current = u;
    const resize = new ResizeObserver(() => u.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [chart, styles, from, to, height]);

  return (
    <Flex vertical gap={4}>
      <Flex justify="space-between" align="center" style={{ minHeight: 24 }}>
        <Typography.Text type="secondary">Drag across the chart to zoom into a time span.</Typography.Text>
        {zoomed && (
          <Button size="small" onClick={() => plot.current?.setScale('x', { min: from, max: to })}>
            Reset zoom
          </Button>
        )}
      </Flex>
      <div ref={box} role="img" aria-label="Chart of the point records" style={{ width: '100%' }} />
    </Flex>
  );
}
