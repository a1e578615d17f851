import { screenRoutes } from './lazy-screen';

/** Roles and group roles (spec 02 section 2). */
export const roleRoutes = screenRoutes(() => import('./roles.screens'), {
  '/admin/roles': 'RolesScreen',
  '/admin/roles/new': 'NewRoleScreen',
  '/admin/roles/:roleId': 'RoleEditorRoute',
  '/admin/group-roles': 'GroupRolesScreen',
  '/admin/group-roles/new': 'NewGroupRoleScreen',
  '/admin/group-roles/:groupRoleId': 'GroupRoleEditorRoute',
});
