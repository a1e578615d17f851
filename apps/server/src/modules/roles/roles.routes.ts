import { z } from 'zod';
import { addRoleUserSchema, roleInputSchema, rolePermissionsInputSchema, rolePermissionsSchema, roleSchema, roleUserSchema } from '@syrx/contracts/roles';
import { type Routes, typed } from '../../app-context.ts';
import { roleKindRoutes } from './role-kind.routes.ts';
import type { RolesService } from './roles.service.ts';
import { dbIdParamSchema } from '@syrx/contracts/ids';

const base = '/api/v2/roles';
const dbId = dbIdParamSchema;
const params = z.object({ id: dbId });
const userParams = params.extend({ userId: dbId });

/** Roles (newer base; spec 02 section 7): the grid, the role, its permissions and its users. All need roles_manage. */
export const rolesRoutes = (roles: RolesService): Routes => (app, { guards }) => {
  const r = typed(app);
  const pre = { preHandler: guards.requirePermission('roles_manage') };
  const tags = ['roles'];

  roleKindRoutes(app, pre, {
    base, tags, item: roleSchema, input: roleInputSchema,
    permissions: {
      path: 'permissions', schema: rolePermissionsSchema, input: rolePermissionsInputSchema,
      get: (id) => roles.permissions(id), set: (id, body) => roles.setPermissions(id, body),
    },
    service: roles,
  });
  r.get(`${base}/:id/users`, { ...pre, schema: { tags, params, response: { 200: z.array(roleUserSchema) } } },
    async (req) => roles.users(req.params.id));
  r.post(`${base}/:id/users`, { ...pre, schema: { tags, params, body: addRoleUserSchema, response: { 200: z.array(roleUserSchema) } } },
    async (req) => roles.addUser(req.params.id, req.body.username));
  r.delete(`${base}/:id/users/:userId`, { ...pre, schema: { tags, params: userParams } }, async (req, reply) => {
    await roles.removeUser(req.params.id, req.params.userId);
    return reply.status(204).send();
  });
};
