import { queryOptions } from '@tanstack/react-query';
import { groupsRoutes } from '@syrx/contracts/routes/groups';
import { callRoute } from './api-client';

/** The first part of every query key of the group tree: a change of groups invalidates them all. */
export const groupTreeKey = 'groups';

/** GET /api/v2/groups/getChildrenOf: the children of a group, or without an id the user's top-level groups. */
export const groupChildrenQueryOptions = (id?: number) =>
  queryOptions({
    queryKey: [groupTreeKey, 'children', id ?? 'roots'],
    queryFn: () => callRoute(groupsRoutes.childrenOf, { query: { id } }),
  });
