import type { RouteObject } from 'react-router';
import { screen } from './lazy-screen';

/**
 * Group administration (groups_manage): the tree, and a group's page beside it (one route, so the tree stays open from
 * group to group). /admin/groups/accounts is the accounts' screen: a static path wins over the id.
 */
export const groupRoutes: RouteObject[] = [{ path: '/admin/groups/:groupId?', lazy: screen(() => import('./groups.screens'), (m) => m.GroupsRoute) }];
