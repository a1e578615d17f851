import type { PointSeries } from '@syrx/contracts/point-data';
import type { DbOrTx } from '../../db/client.ts';
import { bucketsOf } from './record-buckets.repo.ts';
import type { KindPointRow } from './record-points.repo.ts';
import { recordReadsRepo as reads, type SeriesRange } from './record-reads.repo.ts';
import { resolutionFor } from './series-resolution.ts';

type SeriesPoint = PointSeries['series'][number]['points'][number];

/**
 * Whether every series has at most `maxPoints` records in the range: told by the daily rollups where they can (a
 * series surely over, or every series surely under), else counted, no further than that.
 */
async function fitsRaw(db: DbOrTx, points: KindPointRow[], range: SeriesRange, maxPoints: number): Promise<boolean> {
  const rolled = points.flatMap((p) => (p.rolled_up && p.data_point_id !== null ? [p.data_point_id] : []));
  if (rolled.length > 0) {
    const bounds = await reads.countBounds(db, { ...range, ids: rolled });
    if (bounds.some((b) => b.lower > maxPoints)) return false;
    if (rolled.length === range.ids.length && bounds.every((b) => b.upper <= maxPoints)) return true;
  }
  return (await reads.countsUpTo(db, range, maxPoints + 1)).every((n) => n <= maxPoints);
}

/**
 * Chart series of the points, in the order asked (a point without records has an empty series). Raw when every
 * series has at most `maxPoints` records in the range (counted no further than that, so the check stays cheap on a
 * long range); otherwise buckets at the smallest resolution that keeps each series within `maxPoints`, read from the
 * hourly or daily rollups where they tile the buckets (record-buckets.repo.ts).
 */
export async function seriesOf(db: DbOrTx, points: KindPointRow[], range: SeriesRange, maxPoints: number): Promise<PointSeries> {
  const byId = new Map<number, SeriesPoint[]>(range.ids.map((id) => [id, []]));
  // The series share their bucket starts: each is written once.
  const times = new Map<number, string>();
  const iso = (t: number): string => {
    let text = times.get(t);
    if (text === undefined) times.set(t, (text = new Date(t).toISOString()));
    return text;
  };
  let resolution: number | null = null;
  if (range.ids.length > 0) {
    if (await fitsRaw(db, points, range, maxPoints)) {
      for (const r of await reads.series(db, range)) byId.get(r.id)?.push({ t: iso(r.t), avg: r.value, min: r.value, max: r.value, n: 1 });
    } else {
      resolution = resolutionFor(Date.parse(range.from), Date.parse(range.to), maxPoints);
      const rolled = new Set(points.flatMap((p) => (p.rolled_up && p.data_point_id !== null ? [p.data_point_id] : [])));
      for (const r of await bucketsOf(db, range, resolution, rolled)) byId.get(r.id)?.push({ t: iso(r.t), avg: r.avg, min: r.min, max: r.max, n: r.n });
    }
  }
  return {
    resolution_seconds: resolution,
    series: points.map((p) => ({ point_id: p.point_id, points: p.data_point_id === null ? [] : (byId.get(p.data_point_id) ?? []) })),
  };
}
