import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PointDataKind } from '@syrx/contracts/point-data';
import { pointDataRoutes } from '@syrx/contracts/routes/point-data';
import { callRoute, routeUrl } from '../../../lib/api-client';
import { recordKeys } from './record-keys';

/** What the availability report names: a kind's points, the first and last day (YYYY-MM-DD), the reporting interval if given. */
export interface AvailabilityRequest {
  kind: PointDataKind;
  pointIds: readonly number[];
  from: string;
  to: string;
  intervalSeconds: number | null;
}

const queryOf = (r: AvailabilityRequest) => ({
  point_ids: r.pointIds.join(','), from: r.from, to: r.to, ...(r.intervalSeconds === null ? {} : { interval_seconds: r.intervalSeconds }),
});

/** GET …/availability: the share of expected records per point and day, and the gaps. */
export const availabilityQueryOptions = (r: AvailabilityRequest) =>
  queryOptions({
    queryKey: [...recordKeys.all, 'availability', r.kind, r.pointIds.join(','), r.from, r.to, r.intervalSeconds],
    queryFn: () => callRoute(pointDataRoutes[r.kind].availability, { query: queryOf(r) }),
  });

export const useAvailability = (r: AvailabilityRequest) =>
  useQuery({ ...availabilityQueryOptions(r), enabled: r.pointIds.length > 0, placeholderData: keepPreviousData });

/** GET …/availability.csv with the same query: a row per point and day, which the browser downloads. */
export const availabilityCsvHref = (r: AvailabilityRequest): string => routeUrl(pointDataRoutes[r.kind].availabilityCsv, { query: queryOf(r) });
