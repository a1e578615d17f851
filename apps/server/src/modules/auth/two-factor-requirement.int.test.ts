import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groups } from '../../db/schema/index.ts';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { registerAndSignIn } from '../../test/registration-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { adminAtMidStep, codeAt, stepMs } from '../../test/two-factor-helpers.ts';

let t: TestApp;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
});

const requireTwoFactor = (groupId: number) => t.db.update(groups).set({ requireTwoFactor: true }).where(eq(groups.id, groupId));

/** A browser socket's handshake with the client's session: 'connected', or the refusal's message. */
async function socketHandshake(c: TestClient): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const socket = io(url, { transports: ['websocket'], extraHeaders: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }, reconnection: false, forceNew: true });
  const answer = await new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err) => resolve(err.message));
  });
  socket.disconnect();
  return answer;
}

describe("a group's two-factor requirement", () => {
  it('limits the sessions of members of the group and of groups below it to the setup until they turn it on', async () => {
    t = await createTestApp();
    const { admin, at } = await adminAtMidStep(t);
    const member = t.client();
    const { user: m, body } = await registerAndSignIn(member, t.db, { email: 'member@example.com', group_name: 'Strict Co' });
    const below = t.client();
    const { user: b } = await registerAndSignIn(below, t.db, { email: 'below@example.com', group_name: 'Strict Branch' });
    await t.db.update(groups).set({ parentId: m.commissioning_group.id }).where(eq(groups.id, b.commissioning_group.id));
    const other = t.client();
    await registerAndSignIn(other, t.db, { email: 'other@example.com', group_name: 'Relaxed Co' });

    // The requirement applies at once, to sessions already open.
    await requireTwoFactor(m.commissioning_group.id);
    for (const [c, required] of [[member, true], [below, true], [other, false], [admin, false]] as const) {
      expect(expectStatus(await c.get('/api/Login'), 200).json()).toMatchObject({ totp_setup_required: required });
      const tree = await c.get('/api/v2/groups/getChildrenOf');
      expect(tree.statusCode).toBe(required ? 403 : 200);
      if (required) expect(tree.json()).toMatchObject({ code: 'totp_setup_required' });
    }
    expect((await member.post(`/api/Users/${m.id}/CurrentGroup`, { group_id: m.commissioning_group.id })).json()).toMatchObject({ code: 'totp_setup_required' });
    expect((await member.get('/api/v2/users/me/tokens')).statusCode).toBe(403);
    expect(await socketHandshake(member)).toBe('two-factor sign-in must be set up first');
    expect(await socketHandshake(other)).toBe('connected');

    // Signing in again gives the same limited session; the setup is open to it, and turning it on lifts the limit.
    const again = t.client();
    expect((await again.signIn(body.email, body.password)).json()).toMatchObject({ totp_setup_required: true });
    const { secret } = expectStatus(await again.post('/api/v2/auth/totp/setup'), 200).json<{ secret: string }>();
    expectStatus(await again.post('/api/v2/auth/totp/enable', { code: codeAt(secret, at) }), 200);
    expect(expectStatus(await again.get('/api/Login'), 200).json()).toMatchObject({ totp_setup_required: false, totp_enabled: true });
    expect((await again.get('/api/v2/groups/getChildrenOf')).statusCode).toBe(200);
    expect((await member.get('/api/v2/groups/getChildrenOf')).statusCode).toBe(200);
    expect(await socketHandshake(member)).toBe('connected');

    // From now on the member signs in with a code; signing out of a limited session works too.
    expect((await t.client().post('/api/v2/auth', { username: body.email, password: body.password })).json()).toMatchObject({ code: 'totp_required' });
    expect((await t.client().post('/api/v2/auth', { username: body.email, password: body.password, totp_code: codeAt(secret, at + stepMs) })).statusCode).toBe(200);
    expect((await below.delete('/api/v2/auth')).statusCode).toBe(200);
    expect((await below.get('/api/Login')).statusCode).toBe(403);
  });
});
