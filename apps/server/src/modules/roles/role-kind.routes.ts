import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dbIdParamSchema } from '@syrx/contracts/ids';
import { pageSchema } from '@syrx/contracts/jobs';
import { type RolesQuery, rolesQuerySchema } from '@syrx/contracts/roles';
import type { Guards } from '../../plugins/session.ts';

const params = z.object({ id: dbIdParamSchema });

/** Where the routes of roles and of group roles differ: the base, the schemas, and the field of their permissions. */
export interface RoleKindApi<I extends z.ZodType, B extends z.ZodType, P extends z.ZodType, Q extends z.ZodType> {
  base: string;
  tags: string[];
  item: I;
  input: B;
  /** The permissions of one (…/{id}/permissions or …/{id}/group-permissions). */
  permissions: { path: string; schema: P; input: Q; get: (id: number) => Promise<z.output<P>>; set: (id: number, body: z.output<Q>) => Promise<z.output<P>> };
  /** The kind's service (roles or group roles). */
  service: {
    list(q: RolesQuery): Promise<{ items: z.output<I>[]; total: number }>;
    create(input: z.output<B>): Promise<z.output<I>>;
    get(id: number): Promise<z.output<I>>;
    update(id: number, input: z.output<B>): Promise<z.output<I>>;
    remove(id: number): Promise<void>;
  };
}

/**
 * The grid, one item (create, read, update, delete) and its permissions, for roles or group roles; `pre` guards each.
 * The zod schemas validate and serialise as on every route; the bodies are of the types `api` states (the type
 * provider cannot resolve a generic schema's type, so they are asserted).
 */
export function roleKindRoutes<I extends z.ZodType, B extends z.ZodType, P extends z.ZodType, Q extends z.ZodType>(
  app: FastifyInstance, pre: { preHandler: ReturnType<Guards['requirePermission']> }, api: RoleKindApi<I, B, P, Q>,
): void {
  type One = { Params: z.output<typeof params> };
  const { base, tags, permissions, service } = api;
  app.get<{ Querystring: RolesQuery }>(base, { ...pre, schema: { tags, querystring: rolesQuerySchema, response: { 200: pageSchema(api.item) } } }, async (req) => service.list(req.query));
  app.post<{ Body: z.output<B> }>(base, { ...pre, schema: { tags, body: api.input, response: { 201: api.item } } },
    async (req, reply) => reply.status(201).send(await service.create(req.body as z.output<B>)));
  app.get<One>(`${base}/:id`, { ...pre, schema: { tags, params, response: { 200: api.item } } }, async (req) => service.get(req.params.id));
  app.put<One & { Body: z.output<B> }>(`${base}/:id`, { ...pre, schema: { tags, params, body: api.input, response: { 200: api.item } } },
    async (req) => service.update(req.params.id, req.body as z.output<B>));
  app.delete<One>(`${base}/:id`, { ...pre, schema: { tags, params } }, async (req, reply) => {
    await service.remove(req.params.id);
    return reply.status(204).send();
  });
  app.get<One>(`${base}/:id/${permissions.path}`, { ...pre, schema: { tags, params, response: { 200: permissions.schema } } }, async (req) => permissions.get(req.params.id));
  app.put<One & { Body: z.output<Q> }>(`${base}/:id/${permissions.path}`, { ...pre, schema: { tags, params, body: permissions.input, response: { 200: permissions.schema } } },
    async (req) => permissions.set(req.params.id, req.body as z.output<Q>));
}
