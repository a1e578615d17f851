import { getChildrenOfQuerySchema, groupChildrenSchema } from '../groups.ts';
import { route } from '../route.ts';

/** The group tree (newer base). */
export const groupsRoutes = {
  /** The children of a group, or without an id the user's top-level groups. */
  childrenOf: route({ method: 'GET', path: '/api/v2/groups/getChildrenOf', tags: ['groups'], query: getChildrenOfQuerySchema, response: groupChildrenSchema }),
};
