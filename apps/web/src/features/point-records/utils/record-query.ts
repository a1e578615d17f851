import type { PointDataKind } from '@syrx/contracts/point-data';
import { pointDataRoutes } from '@syrx/contracts/routes/point-data';
import { recordsRoutes } from '@syrx/contracts/routes/records';
import { routeUrl } from '../../../lib/api-client';
import { formatUtcDay } from '../../../lib/date-format';

/** The kind of points, the points and the time range every record call names. */
export interface RecordRange {
  kind: PointDataKind;
  pointIds: readonly number[];
  /** ISO 8601, inclusive. */
  from: string;
  /** ISO 8601, exclusive. */
  to: string;
}

/** The query of the BACnet points' record calls (recordRangeQuerySchema): bacnet_point_ids=1,2&from=…&to=… */
export const recordQuery = (range: RecordRange) => ({ bacnet_point_ids: range.pointIds.join(','), from: range.from, to: range.to });

/** The query of a kind's record calls (pointRangeQuerySchema): point_ids=1,2&from=…&to=… */
export const kindQuery = (range: RecordRange) => ({ point_ids: range.pointIds.join(','), from: range.from, to: range.to });

/** The CSV of every raw record of the range, which the browser downloads (the controller points' own route, or the kind's). */
export const recordsCsvHref = (range: RecordRange): string =>
  range.kind === 'controller' ? routeUrl(recordsRoutes.csv, { query: recordQuery(range) }) : routeUrl(pointDataRoutes[range.kind].csv, { query: kindQuery(range) });

const filePrefix: Record<PointDataKind, string> = { controller: 'point-records', vendor: 'vendor-point-records', pcs: 'pcs-point-records', group: 'group-point-records' };

/** A name for the downloaded file: point-records-03-06-2025-to-03-07-2025.csv (the kind's name for the other kinds). */
export const recordsCsvFileName = (fromDay: Date, toDay: Date, kind: PointDataKind = 'controller'): string =>
  `${filePrefix[kind]}-${formatUtcDay(fromDay)}-to-${formatUtcDay(toDay)}.csv`;
