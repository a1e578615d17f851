import type { RecordSeries } from '@syrx/contracts/records';
import type { DbOrTx } from '../../db/client.ts';
import { type RecordPointRow, recordReadsRepo as reads, type SeriesRange } from './record-reads.repo.ts';
import { resolutionFor } from './series-resolution.ts';

type SeriesPoint = RecordSeries['series'][number]['points'][number];

/**
 * Chart series of the points, in the order asked (a point without records has an empty series). Raw when every
 * series has at most `maxPoints` records in the range (counted no further than that, so the check stays cheap on a
 * long range); otherwise date_bin buckets at the smallest resolution that keeps each series within `maxPoints`.
 */
export async function seriesOf(db: DbOrTx, points: RecordPointRow[], range: SeriesRange, maxPoints: number): Promise<RecordSeries> {
  const byId = new Map<number, SeriesPoint[]>(range.ids.map((id) => [id, []]));
  let resolution: number | null = null;
  if (range.ids.length > 0) {
    const counts = await reads.countsUpTo(db, range, maxPoints + 1);
    if (counts.every((n) => n <= maxPoints)) {
      for (const r of await reads.series(db, range)) byId.get(r.id)?.push({ t: new Date(r.t).toISOString(), avg: r.value, min: r.value, max: r.value, n: 1 });
    } else {
      resolution = resolutionFor(Date.parse(range.from), Date.parse(range.to), maxPoints);
      for (const r of await reads.buckets(db, range, resolution)) byId.get(r.id)?.push({ t: new Date(r.t).toISOString(), avg: r.avg, min: r.min, max: r.max, n: r.n });
    }
  }
  return {
    resolution_seconds: resolution,
    series: points.map((p) => ({ bacnet_point_id: p.bacnet_point_id, points: p.data_point_id === null ? [] : (byId.get(p.data_point_id) ?? []) })),
  };
}
