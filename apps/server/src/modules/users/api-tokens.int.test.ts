import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@syrx/contracts/audit';
import { apiTokens, users } from '../../db/schema/index.ts';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { auditEntries } from '../../test/operations-helpers.ts';
import { registerAndSignIn } from '../../test/registration-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { invalidApiTokenMessage } from '../../plugins/session.ts';

let t: TestApp;
afterEach(async () => t?.close());

interface Created { id: number; token: string; name: string; expires_at: string | null }
const createToken = async (c: TestClient, name: string, expires_in_days: number | null = 30) =>
  expectStatus(await c.post('/api/v2/users/me/tokens', { name, expires_in_days }), 201).json<Created>();

/** A request as a script sends it: the token, no cookies, no XSRF header. */
const script = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

describe('personal API tokens', () => {
  it("act as their owner on both API bases without the XSRF header, and what they do is audited with the token's name", async () => {
    t = await createTestApp();
    const admin = t.client();
    const me = (await admin.signIn()).json<{ id: number; commissioning_group: { id: number } }>();
    const created = await createToken(admin, 'CI deploy');
    expect(created.token).toMatch(/^syrx_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(created.expires_at ?? '') - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    const [stored] = await t.db.select().from(apiTokens);
    expect(stored?.tokenHash).not.toContain(created.token);

    // Legacy base: a read and a change; newer base: a change. No cookie, no XSRF header.
    expect((await script(created.token, 'GET', '/api/SyrxControllers')).statusCode).toBe(200);
    expectStatus(await script(created.token, 'POST', `/api/Users/${me.id}/CurrentGroup`, { group_id: me.commissioning_group.id }), 200);
    const role = expectStatus(await script(created.token, 'POST', '/api/v2/roles', { name: 'Made by a script', permissions: ['contacts_manage'] }), 201);
    expect(role.json()).toMatchObject({ name: 'Made by a script' });
    const ctl = expectStatus(await script(created.token, 'POST', '/api/SyrxControllers', { name: 'Scripted controller', description: '' }), 201).json<{ id: string }>();

    const entries = await auditEntries(admin);
    const made = entries.find((e: AuditEntry) => e.action === 'controller.create' && e.target_id === ctl.id);
    expect(made).toMatchObject({ user_id: me.id, username: 'admin via API token "CI deploy"', details: { api_token_id: created.id } });
    // Its use is audited once a minute at most, and so is last_used_at written.
    expect(entries.filter((e) => e.action === 'api_token.use')).toMatchObject([{ username: 'admin via API token "CI deploy"', target_id: String(created.id) }]);
    expect(entries.filter((e) => e.action === 'api_token.create')).toMatchObject([{ username: 'admin', details: { name: 'CI deploy' } }]);

    const listed = expectStatus(await admin.get('/api/v2/users/me/tokens'), 200).json<Record<string, unknown>[]>();
    // No secret in the list: exactly these fields.
    expect(listed.map((x) => Object.keys(x).sort())).toEqual([['created_at', 'expires_at', 'id', 'last_used_at', 'name']]);
    expect(listed[0]).toMatchObject({ id: created.id, name: 'CI deploy', expires_at: created.expires_at });
    expect(String(listed[0]?.last_used_at)).toMatch(/^\d{4}-\d\d-\d\dT/);
    await t.db.update(apiTokens).set({ lastUsedAt: sql`now() - interval '30 seconds'` });
    const halfMinuteAgo = (await t.db.select().from(apiTokens))[0]?.lastUsedAt;
    expect((await script(created.token, 'GET', '/api/v2/users/me/tokens')).statusCode).toBe(200);
    expect((await t.db.select().from(apiTokens))[0]?.lastUsedAt).toEqual(halfMinuteAgo);
    await t.db.update(apiTokens).set({ lastUsedAt: sql`now() - interval '2 minutes'` });
    expect((await script(created.token, 'GET', '/api/v2/users/me/tokens')).statusCode).toBe(200);
    expect((await t.db.select().from(apiTokens))[0]?.lastUsedAt?.getTime()).toBeGreaterThan(Date.now() - 10_000);
    expect((await auditEntries(admin)).filter((e) => e.action === 'api_token.use')).toHaveLength(2);
  });

  it('stop working when revoked, expired, or when their user is deactivated: 401', async () => {
    t = await createTestApp();
    const admin = t.client();
    await admin.signIn();
    const revoked = await createToken(admin, 'Revoked');
    const expired = await createToken(admin, 'Expired', 1);
    const forever = await createToken(admin, 'No expiry', null);
    expect(forever.expires_at).toBeNull();
    const user = t.client();
    const { user: u } = await registerAndSignIn(user, t.db, { email: 'script.owner@example.com', group_name: 'Script Co' });
    const owners = await createToken(user, 'Owner script');
    for (const token of [revoked, expired, forever, owners]) expect((await script(token.token, 'GET', '/api/v2/groups/getChildrenOf')).statusCode).toBe(200);

    expect((await user.delete(`/api/v2/users/me/tokens/${revoked.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/v2/users/me/tokens/${revoked.id}`)).statusCode).toBe(204);
    await t.db.update(apiTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(apiTokens.id, expired.id));
    await t.db.update(users).set({ deactivatedAt: sql`now()` }).where(eq(users.id, u.id));
    for (const token of [revoked, expired, owners]) {
      for (const [method, url] of [['GET', '/api/v2/groups/getChildrenOf'], ['POST', '/api/v2/roles']] as const) {
        const res = await script(token.token, method, url, method === 'POST' ? { name: 'x', permissions: [] } : undefined);
        expect(res.statusCode, `${token.name} ${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ code: 'unauthenticated', message: invalidApiTokenMessage });
      }
    }
    expect((await script(forever.token, 'GET', '/api/v2/groups/getChildrenOf')).statusCode).toBe(200);
    expect(expectStatus(await admin.get('/api/v2/users/me/tokens'), 200).json<{ name: string }[]>().map((x) => x.name).sort()).toEqual(['Expired', 'No expiry']);
    expect((await auditEntries(admin)).filter((e) => e.action === 'api_token.revoke')).toMatchObject([{ details: { name: 'Revoked' } }]);
  });

  it("carry the owner's permissions, no more, and mint no tokens nor touch two-factor sign-in", async () => {
    t = await createTestApp();
    const admin = t.client();
    await admin.signIn();
    const user = t.client();
    await registerAndSignIn(user, t.db, { email: 'limited@example.com', group_name: 'Limited Co' });
    const { token } = await createToken(user, 'Limited script');
    expect((await script(token, 'GET', '/api/v2/groups/getChildrenOf')).statusCode).toBe(200);
    expect((await script(token, 'GET', '/api/SyrxControllers')).statusCode).toBe(403);
    expect((await script(token, 'POST', '/api/v2/roles', { name: 'Nope', permissions: [] })).statusCode).toBe(403);
    for (const [url, body] of [['/api/v2/users/me/tokens', { name: 'Child', expires_in_days: null }], ['/api/v2/auth/totp/setup', {}]] as const) {
      const res = await script(token, 'POST', url, body);
      expect(res.statusCode, url).toBe(403);
    }
    expect(await t.db.select().from(apiTokens)).toHaveLength(1);

    // A token that is not one: 401, even beside a valid session cookie (the cookie is not used then).
    const bad = await user.request({ method: 'GET', url: '/api/v2/groups/getChildrenOf', headers: { authorization: 'Bearer syrx_not-a-token' } });
    expect(bad.statusCode).toBe(401);
    // Another scheme (a proxy's basic auth) is not ours: the session cookie still counts.
    expect((await user.request({ method: 'GET', url: '/api/v2/groups/getChildrenOf', headers: { authorization: 'Basic dXNlcjpwdw==' } })).statusCode).toBe(200);
  });

  it('refuses a nameless token or a lifetime outside 1–3650 days with 400 naming the field', async () => {
    t = await createTestApp();
    const admin = t.client();
    await admin.signIn();
    for (const [body, field] of [[{ name: ' ', expires_in_days: 30 }, 'name'], [{ name: 'x', expires_in_days: 0 }, 'expires_in_days'], [{ name: 'x', expires_in_days: 3651 }, 'expires_in_days'], [{ name: 'x' }, 'expires_in_days']] as const) {
      const res = await admin.post('/api/v2/users/me/tokens', body);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ fields: { field: string }[] }>().fields.map((f) => f.field)).toContain(field);
    }
  });
});
