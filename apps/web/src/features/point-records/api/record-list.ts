import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PointRecordRow } from '@syrx/contracts/point-data';
import { pointDataRoutes } from '@syrx/contracts/routes/point-data';
import { recordsRoutes } from '@syrx/contracts/routes/records';
import { callRoute } from '../../../lib/api-client';
import { kindQuery, type RecordRange, recordQuery } from '../utils/record-query';
import { recordKeys } from './record-keys';

export interface RecordPage {
  skip: number;
  take: number;
}

/** GET …/point-records: one page of raw records, oldest first. */
export async function listRecords(range: RecordRange, page: RecordPage): Promise<PointRecordRow[]> {
  if (range.kind !== 'controller') return callRoute(pointDataRoutes[range.kind].page, { query: { ...kindQuery(range), ...page } });
  const rows = await callRoute(recordsRoutes.page, { query: { ...recordQuery(range), ...page } });
  return rows.map((r) => ({ point_id: r.bacnet_point_id, timestamp: r.timestamp, value: r.value }));
}

/** GET …/count */
export const countRecords = async (range: RecordRange) =>
  (range.kind === 'controller'
    ? await callRoute(recordsRoutes.count, { query: recordQuery(range) })
    : await callRoute(pointDataRoutes[range.kind].count, { query: kindQuery(range) })).count;

export const recordPageQueryOptions = (range: RecordRange, page: RecordPage) =>
  queryOptions({ queryKey: [...recordKeys.range(range), 'page', page.skip, page.take], queryFn: () => listRecords(range, page) });

export const recordCountQueryOptions = (range: RecordRange) =>
  queryOptions({ queryKey: [...recordKeys.range(range), 'count'], queryFn: () => countRecords(range) });

/** A page of the records table and the total it pages through; the previous page stays shown while the next loads. */
export function useRecordPage(range: RecordRange, page: RecordPage) {
  const enabled = range.pointIds.length > 0;
  const records = useQuery({ ...recordPageQueryOptions(range, page), enabled, placeholderData: keepPreviousData });
  const count = useQuery({ ...recordCountQueryOptions(range), enabled, placeholderData: keepPreviousData });
  return { records, count };
}
