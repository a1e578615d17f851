import type { SeriesPoint } from '@syrx/contracts/point-data';
import type { ReportingPointRef } from '../../../lib/point-reporting-link';

/** What the record browser says when there is nothing to show. */
export const browserMessages = {
  noRecords: 'No records in this range',
  noPoints: 'No points chosen yet: pick them in the tree, or open this page from a points grid with points selected.',
  tooManyPoints: (max: number) => `At most ${max} points can be shown at once; remove one first.`,
} as const;

/** Line colours, distinguishable on white and from each other; the eleventh point reuses the first. */
const palette = ['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#bf3989', '#0a7ea4', '#bc4c00', '#57606a', '#4d2d00'];

export const seriesColor = (index: number): string => palette[index % palette.length] ?? '#1f6feb';

/** A point as the chart, legend and table name it: its device, then its name. */
export const pointLabel = (p: ReportingPointRef): string => `${p.deviceName} / ${p.pointName}`;

/** A chosen point of any kind as the page shows it: its short label, and where it is (for its tooltip). */
export interface BrowserPoint {
  id: number;
  label: string;
  where: string;
}

/** A controller point as the point-reporting link names it. */
export const controllerPoint = (p: ReportingPointRef): BrowserPoint =>
  ({ id: p.id, label: pointLabel(p), where: `${p.controllerName} / ${p.deviceName} / ${p.pointName} (point ${p.id})` });

/** A point of another kind by its summary's names (the last two below its tree's top: device and point, or the point of a group). */
export const summaryPoint = (id: number, s: SeriesPoint | undefined): BrowserPoint => (s && s.path.length > 0
  ? { id, label: s.path.slice(1).slice(-2).join(' / '), where: `${s.path.join(' / ')} (point ${id})` }
  : { id, label: `Point ${id}`, where: `Point ${id}` });

/** A point's colour and label, by id, for the chart and the table. */
export interface PointStyle {
  id: number;
  label: string;
  color: string;
}

export const pointStyles = (points: readonly BrowserPoint[]): PointStyle[] =>
  points.map((p, i) => ({ id: p.id, label: p.label, color: seriesColor(i) }));

const units: readonly [seconds: number, name: string][] = [
  [86_400, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** A bucket width in words: 15 → "15 seconds", 900 → "15 minutes", 86400 → "1 day", 604800 → "7 days". */
export function resolutionLabel(seconds: number): string {
  const [size, name] = units.find(([s]) => seconds % s === 0) ?? [1, 'second'];
  const n = seconds / size;
  return `${n} ${name}${n === 1 ? '' : 's'}`;
}
