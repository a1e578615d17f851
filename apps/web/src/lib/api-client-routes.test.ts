import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '@syrx/contracts/route';
import { installFakeApi } from '../testing/fake-api';
import { callRoute, flattenQuery, routePath, splitBase } from './api-client';

const thing = z.object({ id: z.number() });
const getThing = route({ method: 'GET', path: '/api/SyrxControllers/:id/things/:name', params: z.object({ id: z.string(), name: z.string() }), query: z.object({ take: z.coerce.number().optional(), sort: z.string().optional() }), response: thing });
const createThing = route({ method: 'POST', path: '/api/v2/things', body: thing, response: thing, status: 201 });
const removeThing = route({ method: 'DELETE', path: '/api/v2/things/:id', params: z.object({ id: z.coerce.number() }), status: 204 });
const uploadThing = route({ method: 'POST', path: '/api/v2/things/upload', rawBody: 'text/csv', response: thing, status: 202 });

describe('calling a contract route', () => {
  it('fills in the path parameters, each URL-encoded, and refuses a missing one', () => {
    expect(routePath('/api/SyrxControllers/:id/things/:name', { id: 'a/b', name: 'x y?' })).toBe('/api/SyrxControllers/a%2Fb/things/x%20y%3F');
    expect(() => routePath('/api/v2/jobs/:id', {})).toThrow(':id');
  });

  it('tells the base from the path', () => {
    expect(splitBase('/api/v2/jobs/7')).toEqual({ base: 'v2', path: '/jobs/7' });
    expect(splitBase('/api/SyrxControllers')).toEqual({ base: 'legacy', path: '/SyrxControllers' });
  });

  it('sends lists and objects in the query as the server\'s qs parser reads them', () => {
    expect(flattenQuery({ pageNum: 1, sort: 'name:desc', none: undefined, filter: [{ field: 'status', value: 'running' }] })).toEqual({
      pageNum: 1, sort: 'name:desc', 'filter[0][field]': 'status', 'filter[0][value]': 'running',
    });
  });

  it('builds the URL, sends the body and parses the answer with the route\'s schema', async () => {
    const api = installFakeApi({
      handlers: [({ method, path }) => {
        if (method === 'GET' && path.startsWith('/api/SyrxControllers/')) return { status: 200, body: { id: 1, extra: 'dropped' } };
        if (method === 'POST' && path === '/api/v2/things') return { status: 201, body: { id: 2 } };
        if (method === 'DELETE') return { status: 204, body: undefined };
        if (path === '/api/v2/things/upload') return { status: 202, body: { id: 3 } };
        return undefined;
      }],
    });
    await expect(callRoute(getThing, { params: { id: 'c 1', name: 'n' }, query: { take: 5, sort: 'name:asc' } })).resolves.toEqual({ id: 1 });
    await expect(callRoute(createThing, { body: { id: 2 } })).resolves.toEqual({ id: 2 });
    await expect(callRoute(removeThing, { params: { id: 9 } })).resolves.toBeUndefined();
    await expect(callRoute(uploadThing, { body: 'a,b\n1,2\n' })).resolves.toEqual({ id: 3 });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/SyrxControllers/c%201/things/n?take=5&sort=name%3Aasc', 'POST /api/v2/things', 'DELETE /api/v2/things/9', 'POST /api/v2/things/upload',
    ]);
    expect(api.calls[3]).toMatchObject({ contentType: 'text/csv', body: 'a,b\n1,2\n' });
  });

  it('refuses an answer its schema does not match', async () => {
    installFakeApi({ handlers: [() => ({ status: 201, body: { id: 'not a number' } })] });
    await expect(callRoute(createThing, { body: { id: 2 } })).rejects.toMatchObject({ body: { message: 'The server sent an unexpected response.' } });
  });
});
