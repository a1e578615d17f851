import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pathParamNames, recordRoutes, route } from './route.ts';

describe('route', () => {
  it('declares a route with its defaults: status 200, no params, query or body, no tags', () => {
    const r = route({ method: 'GET', path: '/api/v2/things', response: z.array(z.string()) });
    expect(r).toMatchObject({ method: 'GET', path: '/api/v2/things', status: 200, params: undefined, query: undefined, body: undefined, tags: [], errors: {} });
  });

  it('names the path parameters in order', () => {
    expect(pathParamNames('/api/SyrxControllers/:id/enabled-services/:serviceId')).toEqual(['id', 'serviceId']);
  });

  it('refuses a params schema that does not name exactly the path parameters', () => {
    expect(() => route({ method: 'GET', path: '/api/Things/:id', response: z.string() })).toThrow('GET /api/Things/:id: the params schema names [], the path [id]');
    expect(() => route({ method: 'GET', path: '/api/Things/:id', params: z.object({ thingId: z.string() }) })).toThrow(/names \[thingId\], the path \[id\]/);
  });

  it('refuses a 204 with a response and a JSON body together with a raw one', () => {
    expect(() => route({ method: 'DELETE', path: '/api/Things', status: 204, response: z.string() })).toThrow('a 204 has no response body');
    expect(() => route({ method: 'POST', path: '/api/Things', body: z.string(), rawBody: 'text/csv' })).toThrow('not both');
  });

  it("declares a record's create, read, update and delete at its path", () => {
    const id = z.coerce.number().int();
    const item = z.object({ id: z.number(), name: z.string() });
    const create = z.object({ name: z.string() });
    const update = z.object({ name: z.string().optional() });
    const r = recordRoutes('/api/v2/things', { tags: ['things'], id, item, create, update });
    expect(r.create).toMatchObject({ method: 'POST', path: '/api/v2/things', status: 201, params: undefined, body: create, response: item, tags: ['things'] });
    expect(r.get).toMatchObject({ method: 'GET', path: '/api/v2/things/:id', status: 200, body: undefined, response: item });
    expect(r.update).toMatchObject({ method: 'PUT', path: '/api/v2/things/:id', status: 200, body: update, response: item });
    expect(r.remove).toMatchObject({ method: 'DELETE', path: '/api/v2/things/:id', status: 204, response: undefined });
    for (const one of [r.get, r.update, r.remove]) expect(one.params?.shape.id).toBe(id);
  });
});
