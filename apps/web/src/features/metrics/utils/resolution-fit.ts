import { type MetricResolution, finestMetricResolution, metricDefaults, resolutionFits } from '@syrx/contracts/metrics';
import { type TimeRange, resolveRange } from '../../../lib/time-range';

export interface ResolutionFit {
  /** The resolution the chart asks for: the user's, else the finest that fits the range (the default 15s when it does). */
  resolution: MetricResolution;
  /** The finest resolution that fits the range. */
  finest: MetricResolution;
  /** Whether `resolution` fits the range (a query at a finer one would be refused). */
  fits: boolean;
  /** What the chart says beside the selector when it took another resolution than the default for the user. */
  note?: string;
}

/** Which resolution the chart draws a range at, and what it tells the user about it (issue 24: never a refused query). */
export function resolutionFit(range: TimeRange, chosen: MetricResolution | null): ResolutionFit {
  const { start, end } = resolveRange(range);
  const finest = finestMetricResolution(start.getTime(), end.getTime());
  if (chosen !== null) return { resolution: chosen, finest, fits: resolutionFits(chosen, start.getTime(), end.getTime()) };
  const note = finest === metricDefaults.resolution ? undefined : `${finest}: the finest resolution that fits this range`;
  return { resolution: finest, finest, fits: true, ...(note ? { note } : {}) };
}
