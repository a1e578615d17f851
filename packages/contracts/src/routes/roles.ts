import { z } from 'zod';
import { dbIdParamSchema } from '../ids.ts';
import { pageSchema } from '../jobs.ts';
import {
  addGroupRoleHolderSchema, addRoleUserSchema, groupPermissionRefsSchema, groupPermissionSchema, groupRoleHolderSchema,
  groupRoleInputSchema, groupRoleSchema, roleInputSchema, rolePermissionsInputSchema, rolePermissionsSchema, roleSchema,
  roleUserSchema, rolesQuerySchema, userGroupRolesInputSchema, userGroupRolesSchema, userRoleIdsSchema,
} from '../roles.ts';
import { recordRoutes, route } from '../route.ts';

const params = z.object({ id: dbIdParamSchema });
const roles = '/api/v2/roles';
const groupRoles = '/api/v2/group-roles';
const roleTags = ['roles'];
const groupRoleTags = ['group roles'];

/** Roles (newer base; spec 02 section 7): the grid, the role, its permissions and its users. All need roles_manage. */
export const rolesRoutes = {
  list: route({ method: 'GET', path: roles, tags: roleTags, query: rolesQuerySchema, response: pageSchema(roleSchema) }),
  ...recordRoutes(roles, { tags: roleTags, id: dbIdParamSchema, item: roleSchema, create: roleInputSchema, update: roleInputSchema }),
  permissions: route({ method: 'GET', path: `${roles}/:id/permissions`, tags: roleTags, params, response: rolePermissionsSchema }),
  setPermissions: route({ method: 'PUT', path: `${roles}/:id/permissions`, tags: roleTags, params, body: rolePermissionsInputSchema, response: rolePermissionsSchema }),
  users: route({ method: 'GET', path: `${roles}/:id/users`, tags: roleTags, params, response: z.array(roleUserSchema) }),
  /** By username; answers who holds the role now. */
  addUser: route({ method: 'POST', path: `${roles}/:id/users`, tags: roleTags, params, body: addRoleUserSchema, response: z.array(roleUserSchema) }),
  removeUser: route({ method: 'DELETE', path: `${roles}/:id/users/:userId`, tags: roleTags, params: params.extend({ userId: dbIdParamSchema }), status: 204 }),
};

/**
 * Group roles (newer base; spec 02 section 7): the group permission catalogue (any signed-in user), the grid, the group
 * role, its group permissions and its holders (roles_manage).
 */
export const groupRolesRoutes = {
  catalogue: route({ method: 'GET', path: '/api/v2/group-permissions', tags: groupRoleTags, response: z.array(groupPermissionSchema) }),
  list: route({ method: 'GET', path: groupRoles, tags: groupRoleTags, query: rolesQuerySchema, response: pageSchema(groupRoleSchema) }),
  ...recordRoutes(groupRoles, { tags: groupRoleTags, id: dbIdParamSchema, item: groupRoleSchema, create: groupRoleInputSchema, update: groupRoleInputSchema }),
  groupPermissions: route({ method: 'GET', path: `${groupRoles}/:id/group-permissions`, tags: groupRoleTags, params, response: z.array(groupPermissionSchema) }),
  setGroupPermissions: route({ method: 'PUT', path: `${groupRoles}/:id/group-permissions`, tags: groupRoleTags, params, body: groupPermissionRefsSchema, response: z.array(groupPermissionSchema) }),
  holders: route({ method: 'GET', path: `${groupRoles}/:id/users`, tags: groupRoleTags, params, response: z.array(groupRoleHolderSchema) }),
  addHolder: route({ method: 'POST', path: `${groupRoles}/:id/users`, tags: groupRoleTags, params, body: addGroupRoleHolderSchema, response: z.array(groupRoleHolderSchema) }),
  removeHolder: route({
    method: 'DELETE', path: `${groupRoles}/:id/users/:userId/groups/:groupId`, tags: groupRoleTags, status: 204,
    params: params.extend({ userId: dbIdParamSchema, groupId: dbIdParamSchema }),
  }),
};

const userParams = z.object({ userId: dbIdParamSchema });
const user = '/api/v2/users/:userId';

/**
 * A user's roles and group roles (newer base): users_manage or roles_manage (the services check it and, for group
 * roles, that the group is visible). A change applies to the user's next request.
 */
export const userRolesRoutes = {
  roles: route({ method: 'GET', path: `${user}/roles`, tags: roleTags, params: userParams, response: z.array(roleSchema) }),
  setRoles: route({ method: 'PUT', path: `${user}/roles`, tags: roleTags, params: userParams, body: userRoleIdsSchema, response: z.array(roleSchema) }),
  groupRoles: route({ method: 'GET', path: `${user}/group-roles`, tags: roleTags, params: userParams, response: z.array(userGroupRolesSchema) }),
  setGroupRoles: route({ method: 'PUT', path: `${user}/group-roles`, tags: roleTags, params: userParams, body: userGroupRolesInputSchema, response: userGroupRolesSchema }),
};
