import uPlot from 'uplot';
import type { ChartColumns } from './chart-data';
import type { PointStyle } from './labels';

export interface ChartOptionsInput {
  width: number;
  height: number;
  styles: readonly PointStyle[];
  /** Draw each point's minimum to maximum as a band (the server downsampled). */
  banded: boolean;
  /** The time window shown at first and after a reset, in seconds. */
  window: readonly [number, number];
  onCursor: (idx: number | null) => void;
  onZoom: (zoomed: boolean) => void;
}

/** The chart's values for uPlot: the times, then per point its averages (and minimum and maximum when banded). */
export const chartData = (chart: ChartColumns, banded: boolean): uPlot.AlignedData => [
  chart.xs,
  ...chart.columns.flatMap((c) => (banded ? [c.avg, c.min, c.max] : [c.avg])),
];

/**
 * uPlot options: one line per point, a min–max band when downsampled, the time axis in UTC (like the page's
 * days and the table), zoom by dragging across, and the legend left to the page (it shows values at the cursor).
 */
export function chartOptions(o: ChartOptionsInput): uPlot.Options {
  const series: uPlot.Series[] = [{ label: 'Time (UTC)' }];
  const bands: uPlot.Band[] = [];
  for (const s of o.styles) {
    const line = series.push({ label: s.label, stroke: s.color, width: 1.5 }) - 1;
    if (o.banded) {
      const hidden = { stroke: 'transparent', width: 0, points: { show: false } };
      series.push({ ...hidden, label: `${s.label} minimum` }, { ...hidden, label: `${s.label} maximum` });
      bands.push({ series: [line + 2, line + 1], fill: `${s.color}2e` });
    }
  }
  const [min, max] = o.window;
  // How close to the window's edges a scale counts as not zoomed: half a second, or a hundredth of a shorter window
  // (a point's first records can span less than a second, and a zoom into them must still offer Reset zoom).
  const edge = Math.min(0.5, (max - min) / 100);
  return {
    width: o.width,
    height: o.height,
    series,
    bands,
    legend: { show: false },
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
    scales: { x: { time: true } },
    axes: [{ label: 'Time (UTC)' }, {}],
    cursor: { drag: { x: true, y: false, setScale: true } },
    hooks: {
      ready: [(u) => u.setScale('x', { min, max })],
      setCursor: [(u) => o.onCursor(u.cursor.idx ?? null)],
      setScale: [
        (u, key) => {
          const x = u.scales.x;
          if (key === 'x' && x?.min !== undefined && x.max !== undefined) o.onZoom(x.min > min + edge || x.max < max - edge);
        },
      ],
    },
  };
}
