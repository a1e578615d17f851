import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pathParamNames, route } from './route.ts';

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
});
