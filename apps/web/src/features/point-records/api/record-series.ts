import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PointSeries } from '@syrx/contracts/point-data';
import { pointDataRoutes } from '@syrx/contracts/routes/point-data';
import { recordsRoutes } from '@syrx/contracts/routes/records';
import { callRoute } from '../../../lib/api-client';
import { kindQuery, type RecordRange, recordQuery } from '../utils/record-query';
import { recordKeys } from './record-keys';

/** At most this many values per point on the chart; the server downsamples to stay under it. */
export const chartMaxPoints = 1000;

/** GET …/series: each point's values for the chart, downsampled when there are too many (BACnet points by their own route). */
export async function getRecordSeries(range: RecordRange): Promise<PointSeries> {
  if (range.kind !== 'controller') return callRoute(pointDataRoutes[range.kind].series, { query: { ...kindQuery(range), max_points: chartMaxPoints } });
  const s = await callRoute(recordsRoutes.series, { query: { ...recordQuery(range), max_points: chartMaxPoints } });
  return { resolution_seconds: s.resolution_seconds, series: s.series.map((x) => ({ point_id: x.bacnet_point_id, points: x.points })) };
}

export const recordSeriesQueryOptions = (range: RecordRange) =>
  queryOptions({ queryKey: [...recordKeys.range(range), 'series'], queryFn: () => getRecordSeries(range) });

/** The chart's series; none is asked while no point is chosen. The previous chart stays while the next loads. */
export const useRecordSeries = (range: RecordRange) =>
  useQuery({ ...recordSeriesQueryOptions(range), enabled: range.pointIds.length > 0, placeholderData: keepPreviousData });
