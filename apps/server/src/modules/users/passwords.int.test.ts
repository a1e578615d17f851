import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordLinkMessages } from '@syrx/contracts/passwords';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { auditEntries } from '../../test/operations-helpers.ts';
import { registerAndSignIn } from '../../test/registration-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { fieldsOf, signedInAdmin } from '../../test/admin-helpers.ts';
import { expireLinks, mailCount, mailedToken, newestMail, resetRequestHandled, setPassword, strongPassword } from './testing/users-fixtures.ts';

let t: TestApp;
afterEach(async () => t?.close());

const email = 'dana@example.com';
const oldPassword = 'correct horse battery';
const forgot = async (c: TestClient, username: string) => {
  await c.get('/api/Login');
  return c.post('/api/v2/auth/forgot-password', { username });
};
const signedIn = async (c: TestClient) => (await c.get('/api/v2/groups/getChildrenOf')).statusCode === 200;

describe('a forgotten password', () => {
  it('answers every name alike, mails a one-hour single-use link to a known one, and the link sets the password and ends every session', async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://console.example.com' });
    const dana = t.client();
    await registerAndSignIn(dana, t.db, { email, password: oldPassword });

    const known = expectStatus(await forgot(t.client(), 'DANA@example.com'), 202);
    const unknown = expectStatus(await forgot(t.client(), 'nobody@example.com'), 202);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: passwordLinkMessages.resetRequested });
    expect(await resetRequestHandled(t.db, 'DANA@example.com')).toBe(true);
    expect(await resetRequestHandled(t.db, 'nobody@example.com')).toBe(false);
    expect(await mailCount(t.db, 'nobody@example.com')).toBe(0);
    const mail = await newestMail(t.db, email);
    expect(mail?.subject).toBe('Choose a new Syrx Console password');
    expect(mail?.bodyText).toMatch(/https:\/\/console\.example\.com\/reset-password\/[A-Za-z0-9_-]{43}\n/);
    const stored = await t.db.execute<{ minutes: number }>(sql`select round(extract(epoch from expires_at - now()) / 60)::int as minutes from password_tokens where purpose = 'reset'`);
    expect(stored.rows).toEqual([{ minutes: 60 }]);

    const token = await mailedToken(t.db, email, 'reset-password');
    const page = t.client();
    expect(fieldsOf(await setPassword(page, token, 'short'))).toEqual({ new_password: 'Use at least 12 characters' });
    expect(fieldsOf(await setPassword(page, '', strongPassword))).toEqual({ token: 'Required' });
    expectStatus(await setPassword(page, token), 200);
    expect(await signedIn(dana)).toBe(false);
    expectStatus(await t.client().signIn(email, oldPassword), 401);
    expectStatus(await t.client().signIn(email, strongPassword), 200);
    expect(fieldsOf(await setPassword(page, token, 'yet another long passphrase'))).toEqual({ token: passwordLinkMessages.usedLink });

    // A second request: its link expires after the hour (here: at once).
    expectStatus(await forgot(t.client(), email), 202);
    expect(await resetRequestHandled(t.db, email)).toBe(true);
    const later = await mailedToken(t.db, email, 'reset-password');
    expect(later).not.toBe(token);
    await expireLinks(t.db, email);
    expect(fieldsOf(await setPassword(page, later))).toEqual({ token: passwordLinkMessages.expiredLink });
    const admin = await signedInAdmin(t);
    expect((await auditEntries(admin)).filter((e) => e.action.startsWith('auth.password')).map((e) => e.action)).toEqual([
      'auth.password.reset.request', 'auth.password.reset', 'auth.password.reset.request', 'auth.password.reset.request',
    ]);
  });

  it('is rate limited like sign-in', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    const c = t.client();
    await c.get('/api/Login');
    expectStatus(await c.post('/api/v2/auth/forgot-password', { username: 'a@example.com' }), 202);
    expectStatus(await c.post('/api/v2/auth/forgot-password', { username: 'b@example.com' }), 202);
    expectStatus(await c.post('/api/v2/auth/forgot-password', { username: 'c@example.com' }), 429);
    expect(fieldsOf(await c.post('/api/v2/auth/reset-password', { token: 'x' }))).toHaveProperty('new_password');
  });
});

describe('changing one’s password', () => {
  it('needs the current password and the password rule, keeps this session and ends the others', async () => {
    t = await createTestApp();
    const dana = t.client();
    await registerAndSignIn(dana, t.db, { email, password: oldPassword });
    const phone = t.client();
    expectStatus(await phone.signIn(email, oldPassword), 200);
    const change = (body: object) => dana.post('/api/v2/auth/password', body);

    expect(fieldsOf(await change({ current_password: 'wrong one', new_password: strongPassword }))).toEqual({ current_password: passwordLinkMessages.wrongCurrentPassword });
    expect(fieldsOf(await change({ current_password: oldPassword, new_password: 'password1234' }))).toEqual({ new_password: 'This password is too common' });
    expect(fieldsOf(await change({ current_password: oldPassword }))).toHaveProperty('new_password');
    expect(await signedIn(phone)).toBe(true);

    expect(expectStatus(await change({ current_password: oldPassword, new_password: strongPassword }), 200).json()).toEqual({ ok: true });
    expect(await signedIn(dana)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expectStatus(await t.client().signIn(email, oldPassword), 401);
    expectStatus(await t.client().signIn(email, strongPassword), 200);
    const entries = await t.db.execute<{ action: string }>(sql`select action from audit_log where action like 'auth.password%'`);
    expect(entries.rows).toEqual([{ action: 'auth.password.change' }]);
  });
});
