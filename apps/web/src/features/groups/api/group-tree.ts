import { queryOptions } from '@tanstack/react-query';
import { groupChildrenSchema } from '@syrx/contracts/groups';
import { v2Api } from '../../../lib/api-client';

/** GET /api/v2/groups/getChildrenOf: the children of a group, or without an id the user's top-level groups. */
export function getChildrenOf(id?: number) {
  return v2Api('/groups/getChildrenOf', { schema: groupChildrenSchema, query: { id } });
}

export const groupTreeKey = 'groups';

export const groupChildrenQueryOptions = (id?: number) =>
  queryOptions({
    queryKey: [groupTreeKey, 'children', id ?? 'roots'],
    queryFn: () => getChildrenOf(id),
  });
