import { queryOptions } from '@tanstack/react-query';
import { groupsRoutes } from '@syrx/contracts/routes/groups';
import { callRoute } from '../../../lib/api-client';

/** GET /api/v2/groups/getChildrenOf: the children of a group, or without an id the user's top-level groups. */
export function getChildrenOf(id?: number) {
  return callRoute(groupsRoutes.childrenOf, { query: { id } });
}

export const groupTreeKey = 'groups';

export const groupChildrenQueryOptions = (id?: number) =>
  queryOptions({
    queryKey: [groupTreeKey, 'children', id ?? 'roots'],
    queryFn: () => getChildrenOf(id),
  });
