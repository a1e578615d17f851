import { recordsRoutes } from '@syrx/contracts/routes/records';
import { routeUrl } from '../../../lib/api-client';
import { formatUtcDay } from '../../../lib/date-format';

/** The points and time range every record call names. */
export interface RecordRange {
  pointIds: readonly number[];
  /** ISO 8601, inclusive. */
  from: string;
  /** ISO 8601, exclusive. */
  to: string;
}

/** The query fields of a record call (recordRangeQuerySchema): bacnet_point_ids=1,2&from=…&to=… */
export const recordQuery = (range: RecordRange) => ({ bacnet_point_ids: range.pointIds.join(','), from: range.from, to: range.to });

/** GET /api/v2/point-records.csv with the same query: every raw record of the range, which the browser downloads. */
export const recordsCsvHref = (range: RecordRange): string => routeUrl(recordsRoutes.csv, { query: recordQuery(range) });

/** A name for the downloaded file: point-records-03-06-2025-to-03-07-2025.csv */
export const recordsCsvFileName = (fromDay: Date, toDay: Date): string => `point-records-${formatUtcDay(fromDay)}-to-${formatUtcDay(toDay)}.csv`;
