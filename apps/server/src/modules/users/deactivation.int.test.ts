import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordLinkMessages } from '@syrx/contracts/passwords';
import { terminalNamespace } from '@syrx/contracts/terminal';
import { type UserDetail, userMessages } from '@syrx/contracts/users';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { listen } from '../../test/agent-helpers.ts';
import { auditEntries, grant, namespaceSocket } from '../../test/operations-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { put, signedInAdmin } from '../../test/admin-helpers.ts';
import { invite, invitedAndSignedIn, mailCount, mailedToken, resetRequestHandled, setPassword, strongPassword, subgroup } from './testing/users-fixtures.ts';

let t: TestApp;
afterEach(async () => t?.close());

describe('deactivating a user', () => {
  it('ends every session at once, refuses sign-in and password links with a clear message, and activation lets them back', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const east = await subgroup(t.db, 'East');
    const { client: lee, user } = await invitedAndSignedIn(t, admin, { email: 'lee@example.com', group_ids: [east] });
    const second = t.client();
    expectStatus(await second.signIn('lee@example.com', strongPassword), 200);
    expectStatus(await lee.post('/api/v2/auth/forgot-password', { username: 'lee@example.com' }), 202);
    const resetToken = await mailedToken(t.db, 'lee@example.com', 'reset-password');

    const off = expectStatus(await admin.post(`/api/v2/users/${user.id}/deactivate`), 200).json<UserDetail>();
    expect(off.status).toBe('deactivated');
    expect(off.deactivated_at).toEqual(expect.any(String));
    // Both sessions are gone: no request passes, and no refresh brings them back.
    expectStatus(await lee.get('/api/v2/groups/getChildrenOf'), 401);
    expectStatus(await second.get('/api/v2/groups/getChildrenOf'), 401);
    expectStatus(await lee.post('/api/v2/auth/refresh'), 401);
    const sessions = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from sessions where user_id = ${user.id}`);
    expect(sessions.rows[0]?.n).toBe(0);

    const refused = expectStatus(await t.client().signIn('lee@example.com', strongPassword), 401).json<unknown>();
    expect(refused).toEqual({ code: 'account_deactivated', message: userMessages.deactivated });
    // A wrong password still says only that.
    expect(expectStatus(await t.client().signIn('lee@example.com', 'wrong password'), 401).json()).toMatchObject({ code: 'invalid_credentials' });
    expect(expectStatus(await setPassword(t.client(), resetToken), 400).json<unknown>()).toMatchObject({ fields: [{ field: 'token', message: passwordLinkMessages.usedLink }] });
    const mailsBefore = await mailCount(t.db, 'lee@example.com');
    expectStatus(await admin.post('/api/v2/auth/forgot-password', { username: 'lee@example.com' }), 202);
    expect(await resetRequestHandled(t.db, 'lee@example.com', 2)).toBe(false);
    expect(await mailCount(t.db, 'lee@example.com')).toBe(mailsBefore);
    // Deactivating twice changes nothing.
    expectStatus(await admin.post(`/api/v2/users/${user.id}/deactivate`), 200);

    expect(expectStatus(await admin.post(`/api/v2/users/${user.id}/activate`), 200).json()).toMatchObject({ status: 'active', deactivated_at: null });
    expectStatus(await t.client().signIn('lee@example.com', strongPassword), 200);
    expect((await auditEntries(admin)).map((e) => e.action)).toEqual(expect.arrayContaining(['user.deactivate', 'user.activate']));
  });

  it("closes the user's open browser sockets (a terminal's among them) at once", async () => {
    t = await createTestApp();
    const url = await listen(t);
    const admin = await signedInAdmin(t);
    const { client: lee, user } = await invitedAndSignedIn(t, admin, { email: 'lee@example.com', group_ids: [await subgroup(t.db, 'East')] });
    const sockets = [await namespaceSocket(url, '/', lee), await namespaceSocket(url, terminalNamespace, lee), await namespaceSocket(url, '/', admin)];
    const reasons = sockets.map((s) => new Promise<string>((resolve) => s.once('disconnect', resolve)));
    expectStatus(await admin.post(`/api/v2/users/${user.id}/deactivate`), 200);
    expect(await Promise.all(reasons.slice(0, 2))).toEqual(['io server disconnect', 'io server disconnect']);
    expect(sockets[2]?.connected).toBe(true);
    sockets[2]?.disconnect();
  });

  it('refuses deactivating oneself and taking away the last active users_manage; an invitation of a deactivated user is not sent', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const east = await subgroup(t.db, 'East');
    expect(expectStatus(await admin.post('/api/v2/users/1/deactivate'), 400).json()).toMatchObject({ message: userMessages.deactivateSelf });

    const { client: manager, user: m } = await invitedAndSignedIn(t, admin, { email: 'manager@example.com', group_ids: [east] });
    await grant(t.db, 'manager@example.com', 'User managers', ['users_manage']);
    await t.db.execute(sql`insert into group_memberships (user_id, group_id) select ${m.id}, id from groups where parent_id is null`);
    // The manager switches the administrator off: they are then the last active user who manages users.
    expectStatus(await manager.post('/api/v2/users/1/deactivate'), 200);
    const roleOf = await t.db.execute<{ id: number }>(sql`select id from roles where name = 'User managers'`);
    const keep = { first_name: 'Lee', last_name: 'Park', group_ids: [east] };
    const refused = expectStatus(await put(manager, `/api/v2/users/${m.id}`, { ...keep, role_ids: [] }), 409);
    expect(refused.json()).toMatchObject({ message: userMessages.lastUserManager, fields: [{ field: 'role_ids' }] });
    expect(expectStatus(await manager.get(`/api/v2/users/${m.id}`), 200).json<UserDetail>().roles).toEqual([{ id: roleOf.rows[0]?.id, name: 'User managers' }]);

    const pending = await invite(manager, { email: 'new@example.com', group_ids: [east] });
    expectStatus(await manager.post(`/api/v2/users/${pending.id}/deactivate`), 200);
    expect(expectStatus(await manager.post(`/api/v2/users/${pending.id}/resend-invitation`), 409).json()).toMatchObject({ message: userMessages.invitedDeactivated });
    expect(await mailCount(t.db, 'new@example.com')).toBe(1);
    expectStatus(await manager.post('/api/v2/users/987654/activate'), 404);
  });
});
