import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { latestRecordSchema } from '@syrx/contracts/records';
import { v2Api } from '../../../lib/api-client';
import { recordKeys } from './record-keys';

/** GET /api/v2/point-records/latest: each point's latest value and time, earliest time and record count. */
export const getLatestRecords = (pointIds: readonly number[]) =>
  v2Api('/point-records/latest', { schema: z.array(latestRecordSchema), query: { bacnet_point_ids: pointIds.join(',') } });

export const latestRecordsQueryOptions = (pointIds: readonly number[]) =>
  queryOptions({ queryKey: recordKeys.latest(pointIds), queryFn: () => getLatestRecords(pointIds) });

/** The points' latest records, for their tags; none is asked while no point is chosen. */
export const useLatestRecords = (pointIds: readonly number[]) => useQuery({ ...latestRecordsQueryOptions(pointIds), enabled: pointIds.length > 0 });
