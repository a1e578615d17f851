import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionCookies } from '@syrx/contracts/auth';
import { allPermissions } from '@syrx/contracts/permissions';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { signedInAdmin } from '../../test/admin-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
afterEach(async () => t?.close());

/** A server with its administrator signed in, and the refresh token that sign-in set (for the tests that replay it). */
async function signedInSession(env: Record<string, string> = {}) {
  t = await createTestApp(env);
  const c = await signedInAdmin(t);
  return { c, refresh: c.cookies.get(sessionCookies.refresh) };
}

describe('sign-in and session', () => {
  it('answers the session check with 403 and sets the XSRF cookie when not signed in', async () => {
    t = await createTestApp();
    const c = t.client();
    const res = await c.get('/api/Login');
    expect(res.statusCode).toBe(403);
    expect(c.cookies.get(sessionCookies.csrf)).toBeTruthy();
  });

  it('signs the administrator in with every permission and the root group as current group', async () => {
    t = await createTestApp();
    const c = t.client();
    const res = await c.signIn();
    expect(res.statusCode).toBe(200);
    const user = res.json<{ username: string; permissions: string[]; commissioning_group: { name: string } }>();
    expect(user.username).toBe('admin');
    expect([...user.permissions].sort()).toEqual([...allPermissions].sort());
    expect(user.commissioning_group.name).toBe('Root');
    const setCookies = res.headers['set-cookie'] as string[];
    expect(setCookies.find((s) => s.startsWith(`${sessionCookies.access}=`))).toMatch(/HttpOnly/);
    expect(setCookies.find((s) => s.startsWith(`${sessionCookies.refresh}=`))).toMatch(/HttpOnly/);
    expect((await c.get('/api/Login')).statusCode).toBe(200);
  });

  it('rejects a wrong password with 401 and the message the login page shows', async () => {
    t = await createTestApp();
    const res = await t.client().post('/api/Login', { username: 'admin', password: 'nope' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'invalid_credentials', message: 'Invalid username or password.' });
    const unknown = await t.client().post('/api/Login', { username: 'nobody', password: 'nope' });
    expect(unknown.json<{ message: string }>().message).toBe('Invalid username or password.');
  });

  it('answers missing fields and malformed JSON with 400, never 5xx', async () => {
    t = await createTestApp();
    const c = t.client();
    const missing = await c.post('/api/Login', { password: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: { field: string }[] }>().fields.map((f) => f.field)).toContain('username');
    const malformed = await c.request({ method: 'POST', url: '/api/Login', payload: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    const wrongType = await c.post('/api/v2/auth', { username: 5, password: [] });
    expect(wrongType.statusCode).toBe(400);
  });

  it('shares one session between the legacy and the newer base', async () => {
    t = await createTestApp();
    const c = t.client();
    await c.get('/api/Login');
    expect((await c.post('/api/v2/auth', { username: 'admin', password: 'admin-test-password' })).statusCode).toBe(200);
    expect((await c.get('/api/Login')).statusCode).toBe(200);
    expect((await c.get('/api/v2/groups/getChildrenOf')).statusCode).toBe(200);
  });

  it('refuses state-changing calls without the XSRF header', async () => {
    t = await createTestApp();
    const c = await signedInAdmin(t);
    const res = await c.delete('/api/v2/auth', { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'csrf_failed' });
    const legacy = await c.post('/api/Users/1/CurrentGroup', { group_id: 1 }, { csrf: false });
    expect(legacy.statusCode).toBe(403);
    expect((await c.post('/api/Users/1/CurrentGroup', { group_id: 1 })).statusCode).toBe(200);
  });

  it('rotates the refresh token: the new tokens work, the old ones do not', async () => {
    const { c, refresh: oldRefresh } = await signedInSession();
    const oldAccess = c.cookies.get(sessionCookies.access);
    expect((await c.post('/api/v2/auth/refresh')).statusCode).toBe(200);
    expect(c.cookies.get(sessionCookies.refresh)).not.toBe(oldRefresh);
    expect((await c.get('/api/Login')).statusCode).toBe(200);

    const stale = t.client();
    stale.cookies.set(sessionCookies.csrf, 'x');
    stale.cookies.set(sessionCookies.access, oldAccess ?? '');
    stale.cookies.set(sessionCookies.refresh, oldRefresh ?? '');
    expect((await stale.get('/api/Login')).statusCode).toBe(403);
    // Right after the rotation a replay is taken for a second tab racing the first: no new tokens, no revocation.
    const raced = await stale.post('/api/v2/auth/refresh');
    expect(raced.statusCode).toBe(200);
    expect(raced.headers['set-cookie']).toBeUndefined();
    expect((await stale.get('/api/Login')).statusCode).toBe(403);
    expect((await c.get('/api/Login')).statusCode).toBe(200);
  });

  it('answers two tabs refreshing with the same token at once without signing either out', async () => {
    t = await createTestApp();
    const c = await signedInAdmin(t);
    const statuses = (await Promise.all([c.post('/api/v2/auth/refresh'), c.post('/api/v2/auth/refresh')])).map((r) => r.statusCode);
    expect(statuses).toEqual([200, 200]);
    expect((await c.get('/api/Login')).statusCode).toBe(200);
  });

  it('revokes the whole session when an older refresh token is replayed, and audits it', async () => {
    const { c, refresh: first } = await signedInSession();
    expect((await c.post('/api/v2/auth/refresh')).statusCode).toBe(200);
    expect((await c.post('/api/v2/auth/refresh')).statusCode).toBe(200);
    expect((await c.get('/api/Login')).statusCode).toBe(200);

    const thief = t.client();
    thief.cookies.set(sessionCookies.csrf, 'x');
    thief.cookies.set(sessionCookies.refresh, first ?? '');
    expect((await thief.post('/api/v2/auth/refresh')).statusCode).toBe(401);
    // The legitimate holder's current tokens die with the family.
    expect((await c.get('/api/Login')).statusCode).toBe(403);
    expect((await c.post('/api/v2/auth/refresh')).statusCode).toBe(401);

    const admin = await signedInAdmin(t);
    const log = await admin.get('/api/v2/audit-log');
    expect(log.statusCode).toBe(200);
    expect(JSON.stringify(log.json())).toContain('auth.refresh.reused');
  });

  it('lets an expired access token be renewed with the refresh token', async () => {
    t = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: '1' });
    const c = await signedInAdmin(t);
    await new Promise((r) => setTimeout(r, 1100));
    // The cookie is still presented: the server must refuse the expired token itself.
    expect((await c.get('/api/v2/groups/getChildrenOf')).statusCode).toBe(401);
    expect((await c.post('/api/v2/auth/refresh')).statusCode).toBe(200);
    expect((await c.get('/api/v2/groups/getChildrenOf')).statusCode).toBe(200);
  });

  it('renews an expired access token on the session check itself, so a page load stays signed in', async () => {
    const { c, refresh: before } = await signedInSession({ ACCESS_TOKEN_TTL_SECONDS: '1' });
    await new Promise((r) => setTimeout(r, 1100));
    const check = await c.get('/api/Login');
    expect(check.statusCode).toBe(200);
    expect(c.cookies.get(sessionCookies.refresh)).not.toBe(before);
    expect((await c.get('/api/v2/groups/getChildrenOf')).statusCode).toBe(200);
  });

  it('signs out on either base and ends the session for good', async () => {
    const { c, refresh } = await signedInSession();
    expect((await c.delete('/api/Login')).statusCode).toBe(200);
    expect((await c.get('/api/Login')).statusCode).toBe(403);
    c.cookies.set(sessionCookies.refresh, refresh ?? '');
    expect((await c.post('/api/v2/auth/refresh')).statusCode).toBe(401);

    await c.signIn();
    expect((await c.delete('/api/v2/auth')).statusCode).toBe(200);
    expect((await c.get('/api/Login')).statusCode).toBe(403);
  });

  it('rate-limits sign-in with a clear 429', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const c = t.client();
    for (let i = 0; i < 3; i++) expect((await c.post('/api/Login', { username: 'admin', password: 'bad' })).statusCode).toBe(401);
    const limited = await c.post('/api/Login', { username: 'admin', password: 'admin-test-password' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', message: 'Too many attempts. Please wait a minute and try again.' });
  });

  it('counts sign-in attempts on both bases together, once per client', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const attempt = (url: string, remoteAddress = '10.0.1.1') =>
      t.client().request({ method: 'POST', url, payload: { username: 'admin', password: 'bad' }, remoteAddress });
    expect((await attempt('/api/Login')).statusCode).toBe(401);
    expect((await attempt('/api/v2/auth')).statusCode).toBe(401);
    expect((await attempt('/api/Login')).statusCode).toBe(401);
    expect((await attempt('/api/v2/auth')).statusCode).toBe(429);
    expect((await attempt('/api/Login')).statusCode).toBe(429);
    // Another client has its own count.
    expect((await attempt('/api/v2/auth', '10.0.1.2')).statusCode).toBe(401);
  });

  it('still signs in a user whose password was set before the password rule (the rule applies where a password is set)', async () => {
    t = await createTestApp();
    await t.db.update(users).set({ passwordHash: await hashPassword('short') }).where(eq(users.username, 'admin'));
    expect((await t.client().post('/api/v2/auth', { username: 'admin', password: 'short' })).statusCode).toBe(200);
  });
});

describe('system routes', () => {
  it('serves health, the OpenAPI document and JSON 404s for unknown API routes', async () => {
    t = await createTestApp();
    const c = t.client();
    expect((await c.get('/api/health')).json()).toEqual({ status: 'ok' });
    const docs = await c.get('/api/docs');
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/Login', '/api/v2/auth', '/api/v2/users/register', '/api/v2/groups/getChildrenOf']));
    const missing = await c.get('/api/NoSuchThing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
    expect((await c.get('/api/v2/client-config')).json()).toEqual({ legacy_app_url: '', payment_mode: 'test', stripe_publishable_key: null });
  });
});
