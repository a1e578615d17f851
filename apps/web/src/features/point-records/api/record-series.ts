import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { recordsRoutes } from '@syrx/contracts/routes/records';
import { callRoute } from '../../../lib/api-client';
import { type RecordRange, recordQuery } from '../utils/record-query';
import { recordKeys } from './record-keys';

/** At most this many values per point on the chart; the server downsamples to stay under it. */
export const chartMaxPoints = 1000;

/** GET /api/v2/point-records/series: each point's values for the chart, downsampled when there are too many. */
export const getRecordSeries = (range: RecordRange) =>
  callRoute(recordsRoutes.series, { query: { ...recordQuery(range), max_points: chartMaxPoints } });

export const recordSeriesQueryOptions = (range: RecordRange) =>
  queryOptions({ queryKey: [...recordKeys.range(range), 'series'], queryFn: () => getRecordSeries(range) });

/** The chart's series; none is asked while no point is chosen. The previous chart stays while the next loads. */
export const useRecordSeries = (range: RecordRange) =>
  useQuery({ ...recordSeriesQueryOptions(range), enabled: range.pointIds.length > 0, placeholderData: keepPreviousData });
