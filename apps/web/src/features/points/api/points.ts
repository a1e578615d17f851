import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { countSchema } from '@syrx/contracts/controllers';
import { filterParams, type GridFilter, type Sort } from '@syrx/contracts/grid';
import { type BacnetPoint, bacnetPointSchema } from '@syrx/contracts/points';
import { legacyApi } from '../../../lib/api-client';
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

const pointsPath = ({ controllerId, deviceId }: PointScope) =>
  deviceId === undefined ? `/SyrxControllers/${encodeURIComponent(controllerId)}/bacnet-points` : `/bacnet-devices/${deviceId}/bacnet-points`;

const queryOf = (q: Omit<PointListQuery, 'skip' | 'take'>) => ({ showUnavailable: q.showUnavailable, sort: sortParam(q.sort), ...filterParams(q.filters) });

/**
 * GET …/bacnet-points: one page, asked in parts of at most 1000 (a device has up to 2000 points); a part shorter
 * than asked is the end of the list, so no more parts are asked.
 */
export async function listPoints(scope: PointScope, q: PointListQuery): Promise<BacnetPoint[]> {
  const rows: BacnetPoint[] = [];
  for (let skip = q.skip; skip < q.skip + q.take; skip += serverPageLimit) {
    const take = Math.min(serverPageLimit, q.skip + q.take - skip);
    const part = await legacyApi(pointsPath(scope), { schema: z.array(bacnetPointSchema), query: { ...queryOf(q), skip, take } });
    rows.push(...part);
    if (part.length < take) break;
  }
  return rows;
}

/** GET …/bacnet-points/count with the same filters. */
export const countPoints = async (scope: PointScope, q: Omit<PointListQuery, 'skip' | 'take' | 'sort'>) =>
  (await legacyApi(`${pointsPath(scope)}/count`, { schema: countSchema, query: queryOf({ ...q, sort: [] }) })).count;

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
