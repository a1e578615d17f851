import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionCookies } from '@syrx/contracts/auth';
import { twoFactorMessages } from '@syrx/contracts/two-factor';
import { auditLog, totpRecoveryCodes } from '../../db/schema/index.ts';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { adminCredentials, createTestApp, type TestApp } from '../../test/test-app.ts';
import { adminAtMidStep, codeAt, cookiesSet, enableTwoFactor, stepMs } from '../../test/two-factor-helpers.ts';

let t: TestApp;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
});

const signIn = (path: string, totp_code?: string) => t.client().post(path, { ...adminCredentials, ...(totp_code === undefined ? {} : { totp_code }) });
const actions = async (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action as 'auth.totp.enable'));

describe('two-factor sign-in', () => {
  it('turns on with a code of the pending secret, then asks every sign-in on both bases for a fresh code', async () => {
    t = await createTestApp();
    const { admin, at } = await adminAtMidStep(t);
    const setup = expectStatus(await admin.post('/api/v2/auth/totp/setup'), 200).json<{ secret: string; otpauth_url: string }>();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_url).toMatch(/^otpauth:\/\/totp\/Syrx%20Console:admin\?/);
    expect(setup.otpauth_url).toContain(`secret=${setup.secret}`);
    expect(admin.cookies.size).toBeGreaterThan(0);
    expect(expectStatus(await admin.get('/api/Login'), 200).json()).toMatchObject({ totp_enabled: false, totp_setup_required: false });

    // A code of another moment is refused, naming the field; nothing is on yet.
    const wrong = await admin.post('/api/v2/auth/totp/enable', { code: codeAt(setup.secret, at + 20 * stepMs) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fields: [{ field: 'code' }] });
    expect((await signIn('/api/v2/auth')).statusCode).toBe(200);

    // The step before the current one is still taken (a phone's clock a little behind).
    const enabled = expectStatus(await admin.post('/api/v2/auth/totp/enable', { code: codeAt(setup.secret, at - stepMs) }), 200);
    const codes = enabled.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(expectStatus(await admin.get('/api/Login'), 200).json()).toMatchObject({ totp_enabled: true });
    expect(await actions('auth.totp.enable')).toHaveLength(1);
    expect((await admin.post('/api/v2/auth/totp/setup')).statusCode).toBe(409);

    for (const path of ['/api/v2/auth', '/api/Login']) {
      const missing = await signIn(path);
      expect(missing.statusCode, path).toBe(401);
      expect(missing.json(), path).toEqual({ code: 'totp_required', message: twoFactorMessages.required });
      expect(cookiesSet(missing), path).not.toContain(sessionCookies.access);
      expect(cookiesSet(missing), path).not.toContain(sessionCookies.refresh);
      const bad = await signIn(path, '000000' === codeAt(setup.secret, at) ? '111111' : '000000');
      expect(bad.statusCode, path).toBe(401);
      expect(bad.json(), path).toMatchObject({ code: 'totp_invalid' });
      expect(cookiesSet(bad), path).not.toContain(sessionCookies.access);
    }
    expect((await actions('auth.signin.failed')).map((e) => e.details)).toEqual([{ reason: 'totp_invalid' }, { reason: 'totp_invalid' }]);

    // The current step signs in; the same code again (a replay) does not; the next step does; older ones no longer.
    const current = codeAt(setup.secret, at);
    const first = await signIn('/api/v2/auth', current);
    expect(first.statusCode).toBe(200);
    expect(cookiesSet(first)).toContain(sessionCookies.access);
    expect((await signIn('/api/Login', current)).json()).toMatchObject({ code: 'totp_invalid' });
    expect((await signIn('/api/Login', codeAt(setup.secret, at + stepMs))).statusCode).toBe(200);
    expect((await signIn('/api/v2/auth', current)).statusCode).toBe(401);
    expect((await signIn('/api/v2/auth', codeAt(setup.secret, at + 2 * stepMs))).statusCode).toBe(401);
  });

  it('takes each recovery code once, in any case and with or without its dash, and audits its use', async () => {
    t = await createTestApp();
    const { admin, at } = await adminAtMidStep(t);
    const { recoveryCodes } = await enableTwoFactor(admin, at);
    const [first = '', second = ''] = recoveryCodes;

    expect((await signIn('/api/v2/auth', first.replace('-', '').toUpperCase())).statusCode).toBe(200);
    expect((await signIn('/api/Login', first)).json()).toMatchObject({ code: 'totp_invalid' });
    expect((await signIn('/api/Login', ` ${second} `)).statusCode).toBe(200);
    const used = await t.db.select().from(totpRecoveryCodes).where(sql`${totpRecoveryCodes.usedAt} is not null`);
    expect(used).toHaveLength(2);
    expect((await actions('auth.totp.recovery_code_used')).map((e) => e.details)).toEqual([{ remaining: 9 }, { remaining: 8 }]);
  });

  it('turns off with the password and a code, after which the password alone signs in again', async () => {
    t = await createTestApp();
    const { admin, at } = await adminAtMidStep(t);
    const { secret } = await enableTwoFactor(admin, at);
    const disable = (password: string, code: string) => admin.post('/api/v2/auth/totp/disable', { password, code });

    const wrongPassword = await disable('not my password', codeAt(secret, at));
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ fields: [{ field: 'password', message: twoFactorMessages.wrongPassword }] });
    const wrongCode = await disable(adminCredentials.password, codeAt(secret, at + 10 * stepMs));
    expect(wrongCode.json()).toMatchObject({ fields: [{ field: 'code' }] });
    expect((await signIn('/api/v2/auth')).statusCode).toBe(401);

    expectStatus(await disable(adminCredentials.password, codeAt(secret, at)), 200);
    expect(expectStatus(await admin.get('/api/Login'), 200).json()).toMatchObject({ totp_enabled: false });
    expect((await signIn('/api/v2/auth')).statusCode).toBe(200);
    expect(await t.db.select().from(totpRecoveryCodes)).toEqual([]);
    expect(await actions('auth.totp.disable')).toHaveLength(1);
    expect((await disable(adminCredentials.password, codeAt(secret, at + stepMs))).statusCode).toBe(409);
  });

  it('counts sign-in attempts with codes against the sign-in limit', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '4' });
    const { admin, at } = await adminAtMidStep(t);
    const { secret } = await enableTwoFactor(admin, at);
    // The sign-in and the enabling counted; two wrong codes make four; the fifth attempt is held back, right code or not.
    expect((await signIn('/api/v2/auth', codeAt(secret, at + 20 * stepMs))).statusCode).toBe(401);
    expect((await signIn('/api/Login', codeAt(secret, at - 20 * stepMs))).statusCode).toBe(401);
    const held = await signIn('/api/v2/auth', codeAt(secret, at));
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'rate_limited' });
  });
});
