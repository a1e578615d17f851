import { z } from 'zod';
import { roleSchema, userGroupRolesInputSchema, userGroupRolesSchema, userRoleIdsSchema } from '@syrx/contracts/roles';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';
import type { GroupRolesService } from './group-roles.service.ts';
import type { RolesService } from './roles.service.ts';
import { dbIdParamSchema } from '@syrx/contracts/ids';

const base = '/api/v2/users/:userId';
const params = z.object({ userId: dbIdParamSchema });

/**
 * A user's roles and group roles (newer base): users_manage or roles_manage (the services check it and, for group
 * roles, that the group is visible). A change applies to the user's next request.
 */
export const userRolesRoutes = (roles: RolesService, groupRoles: GroupRolesService): Routes => (app, { guards }) => {
  const r = typed(app);
  const pre = { preHandler: guards.requireActor };
  const tags = ['roles'];

  r.get(`${base}/roles`, { ...pre, schema: { tags, params, response: { 200: z.array(roleSchema) } } },
    async (req) => roles.rolesOfUser(actorOf(req), req.params.userId));
  r.put(`${base}/roles`, { ...pre, schema: { tags, params, body: userRoleIdsSchema, response: { 200: z.array(roleSchema) } } },
    async (req) => roles.setRolesOfUser(actorOf(req), req.params.userId, req.body));
  r.get(`${base}/group-roles`, { ...pre, schema: { tags, params, response: { 200: z.array(userGroupRolesSchema) } } },
    async (req) => groupRoles.ofUser(actorOf(req), req.params.userId));
  r.put(`${base}/group-roles`, { ...pre, schema: { tags, params, body: userGroupRolesInputSchema, response: { 200: userGroupRolesSchema } } },
    async (req) => groupRoles.setOfUser(actorOf(req), req.params.userId, req.body.group_id, req.body.group_role_ids));
};
