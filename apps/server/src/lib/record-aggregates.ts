import type { RecordColumns } from './record-columns.ts';
import { rollupLevels } from './record-rollups.ts';
import { bucketStart } from './time-buckets.ts';

/** What a batch adds to a series' summary: first and last time (ms), the last time's value, how many records. */
export interface SeriesPart {
  id: number;
  first: number;
  last: number;
  lastValue: number;
  n: number;
}

/** What a batch adds to one rollup bucket (level 3600 or 86400, bucket start in ms). */
export interface BucketPart {
  id: number;
  level: number;
  bucket: number;
  n: number;
  sum: number;
  min: number;
  max: number;
  first: number;
  last: number;
}

const hour = rollupLevels.hour * 1000;
const day = rollupLevels.day * 1000;
const origin = bucketStart(0, rollupLevels.day);

/** A series' parts while a batch is read: its summary, and its buckets of each level (the last one touched at hand). */
interface SeriesParts {
  summary: SeriesPart;
  hours: Map<number, BucketPart>;
  days: Map<number, BucketPart>;
  lastHour: BucketPart | null;
  lastDay: BucketPart | null;
}

function add(b: BucketPart, t: number, v: number): void {
  b.n++;
  b.sum += v;
  if (v < b.min) b.min = v;
  if (v > b.max) b.max = v;
  if (t < b.first) b.first = t;
  if (t > b.last) b.last = t;
}

/** The bucket of `t` at a level, made on first use; `last` (the bucket touched before) is the usual answer. */
function bucketOf(buckets: Map<number, BucketPart>, last: BucketPart | null, id: number, level: number, width: number, t: number, v: number): BucketPart {
  const start = origin + Math.floor((t - origin) / width) * width;
  if (last?.bucket === start) {
    add(last, t, v);
    return last;
  }
  const found = buckets.get(start);
  if (found) {
    add(found, t, v);
    return found;
  }
  const made = { id, level, bucket: start, n: 1, sum: v, min: v, max: v, first: t, last: t };
  buckets.set(start, made);
  return made;
}

/**
 * The summaries and rollup parts of a batch of new records, computed here rather than by the database (it then only
 * stores the records and a few dozen small rows). Buckets come sorted by series, level and start, the order their
 * rows are locked in. Exact where it must be (counts, minima, maxima, times); sums differ from the database's only by
 * the order of the additions.
 */
export function aggregateBatch(rows: RecordColumns): { series: SeriesPart[]; buckets: BucketPart[] } {
  const series = new Map<number, SeriesParts>();
  for (let i = 0; i < rows.ids.length; i++) {
    const id = rows.ids[i] as number;
    const t = rows.times[i] as number;
    const v = rows.values[i] as number;
    let s = series.get(id);
    if (!s) {
      s = { summary: { id, first: t, last: t, lastValue: v, n: 0 }, hours: new Map(), days: new Map(), lastHour: null, lastDay: null };
      series.set(id, s);
    }
    const m = s.summary;
    m.n++;
    if (t < m.first) m.first = t;
    if (t >= m.last) {
      m.last = t;
      m.lastValue = v;
    }
    s.lastHour = bucketOf(s.hours, s.lastHour, id, rollupLevels.hour, hour, t, v);
    s.lastDay = bucketOf(s.days, s.lastDay, id, rollupLevels.day, day, t, v);
  }
  const ordered = [...series.values()].sort((a, b) => a.summary.id - b.summary.id);
  const byStart = (a: BucketPart, b: BucketPart) => a.bucket - b.bucket;
  return {
    series: ordered.map((s) => s.summary),
    buckets: ordered.flatMap((s) => [...[...s.hours.values()].sort(byStart), ...[...s.days.values()].sort(byStart)]),
  };
}
