import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { filterParams, type GridFilter, type Sort } from '@syrx/contracts/grid';
import type { BacnetPoint } from '@syrx/contracts/points';
import { pointsRoutes } from '@syrx/contracts/routes/points';
import { callRoute } from '../../../lib/api-client';
import { bacnetKeys } from '../../../lib/bacnet-keys';
import { sortParam } from '../../../lib/grid-query';

/** The points of one device, or (without deviceId) of the whole controller. */
export interface PointScope {
  controllerId: string;
  deviceId?: number;
}

export interface PointListQuery {
  showUnavailable: boolean;
  skip: number;
  take: number;
  sort: readonly Sort[];
  filters: readonly GridFilter[];
}

/** The server's largest page; a larger grid page is fetched in parts of this size. */
export const serverPageLimit = 1000;

const queryOf = (q: Omit<PointListQuery, 'skip' | 'take'>) => ({ showUnavailable: q.showUnavailable, sort: sortParam(q.sort), ...filterParams(q.filters) });

/** GET …/bacnet-points of the controller or of the device. */
const listPart = ({ controllerId, deviceId }: PointScope, query: ReturnType<typeof queryOf> & { skip: number; take: number }) =>
  deviceId === undefined
    ? callRoute(pointsRoutes.listOfController, { params: { id: controllerId }, query })
    : callRoute(pointsRoutes.listOfDevice, { params: { deviceId }, query });

/**
 * GET …/bacnet-points: one page, asked in parts of at most 1000 (a device has up to 2000 points); a part shorter
 * than asked is the end of the list, so no more parts are asked.
 */
export async function listPoints(scope: PointScope, q: PointListQuery): Promise<BacnetPoint[]> {
  const rows: BacnetPoint[] = [];
  for (let skip = q.skip; skip < q.skip + q.take; skip += serverPageLimit) {
    const take = Math.min(serverPageLimit, q.skip + q.take - skip);
    const part = await listPart(scope, { ...queryOf(q), skip, take });
    rows.push(...part);
    if (part.length < take) break;
  }
  return rows;
}

/** GET …/bacnet-points/count with the same filters. */
export async function countPoints({ controllerId, deviceId }: PointScope, q: Omit<PointListQuery, 'skip' | 'take' | 'sort'>): Promise<number> {
  const query = queryOf({ ...q, sort: [] });
  const { count } = deviceId === undefined
    ? await callRoute(pointsRoutes.countOfController, { params: { id: controllerId }, query })
    : await callRoute(pointsRoutes.countOfDevice, { params: { deviceId }, query });
  return count;
}

const scopeKey = (scope: PointScope) => [...bacnetKeys.points(scope.controllerId), scope.deviceId ?? 'all'] as const;

export const pointPageQueryOptions = (scope: PointScope, q: PointListQuery) =>
  queryOptions({ queryKey: [...scopeKey(scope), 'page', q], queryFn: () => listPoints(scope, q) });

export const pointCountQueryOptions = (scope: PointScope, q: Omit<PointListQuery, 'skip' | 'take' | 'sort'>) =>
  queryOptions({ queryKey: [...scopeKey(scope), 'count', q.showUnavailable, q.filters], queryFn: () => countPoints(scope, q) });

/**
 * A page of points and the total it pages through; the previous page stays shown while the next loads. With
 * `refreshMs` both are asked again at that interval (the latest recorded values change all the time).
 */
export function usePointPage(scope: PointScope, q: PointListQuery, refreshMs?: number) {
  const refetchInterval = refreshMs ?? false;
  const page = useQuery({ ...pointPageQueryOptions(scope, q), placeholderData: keepPreviousData, refetchInterval });
  const count = useQuery({ ...pointCountQueryOptions(scope, { showUnavailable: q.showUnavailable, filters: q.filters }), placeholderData: keepPreviousData, refetchInterval });
  return { page, count };
}
