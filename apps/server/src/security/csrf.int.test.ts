import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionCookies } from '@syrx/contracts/auth';
import { listen } from '../test/agent-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

/**
 * The XSRF check (docs/security.md, "Sessions"): every state-changing call of either API base carries the header, the
 * check keys on the route the request reaches (not on how its request line is spelled), sign-out is not exempt, and the
 * token belongs to the session, so a cookie planted by a sibling site cannot choose it.
 */
let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const setGroup = '/api/Users/1/CurrentGroup';

function cookieHeader(c: TestClient): string {
  return [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** One HTTP/1.1 request written as it is onto a socket (fetch and inject would normalise the request line). */
function rawRequest(url: string, requestLine: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  const lines = [requestLine, `Host: ${hostname}:${port}`, 'Connection: close', `Content-Length: ${Buffer.byteLength(body)}`];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
  });
}

describe('the XSRF check', () => {
  it('decides on the route reached: an absolute-form request line or an encoded path is checked like any other', async () => {
    t = await createTestApp();
    const url = await listen(t);
    const admin = t.client();
    expect((await admin.signIn()).statusCode).toBe(200);
    const csrf = admin.cookies.get(sessionCookies.csrf) ?? '';
    const json = { 'Content-Type': 'application/json' };
    const body = JSON.stringify({ group_id: 1 });

    const absolute = `POST ${url}${setGroup} HTTP/1.1`;
    const without = await rawRequest(url, absolute, { ...json, Cookie: cookieHeader(admin) }, body);
    expect(without.status).toBe(403);
    expect(JSON.parse(without.body)).toMatchObject({ code: 'csrf_failed' });
    const withHeader = await rawRequest(url, absolute, { ...json, Cookie: cookieHeader(admin), [sessionCookies.csrfHeader]: csrf }, body);
    expect(withHeader.status).toBe(200);

    // A percent-encoded path reaches the same route (and inject keeps it as it is).
    const encoded = await admin.request({ method: 'POST', url: '/%61pi/Users/1/CurrentGroup', payload: { group_id: 1 }, csrf: false });
    expect(encoded.statusCode).toBe(403);
    expect((await admin.request({ method: 'POST', url: '/api/Users/1/%43urrentGroup', payload: { group_id: 1 }, csrf: false })).statusCode).toBe(403);

    // Deny by default keys on the route too: anonymous, in absolute form, with a bad body, is refused before validation.
    const anonymous = t.client();
    await anonymous.get('/api/Login');
    const anonCsrf = anonymous.cookies.get(sessionCookies.csrf) ?? '';
    const anon = await rawRequest(url, absolute, { ...json, Cookie: cookieHeader(anonymous), [sessionCookies.csrfHeader]: anonCsrf }, '{}');
    expect(anon.status).toBe(401);
  });

  it('is not waived for sign-out on either base', async () => {
    t = await createTestApp();
    const c = t.client();
    await c.signIn();
    for (const path of ['/api/v2/auth', '/api/Login']) {
      const res = await c.delete(path, { csrf: false });
      expect(res.statusCode, path).toBe(403);
      expect(res.json(), path).toMatchObject({ code: 'csrf_failed' });
      expect((await c.get('/api/Login')).statusCode, path).toBe(200);
    }
    expect((await c.delete('/api/v2/auth')).statusCode).toBe(200);
    expect((await c.get('/api/Login')).statusCode).toBe(403);
    // Without a session, too.
    expect((await t.client().delete('/api/v2/auth', { csrf: false })).statusCode).toBe(403);
  });

  it('waives it only for signing in and refreshing (no page could have read a token before)', async () => {
    t = await createTestApp();
    const c = t.client();
    expect((await c.post('/api/v2/auth', { username: 'admin', password: 'admin-test-password' }, { csrf: false })).statusCode).toBe(200);
    expect((await c.post('/api/Login', { username: 'admin', password: 'admin-test-password' }, { csrf: false })).statusCode).toBe(200);
    expect((await c.post('/api/v2/auth/refresh', {}, { csrf: false })).statusCode).toBe(200);
    expect((await c.post(setGroup, { group_id: 1 }, { csrf: false })).statusCode).toBe(403);
    expect((await c.post(setGroup, { group_id: 1 })).statusCode).toBe(200);
  });

  it("takes only the session's own token: not another session's, nor a pair the attacker chose", async () => {
    t = await createTestApp();
    const victim = t.client();
    const other = t.client();
    await victim.signIn();
    await other.signIn();
    const own = victim.cookies.get(sessionCookies.csrf) ?? '';
    const others = other.cookies.get(sessionCookies.csrf) ?? '';
    expect(own).not.toBe('');
    expect(own).not.toBe(others);

    const withToken = (token: string) =>
      victim.request({ method: 'POST', url: setGroup, payload: { group_id: 1 }, csrf: false, headers: { [sessionCookies.csrfHeader]: token } });
    // The TestClient sends its own cookie jar: plant the token in it as a sibling site would.
    victim.cookies.set(sessionCookies.csrf, others);
    const foreign = await withToken(others);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'csrf_failed' });
    victim.cookies.set(sessionCookies.csrf, 'chosen-by-the-attacker');
    expect((await withToken('chosen-by-the-attacker')).statusCode).toBe(403);

    // The page's own token works, and keeps working when the session's tokens rotate.
    victim.cookies.set(sessionCookies.csrf, own);
    expect((await victim.post(setGroup, { group_id: 1 })).statusCode).toBe(200);
    expect((await victim.post('/api/v2/auth/refresh')).statusCode).toBe(200);
    expect(victim.cookies.get(sessionCookies.csrf)).toBe(own);
    expect((await victim.post(setGroup, { group_id: 1 })).statusCode).toBe(200);

    // A page that lost its token gets the session's back from the session check.
    victim.cookies.delete(sessionCookies.csrf);
    expect((await victim.get('/api/Login')).statusCode).toBe(200);
    expect(victim.cookies.get(sessionCookies.csrf)).toBe(own);
  });
});
