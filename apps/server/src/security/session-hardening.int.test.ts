import { describe, expect, it } from 'vitest';
import { agentCredentialHeaders } from '@syrx/contracts/agent-protocol';
import { sessionCookies } from '@syrx/contracts/auth';
import { listen } from '../test/agent-helpers.ts';
import { adminWithController, expectStatus } from '../test/bacnet-helpers.ts';
import { agentHandshake } from '../test/operations-helpers.ts';
import { registration } from '../test/registration-helpers.ts';
import { useTestApps } from '../test/test-app.ts';
import { fillParams } from './route-sweep.ts';

/** Session hardening (docs/security.md): cookie flags, a limit on every credential endpoint, secrets shown once. */
const apps = useTestApps();

const cookieNamed = (setCookies: string[], name: string) => setCookies.find((c) => c.startsWith(`${name}=`)) ?? '';
const rateLimited = 'Too many attempts. Please wait a minute and try again.';

describe('session cookies', () => {
  it('are HttpOnly (but the XSRF token the SPA reads), SameSite, scoped, and Secure only behind TLS', async () => {
    for (const secure of [false, true]) {
      const t = await apps.start({ COOKIE_SECURE: String(secure) });
      const signIn = expectStatus(await t.client().signIn(), 200);
      const set = [signIn.headers['set-cookie'] ?? []].flat();
      const access = cookieNamed(set, sessionCookies.access);
      const refresh = cookieNamed(set, sessionCookies.refresh);
      const csrf = cookieNamed(set, sessionCookies.csrf);
      expect(access).toMatch(/; HttpOnly/);
      expect(access).toMatch(/; SameSite=Lax/);
      expect(access).toMatch(/; Path=\/(;|$)/);
      expect(refresh).toMatch(/; HttpOnly/);
      expect(refresh).toMatch(/; SameSite=Strict/);
      expect(refresh).toMatch(/; Path=\/api(;|$)/);
      expect(csrf).not.toMatch(/HttpOnly/);
      expect(csrf).toMatch(/; SameSite=Strict/);
      for (const c of [access, refresh, csrf]) expect(/; Secure/.test(c)).toBe(secure);
      await apps.close();
    }
  });
});

describe('rate limits on every credential endpoint', () => {
  it('answers 429 with the message past the limit: both sign-ins, registration, controller registration, refresh', async () => {
    const t = await apps.start({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    const { admin } = await adminWithController(t);
    const anonymous = t.client();
    await anonymous.get('/api/Login');
    // Each from an address of its own (the limits count per client address; the administrator's sign-in came from another).
    const from = (n: number) => ({ remoteAddress: `10.0.0.${n}` });
    const attempts: [string, () => ReturnType<typeof anonymous.request>, number][] = [
      ['POST /api/Login', () => anonymous.request({ method: 'POST', url: '/api/Login', payload: { username: 'admin', password: 'wrong password' }, ...from(1) }), 2],
      ['POST /api/v2/auth', () => anonymous.request({ method: 'POST', url: '/api/v2/auth', payload: { username: 'admin', password: 'wrong password' }, ...from(2) }), 2],
      ['POST /api/v2/users/register', () => anonymous.request({ method: 'POST', url: '/api/v2/users/register', payload: registration({ email: 'not-an-address' }), ...from(3) }), 2],
      ['PATCH /api/BacnetControllers/:id/register', () => admin.request({ method: 'PATCH', url: '/api/BacnetControllers/nope/register', payload: { syrx_controller_id: 'nope', password: 'wrong' }, ...from(4) }), 2],
      // Refresh: six times the limit (every tab of a signed-in user refreshes).
      ['POST /api/v2/auth/refresh', () => anonymous.request({ method: 'POST', url: '/api/v2/auth/refresh', payload: {}, ...from(5) }), 12],
    ];
    for (const [route, attempt, limit] of attempts) {
      for (let i = 0; i < limit; i++) expect((await attempt()).statusCode, route).not.toBe(429);
      const refused = await attempt();
      expect(refused.statusCode, route).toBe(429);
      expect(refused.json(), route).toMatchObject({ code: 'rate_limited', message: rateLimited });
    }
  });

  it('past the failures for a controller from an address, takes only its credentials that worked before, on the socket and for downloads', async () => {
    const t = await apps.start({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    const url = await listen(t);
    const { admin, ctl: known } = await adminWithController(t, 'Known agent');
    const unknown = expectStatus(await admin.post('/api/SyrxControllers', { name: 'New agent', description: '' }), 201).json<{ id: string; password: string }>();
    const handshake = (id: string, password: string) => agentHandshake(apps, url, { id, password });
    expect(await handshake(known.id, known.password)).toBe('connected');

    // Three wrong secrets for each controller from this address (two are free) hold it back for a second, growing
    // with further failures (agent-credentials.int.test.ts).
    for (const id of [known.id, unknown.id]) for (let i = 0; i < 3; i++) expect(await handshake(id, `wrong-${i}`)).not.toBe('connected');
    // Meanwhile the right secret that never verified here is refused (a held-back address is not told that a guess was
    // right), the one that did still gets in (an agent reconnecting), and the package download (credentials in
    // headers) counts the same.
    expect(await handshake(unknown.id, unknown.password)).not.toBe('connected');
    expect(await handshake(known.id, known.password)).toBe('connected');
    const download = await fetch(`${url}/api/v2/syrx-controller-service-types/Syrx.UpdaterService/artifacts/1/package`, {
      headers: { [agentCredentialHeaders.controllerId]: unknown.id, [agentCredentialHeaders.password]: unknown.password },
    });
    expect(download.status).toBe(429);
    // Another controller from the same address (every agent behind a balancer shares one) is not held back.
    const third = expectStatus(await admin.post('/api/SyrxControllers', { name: 'Third agent', description: '' }), 201).json<{ id: string; password: string }>();
    expect(await handshake(third.id, third.password)).toBe('connected');
  });
});

describe('controller secrets', () => {
  it('are shown at creation and in no answer of any route after it', async () => {
    const t = await apps.start();
    const { admin, ctl } = await adminWithController(t, 'Secret keeper');
    expect(ctl.password.length).toBeGreaterThan(15);
    const shown: string[] = [];
    for (const r of t.app.routeTable.filter((x) => x.method === 'GET')) {
      const res = await admin.get(fillParams(r.url, () => ctl.id));
      if (res.body.includes(ctl.password)) shown.push(r.url);
    }
    const list = expectStatus(await admin.get('/api/SyrxControllers'), 200);
    expect(list.body).toContain('Secret keeper');
    expect(shown).toEqual([]);
  });
});
