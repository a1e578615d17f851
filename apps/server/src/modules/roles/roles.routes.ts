import { z } from 'zod';
import { pageSchema } from '@syrx/contracts/jobs';
import {
  addRoleUserSchema, roleInputSchema, rolePermissionsInputSchema, rolePermissionsSchema, roleSchema, roleUserSchema, rolesQuerySchema,
} from '@syrx/contracts/roles';
import { type Routes, typed } from '../../app-context.ts';
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

  r.get(base, { ...pre, schema: { tags, querystring: rolesQuerySchema, response: { 200: pageSchema(roleSchema) } } },
    async (req) => roles.list(req.query));
  r.post(base, { ...pre, schema: { tags, body: roleInputSchema, response: { 201: roleSchema } } },
    async (req, reply) => reply.status(201).send(await roles.create(req.body)));
  r.get(`${base}/:id`, { ...pre, schema: { tags, params, response: { 200: roleSchema } } },
    async (req) => roles.get(req.params.id));
  r.put(`${base}/:id`, { ...pre, schema: { tags, params, body: roleInputSchema, response: { 200: roleSchema } } },
    async (req) => roles.update(req.params.id, req.body));
  r.delete(`${base}/:id`, { ...pre, schema: { tags, params } }, async (req, reply) => {
    await roles.remove(req.params.id);
    return reply.status(204).send();
  });
  r.get(`${base}/:id/permissions`, { ...pre, schema: { tags, params, response: { 200: rolePermissionsSchema } } },
    async (req) => roles.permissions(req.params.id));
  r.put(`${base}/:id/permissions`, { ...pre, schema: { tags, params, body: rolePermissionsInputSchema, response: { 200: rolePermissionsSchema } } },
    async (req) => roles.setPermissions(req.params.id, req.body));
  r.get(`${base}/:id/users`, { ...pre, schema: { tags, params, response: { 200: z.array(roleUserSchema) } } },
    async (req) => roles.users(req.params.id));
  r.post(`${base}/:id/users`, { ...pre, schema: { tags, params, body: addRoleUserSchema, response: { 200: z.array(roleUserSchema) } } },
    async (req) => roles.addUser(req.params.id, req.body.username));
  r.delete(`${base}/:id/users/:userId`, { ...pre, schema: { tags, params: userParams } }, async (req, reply) => {
    await roles.removeUser(req.params.id, req.params.userId);
    return reply.status(204).send();
  });
};
