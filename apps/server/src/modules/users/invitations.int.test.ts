import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordLinkMessages } from '@syrx/contracts/passwords';
import { type UserDetail, userMessages } from '@syrx/contracts/users';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { auditEntries } from '../../test/operations-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createRole, fieldsOf, signedInAdmin } from '../../test/admin-helpers.ts';
import { expireLinks, invite, mailCount, mailedToken, newestMail, setPassword, strongPassword, subgroup } from './testing/users-fixtures.ts';

let t: TestApp;
afterEach(async () => t?.close());

const email = 'lee.park@example.com';

describe('inviting a user', () => {
  it('creates an invited user in a subgroup with a role, mails a single-use link, and the link sets the password', async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://console.example.com' });
    const admin = await signedInAdmin(t);
    const east = await subgroup(t.db, 'East campus');
    const viewers = await createRole(admin, 'Viewers', ['group_data_view']);
    const created = await invite(admin, { email: 'Lee.Park@Example.com', group_ids: [east], role_ids: [viewers.id] });
    expect(created).toMatchObject({
      username: email, email, first_name: 'Lee', last_name: 'Park', status: 'invited', groups: [{ id: east, name: 'East campus' }],
      roles: [{ id: viewers.id, name: 'Viewers' }], last_sign_in_at: null, deactivated_at: null, group_roles: [],
    });
    expect(created.invited_at).toEqual(expect.any(String));

    const mail = await newestMail(t.db, email);
    expect(mail?.subject).toBe('You are invited to Syrx Console');
    expect(mail?.bodyText).toMatch(/^Hello Lee,\n\nAdministrator has invited you/);
    expect(mail?.bodyText).toMatch(/https:\/\/console\.example\.com\/set-password\/[A-Za-z0-9_-]{43}\n/);
    const token = await mailedToken(t.db, email, 'set-password');
    // Stored as its hash only, for 7 days.
    const stored = await t.db.execute<{ token_hash: string; days: number }>(sql`
      select token_hash, round(extract(epoch from expires_at - now()) / 86400)::int as days from password_tokens where purpose = 'invitation'`);
    expect(stored.rows).toEqual([{ token_hash: expect.not.stringContaining(token) as string, days: 7 }]);

    // Before the invitation is used, no password signs in (the same answer as a wrong one).
    const lee = t.client();
    expect(expectStatus(await lee.signIn(email, '!'), 401).json()).toMatchObject({ code: 'invalid_credentials' });
    expect(fieldsOf(await setPassword(lee, token, 'short'))).toEqual({ new_password: 'Use at least 12 characters' });
    expect(fieldsOf(await setPassword(lee, token, 'password1234'))).toEqual({ new_password: 'This password is too common' });
    expectStatus(await setPassword(lee, token), 200);
    expect(fieldsOf(await setPassword(lee, token, 'another fine long passphrase'))).toEqual({ token: passwordLinkMessages.usedLink });

    const me = expectStatus(await lee.signIn(email, strongPassword), 200).json<{ commissioning_group: { id: number }; permissions: string[] }>();
    expect(me).toMatchObject({ commissioning_group: { id: east }, permissions: ['group_data_view'] });
    const after = expectStatus(await admin.get(`/api/v2/users/${created.id}`), 200).json<UserDetail>();
    expect(after).toMatchObject({ status: 'active', invited_at: null });
    expect(after.last_sign_in_at).toEqual(expect.any(String));
    expect((await auditEntries(admin)).map((e) => e.action)).toEqual(expect.arrayContaining(['user.invite', 'user.invitation.accept']));
  });

  it('refuses an expired or unknown link with a message, and sends a new invitation whose link replaces the old one', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const user = await invite(admin, { email, group_ids: [await subgroup(t.db, 'West')] });
    const first = await mailedToken(t.db, email, 'set-password');
    const lee = t.client();
    expect(fieldsOf(await setPassword(lee, 'no-such-token'))).toEqual({ token: passwordLinkMessages.unknownLink });
    await expireLinks(t.db, email);
    expect(fieldsOf(await setPassword(lee, first))).toEqual({ token: passwordLinkMessages.expiredLink });

    expect(expectStatus(await admin.post(`/api/v2/users/${user.id}/resend-invitation`), 200).json()).toMatchObject({ status: 'invited' });
    const second = await mailedToken(t.db, email, 'set-password');
    expect(second).not.toBe(first);
    expectStatus(await setPassword(lee, second), 200);
    expect(expectStatus(await admin.post(`/api/v2/users/${user.id}/resend-invitation`), 409).json()).toMatchObject({ message: userMessages.notInvited });
    expect(await mailCount(t.db, email)).toBe(2);
  });

  it('answers 400 naming the field for bad input, 409 for an address in use, and creates nobody when a role may not be given', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const east = await subgroup(t.db, 'East');
    expect(fieldsOf(await admin.post('/api/v2/users', { email: 'nope', first_name: ' ', last_name: 'Park', group_ids: [] }))).toEqual({
      email: 'Invalid email address entered', first_name: 'Required', group_ids: userMessages.groupsRequired,
    });
    expect(fieldsOf(await admin.post('/api/v2/users', { email, first_name: 'Lee', last_name: 'Park', group_ids: [east, 987654] }))).toEqual({ 'group_ids.1': userMessages.unknownGroup });
    expect(fieldsOf(await admin.post('/api/v2/users', { email, first_name: 'Lee', last_name: 'Park', group_ids: [east], role_ids: [987654] }))).toEqual({ 'role_ids.0': 'No such role' });
    expect(await mailCount(t.db, email)).toBe(0);
    await invite(admin, { email, group_ids: [east] });
    const taken = expectStatus(await admin.post('/api/v2/users', { email: 'LEE.park@example.com', first_name: 'L', last_name: 'P', group_ids: [east] }), 409);
    expect(taken.json()).toMatchObject({ fields: [{ field: 'email', message: userMessages.emailTaken }] });
    expectStatus(await admin.post('/api/v2/users', { email: 'admin', first_name: 'L', last_name: 'P', group_ids: [east] }), 400);
    const users = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
    expect(users.rows[0]?.n).toBe(2);
  });
});
