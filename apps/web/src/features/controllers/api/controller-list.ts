import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Sort } from '@syrx/contracts/grid';
import { controllersRoutes } from '@syrx/contracts/routes/controllers';
import { callRoute } from '../../../lib/api-client';
import { sortParam } from '../../../lib/grid-query';
import { controllerKeys } from './query-keys';

export interface ControllerListQuery {
  /** The group whose subtree is listed; undefined lists every group (the all_groups scope, pcs_admin only). */
  rootGroupId: number | undefined;
  skip: number;
  take: number;
  sort: readonly Sort[];
}

/** GET /api/SyrxControllers: one page of the controllers in scope. */
export function listControllers(q: ControllerListQuery) {
  return callRoute(controllersRoutes.list, { query: { root_group_id: q.rootGroupId, skip: q.skip, take: q.take, sort: sortParam(q.sort) } });
}

/** GET /api/SyrxControllers/count */
export async function countControllers(rootGroupId: number | undefined): Promise<number> {
  const { count } = await callRoute(controllersRoutes.count, { query: { root_group_id: rootGroupId } });
  return count;
}

export const controllerListQueryOptions = (q: ControllerListQuery) =>
  queryOptions({ queryKey: [...controllerKeys.lists(), q], queryFn: () => listControllers(q) });

export const controllerCountQueryOptions = (rootGroupId: number | undefined) =>
  queryOptions({ queryKey: [...controllerKeys.lists(), 'count', rootGroupId ?? 'all'], queryFn: () => countControllers(rootGroupId) });

/** A page of the grid and the total it pages through; the previous page stays shown while the next loads. */
export function useControllerPage(q: ControllerListQuery, enabled: boolean) {
  const page = useQuery({ ...controllerListQueryOptions(q), enabled, placeholderData: keepPreviousData });
  const count = useQuery({ ...controllerCountQueryOptions(q.rootGroupId), enabled });
  return { page, count };
}

/** The most controllers the tree lists (the server's largest page). */
export const treeLimit = 1000;

/** Every controller in scope for the tree, by group name and then name. */
export function useTreeControllers(rootGroupId: number | undefined, enabled: boolean) {
  const sort: Sort[] = [{ field: 'group_name', dir: 'asc' }, { field: 'name', dir: 'asc' }];
  return useQuery({ ...controllerListQueryOptions({ rootGroupId, skip: 0, take: treeLimit, sort }), enabled });
}
