import { queryOptions, useQuery } from '@tanstack/react-query';
import { recordsRoutes } from '@syrx/contracts/routes/records';
import { callRoute } from '../../../lib/api-client';
import { recordKeys } from './record-keys';

/** GET /api/v2/point-records/latest: each point's latest value and time, earliest time and record count. */
export const getLatestRecords = (pointIds: readonly number[]) =>
  callRoute(recordsRoutes.latest, { query: { bacnet_point_ids: pointIds.join(',') } });

export const latestRecordsQueryOptions = (pointIds: readonly number[]) =>
  queryOptions({ queryKey: recordKeys.latest(pointIds), queryFn: () => getLatestRecords(pointIds) });

/** The points' latest records, for their tags; none is asked while no point is chosen. */
export const useLatestRecords = (pointIds: readonly number[]) => useQuery({ ...latestRecordsQueryOptions(pointIds), enabled: pointIds.length > 0 });
