import type { PointSeries } from '@syrx/contracts/point-data';

/** A value at one time of the chart: a number, or undefined where the point has no record at that time. */
export type Cell = number | undefined;

export interface PointColumn {
  pointId: number;
  avg: Cell[];
  min: Cell[];
  max: Cell[];
  /** For each time, the index of the point's latest value at or before it (-1 before its first). */
  lastIndex: Int32Array;
  /** How many values (records or buckets) the point has in the range. */
  size: number;
}

export interface ChartColumns {
  /** Seconds since the epoch, ascending: every time any point has a value at. */
  xs: number[];
  /** One per point, in the order the points are shown. */
  columns: PointColumn[];
  /** Bucket width when the server downsampled, else null (raw records). */
  resolutionSeconds: number | null;
}

function lastIndexOf(values: readonly Cell[]): Int32Array {
  const last = new Int32Array(values.length);
  let seen = -1;
  values.forEach((v, i) => {
    if (v !== undefined) seen = i;
    last[i] = seen;
  });
  return last;
}

/**
 * Puts the points' series on one time axis, as uPlot wants them: the union of their times, and for each point its
 * value at each time or undefined where it has none. uPlot draws a line through undefined (a point reported by
 * COV stays silent while its value holds), so no line breaks where another point happens to have a record.
 */
export function alignSeries(pointIds: readonly number[], result: PointSeries): ChartColumns {
  const byPoint = new Map(result.series.map((s) => [s.point_id, s.points]));
  const times = new Set<number>();
  for (const s of result.series) for (const p of s.points) times.add(Date.parse(p.t) / 1000);
  const xs = [...times].sort((a, b) => a - b);
  const at = new Map(xs.map((x, i) => [x, i]));
  const columns = pointIds.map((pointId): PointColumn => {
    const [avg, min, max] = [0, 1, 2].map(() => new Array<Cell>(xs.length).fill(undefined)) as [Cell[], Cell[], Cell[]];
    const points = byPoint.get(pointId) ?? [];
    for (const p of points) {
      const i = at.get(Date.parse(p.t) / 1000);
      if (i === undefined) continue;
      avg[i] = p.avg;
      min[i] = p.min;
      max[i] = p.max;
    }
    return { pointId, avg, min, max, lastIndex: lastIndexOf(avg), size: points.length };
  });
  return { xs, columns, resolutionSeconds: result.resolution_seconds };
}

export interface LegendValue {
  pointId: number;
  /** The point's latest value at or before the cursor's time; undefined before its first. */
  avg: number | undefined;
  min: number | undefined;
  max: number | undefined;
}

/** What the hover legend shows at the cursor's time index: each point's value then (a value holds until the next). */
export function legendValues(chart: ChartColumns, idx: number): LegendValue[] {
  return chart.columns.map((c) => {
    const i = c.lastIndex[idx] ?? -1;
    return { pointId: c.pointId, avg: i < 0 ? undefined : c.avg[i], min: i < 0 ? undefined : c.min[i], max: i < 0 ? undefined : c.max[i] };
  });
}

/** True when no point has a value in the range. */
export const isEmptyChart = (chart: ChartColumns): boolean => chart.columns.every((c) => c.size === 0);

/** Half of the span shown around a single time (a range holding one record, or several at one moment). */
const lonePad = 300;

/**
 * The time window the chart opens on (and Reset zoom returns to): from the first value to the last, so that a few
 * minutes of records in a range of days are not squeezed against one edge; a single time is shown ±5 minutes.
 */
export function chartWindow(xs: readonly number[]): [number, number] {
  const first = xs[0] ?? 0;
  const last = xs.at(-1) ?? first;
  return last > first ? [first, last] : [first - lonePad, first + lonePad];
}
