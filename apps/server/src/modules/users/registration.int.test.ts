import { afterEach, describe, expect, it } from 'vitest';
import { organizationAdministratorPermissions } from '@syrx/contracts/permissions';
import { eq } from 'drizzle-orm';
import { passwordMessages } from '@syrx/contracts/passwords';
import { registrationMessages } from '@syrx/contracts/registration';
import { emailOutbox, groups, users } from '../../db/schema/index.ts';
import { registration, validationTokenFor } from '../../test/registration-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
afterEach(async () => t?.close());

type Fields = { fields: { field: string; message: string }[] };
const fieldMessages = (body: Fields) => Object.fromEntries(body.fields.map((f) => [f.field, f.message]));

describe('registration', () => {
  it('requires every field', async () => {
    t = await createTestApp();
    const res = await t.client().post('/api/v2/users/register', {});
    expect(res.statusCode).toBe(400);
    const fields = fieldMessages(res.json<Fields>());
    for (const f of ['email', 'password', 'first_name', 'last_name', 'address', 'city', 'state', 'zip', 'job_title', 'group_name']) {
      expect(fields[f], f).toBeTruthy();
    }
  });

  it('answers bad e-mail and zip codes with the specification messages', async () => {
    t = await createTestApp();
    const c = t.client();
    const cases: [Record<string, string>, string, string][] = [
      [{ email: 'not-an-email' }, 'email', registrationMessages.email],
      [{ zip: '123' }, 'zip', registrationMessages.zipMin],
      [{ zip: '12345-678901' }, 'zip', registrationMessages.zipMax],
      [{ zip: '1234a' }, 'zip', registrationMessages.zipPattern],
      [{ zip: '12345-12' }, 'zip', registrationMessages.zipPattern],
    ];
    for (const [override, field, message] of cases) {
      const res = await c.post('/api/v2/users/register', registration(override));
      expect(res.statusCode).toBe(400);
      expect(fieldMessages(res.json<Fields>())[field]).toBe(message);
    }
  });

  it('creates the user and their organization, mails a link, and validates on sign-in through it', async () => {
    t = await createTestApp();
    const c = t.client();
    const body = registration({ zip: '97201-1234' });
    const res = await c.post('/api/v2/users/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: body.email });

    const [mail] = await t.db.select().from(emailOutbox);
    expect(mail?.bodyText).toMatch(/http:\/\/127\.0\.0\.1:8080\/login\/[A-Za-z0-9_-]{40,}/);

    const early = await c.post('/api/Login', { username: body.email, password: body.password });
    expect(early.statusCode).toBe(401);
    expect(early.json<{ message: string }>().message).toMatch(/not been validated/);

    const badToken = await c.post('/api/Login', { username: body.email, password: body.password, token: 'forged' });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json<{ message: string }>().message).toBe('This validation link is invalid or has expired.');

    const token = await validationTokenFor(t.db, body.email);
    const ok = await c.post('/api/Login', { username: body.email, password: body.password, token });
    expect(ok.statusCode).toBe(200);
    const user = ok.json<{ commissioning_group: { name: string }; permissions: string[]; first_name: string }>();
    expect(user.commissioning_group.name).toBe('Reyes Mechanical');
    expect(user.first_name).toBe('Dana');
    expect([...user.permissions].sort()).toEqual([...organizationAdministratorPermissions].sort());

    // Validated once: later sign-ins need no token, and the used link does not break a sign-in.
    expect((await t.client().post('/api/Login', { username: 'DANA.REYES@example.com', password: body.password })).statusCode).toBe(200);
    expect((await t.client().post('/api/Login', { username: body.email, password: body.password, token })).statusCode).toBe(200);
  });

  it('refuses passwords shorter than 12 characters or among the most common, storing and mailing nothing', async () => {
    t = await createTestApp();
    const c = t.client();
    const cases: [string, string][] = [
      ['a', passwordMessages.tooShort],
      ['eleven-char', passwordMessages.tooShort],
      ['password1234', passwordMessages.tooCommon],
      ['qwertyuiop12', passwordMessages.tooCommon],
      ['aaaaaaaaaaaaaaaa', passwordMessages.tooCommon],
    ];
    for (const [password, message] of cases) {
      const res = await c.post('/api/v2/users/register', registration({ password }));
      expect(res.statusCode, password).toBe(400);
      expect(fieldMessages(res.json<Fields>()), password).toEqual({ password: message });
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'dana.reyes@example.com'))).toEqual([]);
    expect(await t.db.select().from(emailOutbox)).toEqual([]);
  });

  it('answers a registration of an address that has an account exactly as a new one, and mails the owner instead', async () => {
    t = await createTestApp();
    const c = t.client();
    const first = await c.post('/api/v2/users/register', registration());
    expect(first.statusCode).toBe(201);
    const fresh = await c.post('/api/v2/users/register', registration({ email: 'sam.okafor@example.com', group_name: 'Okafor Inc' }));
    const again = await c.post('/api/v2/users/register', registration({ email: 'Dana.Reyes@Example.com', group_name: 'Someone Else', password: 'another long passphrase' }));
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual({ ...fresh.json<object>(), email: 'dana.reyes@example.com' });
    expect(again.json()).toEqual(first.json());
    expect(Object.keys(again.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    // A bad password is answered alike too: the rule comes before the address is looked at.
    const weak = await c.post('/api/v2/users/register', registration({ password: 'a' }));
    const weakNew = await c.post('/api/v2/users/register', registration({ email: 'nobody.yet@example.com', password: 'a' }));
    expect([weak.statusCode, weak.body]).toEqual([weakNew.statusCode, weakNew.body]);

    // No second account or organization; the owner's password stands.
    expect(await t.db.select().from(users).where(eq(users.email, 'dana.reyes@example.com'))).toHaveLength(1);
    expect(await t.db.select().from(groups).where(eq(groups.name, 'Someone Else'))).toEqual([]);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'dana.reyes@example.com')).orderBy(emailOutbox.id);
    expect(mails).toHaveLength(2);
    const notice = mails[1];
    expect(notice?.subject).toMatch(/someone tried to register/i);
    expect(notice?.bodyText).toMatch(/someone tried to register with your (e-mail )?address/i);
    expect(notice?.bodyText).toContain('http://127.0.0.1:8080/login');
    expect(notice?.bodyText).not.toMatch(/\/login\/[A-Za-z0-9_-]{20,}/);
    const token = await validationTokenFor(t.db, 'dana.reyes@example.com').catch(() => null);
    expect(token).toBeNull();
    const [validation] = mails;
    const link = validation?.bodyText.match(/\/login\/([A-Za-z0-9_-]+)/)?.[1];
    expect((await t.client().post('/api/Login', { username: 'dana.reyes@example.com', password: 'another long passphrase', token: link })).statusCode).toBe(401);
    expect((await t.client().post('/api/Login', { username: 'dana.reyes@example.com', password: registration().password, token: link })).statusCode).toBe(200);
  });
});
