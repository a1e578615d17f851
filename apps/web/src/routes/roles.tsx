import type { RouteObject } from 'react-router';
import { screen } from './lazy-screen';

const screens = () => import('./roles.screens');

/** Roles and group roles (spec 02 section 2). */
export const roleRoutes: RouteObject[] = [
  { path: '/admin/roles', lazy: screen(screens, (m) => m.RolesScreen) },
  { path: '/admin/roles/new', lazy: screen(screens, (m) => m.NewRoleScreen) },
  { path: '/admin/roles/:roleId', lazy: screen(screens, (m) => m.RoleEditorRoute) },
  { path: '/admin/group-roles', lazy: screen(screens, (m) => m.GroupRolesScreen) },
  { path: '/admin/group-roles/new', lazy: screen(screens, (m) => m.NewGroupRoleScreen) },
  { path: '/admin/group-roles/:groupRoleId', lazy: screen(screens, (m) => m.GroupRoleEditorRoute) },
];
