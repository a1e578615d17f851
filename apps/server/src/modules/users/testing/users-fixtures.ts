import { desc, eq, sql } from 'drizzle-orm';
import { sessionCookies } from '@syrx/contracts/auth';
import type { UserDetail } from '@syrx/contracts/users';
import type { Db } from '../../../db/client.ts';
import { emailOutbox } from '../../../db/schema/index.ts';
import { expectStatus, until } from '../../../test/bacnet-helpers.ts';
import type { TestApp, TestClient } from '../../../test/test-app.ts';

export const strongPassword = 'violet tractor under seven moons';

/** A group under `parentId` (the root when not given), made in the database as the groups screen would. */
export async function subgroup(db: Db, name: string, parentId?: number): Promise<number> {
  const r = await db.execute<{ id: number }>(sql`
    insert into groups (name, parent_id) values (${name}, coalesce(${parentId ?? null}::int, (select id from groups where parent_id is null order by id limit 1)))
    returning id`);
  return Number(r.rows[0]?.id);
}

export async function invite(admin: TestClient, body: { email: string; group_ids: number[]; role_ids?: number[]; first_name?: string; last_name?: string }): Promise<UserDetail> {
  return expectStatus(await admin.post('/api/v2/users', { first_name: 'Lee', last_name: 'Park', ...body }), 201).json<UserDetail>();
}

/** The newest mail to this address, its text read from the outbox as the person reads the mail. */
export async function newestMail(db: Db, to: string): Promise<{ subject: string; bodyText: string } | null> {
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id)).limit(1);
  return mail ?? null;
}

export async function mailCount(db: Db, to: string): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from email_outbox where to_address = ${to}`);
  return r.rows[0]?.n ?? 0;
}

/** The token of the newest link of this kind mailed to the address (waiting for it: forgot-password mails after answering). */
export async function mailedToken(db: Db, to: string, kind: 'set-password' | 'reset-password'): Promise<string> {
  let token: string | undefined;
  await until(async () => {
    token = (await newestMail(db, to))?.bodyText.match(new RegExp(`https?://\\S+/${kind}/([A-Za-z0-9_-]+)`))?.[1];
    return token !== undefined;
  }, 10_000, `a ${kind} link mailed to ${to}`);
  return token ?? '';
}

/** Sets the password through a mailed link's token, as the page does (its XSRF cookie first, from the session check). */
export async function setPassword(client: TestClient, token: string, password = strongPassword) {
  if (!client.cookies.has(sessionCookies.csrf)) await client.get('/api/Login');
  return client.post('/api/v2/auth/reset-password', { token, new_password: password });
}

/** Invites a user, accepts the invitation and signs them in; their client and detail. */
export async function invitedAndSignedIn(t: TestApp, admin: TestClient, body: Parameters<typeof invite>[1]) {
  const user = await invite(admin, body);
  const client = t.client();
  expectStatus(await setPassword(client, await mailedToken(t.db, body.email, 'set-password')), 200);
  expectStatus(await client.signIn(body.email, strongPassword), 200);
  return { client, user };
}

/** Makes every password link of the address's user expire (as an hour, or a week, later). */
export async function expireLinks(db: Db, email: string): Promise<void> {
  await db.execute(sql`update password_tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where email = ${email})`);
}

/**
 * Waits until the `nth` forgot-password request for this name has been handled (each is audited after the answer);
 * whether it mailed a link.
 */
export async function resetRequestHandled(db: Db, username: string, nth = 1): Promise<boolean> {
  let mailed: boolean[] = [];
  await until(async () => {
    const r = await db.execute<{ mailed: boolean }>(sql`
      select (details->>'mailed')::boolean as mailed from audit_log where action = 'auth.password.reset.request' and username = ${username} order by id`);
    mailed = r.rows.map((x) => x.mailed);
    return mailed.length >= nth;
  }, 10_000, `reset request ${nth} for ${username}`);
  return mailed[nth - 1] === true;
}
