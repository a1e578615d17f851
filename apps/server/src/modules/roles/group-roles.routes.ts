import { z } from 'zod';
import {
  addGroupRoleHolderSchema, groupPermissionRefsSchema, groupPermissionSchema, groupRoleHolderSchema, groupRoleInputSchema, groupRoleSchema,
} from '@syrx/contracts/roles';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';
import type { GroupRolesService } from './group-roles.service.ts';
import { roleKindRoutes } from './role-kind.routes.ts';
import { dbIdParamSchema } from '@syrx/contracts/ids';

const base = '/api/v2/group-roles';
const dbId = dbIdParamSchema;
const params = z.object({ id: dbId });
const holderParams = params.extend({ userId: dbId, groupId: dbId });

/**
 * Group roles (newer base; spec 02 section 7): the group permission catalogue (any signed-in user), the grid, the group
 * role, its group permissions and its holders (roles_manage).
 */
export const groupRolesRoutes = (groupRoles: GroupRolesService): Routes => (app, { guards }) => {
  const r = typed(app);
  const pre = { preHandler: guards.requirePermission('roles_manage') };
  const tags = ['group roles'];

  r.get('/api/v2/group-permissions', { preHandler: guards.requireActor, schema: { tags, response: { 200: z.array(groupPermissionSchema) } } },
    async () => groupRoles.permissions());
  roleKindRoutes(app, pre, {
    base, tags, item: groupRoleSchema, input: groupRoleInputSchema,
    permissions: {
      path: 'group-permissions', schema: z.array(groupPermissionSchema), input: groupPermissionRefsSchema,
      get: (id) => groupRoles.groupPermissions(id), set: (id, refs) => groupRoles.setGroupPermissions(id, refs),
    },
    service: groupRoles,
  });
  r.get(`${base}/:id/users`, { ...pre, schema: { tags, params, response: { 200: z.array(groupRoleHolderSchema) } } },
    async (req) => groupRoles.holders(actorOf(req), req.params.id));
  r.post(`${base}/:id/users`, { ...pre, schema: { tags, params, body: addGroupRoleHolderSchema, response: { 200: z.array(groupRoleHolderSchema) } } },
    async (req) => groupRoles.addHolder(actorOf(req), req.params.id, req.body.username, req.body.group_id));
  r.delete(`${base}/:id/users/:userId/groups/:groupId`, { ...pre, schema: { tags, params: holderParams } }, async (req, reply) => {
    await groupRoles.removeHolder(actorOf(req), req.params.id, req.params.userId, req.params.groupId);
    return reply.status(204).send();
  });
};
