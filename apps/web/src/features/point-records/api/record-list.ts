import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { recordsRoutes } from '@syrx/contracts/routes/records';
import { callRoute } from '../../../lib/api-client';
import { type RecordRange, recordQuery } from '../utils/record-query';
import { recordKeys } from './record-keys';

export interface RecordPage {
  skip: number;
  take: number;
}

/** GET /api/v2/point-records: one page of raw records, oldest first. */
export const listRecords = (range: RecordRange, page: RecordPage) =>
  callRoute(recordsRoutes.page, { query: { ...recordQuery(range), skip: page.skip, take: page.take } });

/** GET /api/v2/point-records/count */
export const countRecords = async (range: RecordRange) => (await callRoute(recordsRoutes.count, { query: recordQuery(range) })).count;

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
