import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '@syrx/contracts/route';
import { responseSerializerCompiler } from '../plugins/response-serializer.ts';
import { recordRoutes } from './route-table.ts';
import { fastifySchemaOf, serve } from './serve-route.ts';

const thing = z.object({ id: z.number() });
const routes = {
  get: route({ method: 'GET', path: '/api/v2/things/:id', tags: ['things'], params: z.object({ id: z.coerce.number().int() }), query: z.object({ q: z.string().optional() }), response: thing }),
  create: route({ method: 'POST', path: '/api/v2/things', body: thing, response: thing, status: 201, errors: { 503: z.object({ code: z.string() }) } }),
  remove: route({ method: 'DELETE', path: '/api/v2/things/:id', params: z.object({ id: z.coerce.number().int() }), status: 204 }),
};

async function app() {
  const a = Fastify();
  recordRoutes(a);
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(responseSerializerCompiler);
  serve(a, routes.get, { config: { public: true } }, async (req) => ({ id: req.params.id + (req.query.q ? 1000 : 0), secret: 'stripped' }));
  serve(a, routes.create, {}, async (req) => req.body);
  serve(a, routes.remove, {}, async () => undefined);
  await a.ready();
  return a;
}

describe('serve', () => {
  it('derives the Fastify schema from the contract', () => {
    expect(fastifySchemaOf(routes.get)).toEqual({ tags: ['things'], params: routes.get.params, querystring: routes.get.query, response: { 200: routes.get.response } });
    expect(fastifySchemaOf(routes.create)).toMatchObject({ body: routes.create.body, response: { 201: routes.create.response, 503: routes.create.errors[503] } });
    expect(fastifySchemaOf(routes.remove)).not.toHaveProperty('response');
  });

  it('validates the input, answers with the contract status and serializes by the response schema', async () => {
    const a = await app();
    expect((await a.inject({ method: 'GET', url: '/api/v2/things/7?q=x' })).json()).toEqual({ id: 1007 });
    expect((await a.inject({ method: 'GET', url: '/api/v2/things/seven' })).statusCode).toBe(400);
    const created = await a.inject({ method: 'POST', url: '/api/v2/things', payload: { id: 3 } });
    expect([created.statusCode, created.json()]).toEqual([201, { id: 3 }]);
    const removed = await a.inject({ method: 'DELETE', url: '/api/v2/things/3' });
    expect([removed.statusCode, removed.body]).toEqual([204, '']);
    expect(a.routeTable.map((r) => `${r.method} ${r.url} ${r.hasBody} ${r.hasQuery}`)).toEqual([
      'GET /api/v2/things/:id false true', 'POST /api/v2/things true false', 'DELETE /api/v2/things/:id false false',
    ]);
    await a.close();
  });
});
