import { afterEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '@syrx/contracts/routes/auth';
import { controllersRoutes } from '@syrx/contracts/routes/controllers';
import { groupsRoutes } from '@syrx/contracts/routes/groups';
import { healthRoutes } from '@syrx/contracts/routes/health';
import { installFakeApi } from '../testing/fake-api';
import { ApiError, callRoute, setSessionExpiredHandler } from './api-client';
import { fetchSession } from './session';

const groups = [{ id: 1, name: 'Acme Buildings', has_children: false }];

afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('api client', () => {
  it('sends the XSRF-TOKEN cookie as X-XSRF-TOKEN on state-changing calls only', async () => {
    document.cookie = 'XSRF-TOKEN=token%2Fone';
    const api = installFakeApi({ handlers: [({ method }) => (method === 'POST' ? { status: 200, body: { ok: true } } : undefined)] });
    await callRoute(groupsRoutes.childrenOf, { query: {} });
    await callRoute(authRoutes.refresh);
    expect(api.calls.map((c) => [c.method, c.csrf])).toEqual([['GET', null], ['POST', 'token/one']]);
  });

  it('refreshes the session once on a 401 and repeats the call', async () => {
    let expired = true;
    const api = installFakeApi({
      handlers: [
        ({ path }) => (path === '/api/v2/auth/refresh' ? ((expired = false), { status: 200, body: { ok: true } }) : undefined),
        ({ path }) => (path === '/api/v2/groups/getChildrenOf' ? (expired ? { status: 401, body: { code: 'unauthenticated', message: 'expired' } } : { status: 200, body: groups }) : undefined),
      ],
    });
    await expect(callRoute(groupsRoutes.childrenOf, { query: {} })).resolves.toEqual(groups);
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/v2/groups/getChildrenOf', 'POST /api/v2/auth/refresh', 'GET /api/v2/groups/getChildrenOf',
    ]);
  });

  it('gives up and leaves for the site root when the refresh fails', async () => {
    const expiredHandler = vi.fn();
    setSessionExpiredHandler(expiredHandler);
    installFakeApi({ handlers: [({ path }) => (path.startsWith('/api/SyrxControllers') ? { status: 401, body: { code: 'unauthenticated', message: 'expired' } } : undefined)] });
    const call = callRoute(controllersRoutes.list, { query: {} });
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(expiredHandler).toHaveBeenCalledTimes(1);
  });

  it('does not refresh when signing in itself is refused', async () => {
    const api = installFakeApi({ handlers: [() => ({ status: 401, body: { code: 'invalid_credentials', message: 'Invalid username or password.' } })] });
    const error: unknown = await callRoute(authRoutes.signIn, { body: { username: 'someone', password: 'wrong' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body.message).toBe('Invalid username or password.');
    expect(api.calls).toHaveLength(1);
  });

  it('turns an answer without an error body into an ApiError with the status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })));
    await expect(callRoute(healthRoutes.clientConfig)).rejects.toMatchObject({ status: 502, body: { code: 'bad_gateway' } });
  });
});

describe('session check', () => {
  it('treats a 403 as signed out, without a refresh call (the server renews on the check itself)', async () => {
    const api = installFakeApi();
    await expect(fetchSession()).resolves.toBeNull();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/Login']);
  });

  it('lets other failures of the session check propagate', async () => {
    installFakeApi({ handlers: [() => ({ status: 500, body: { code: 'internal', message: 'Database unavailable' } })] });
    await expect(fetchSession()).rejects.toMatchObject({ status: 500, message: 'Database unavailable' });
  });
});
