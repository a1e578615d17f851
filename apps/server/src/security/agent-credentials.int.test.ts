import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentAuthErrors, agentCredentialHeaders } from '@syrx/contracts/agent-protocol';
import { serverWithController } from '../test/agent-helpers.ts';
import { adminWithController } from '../test/bacnet-helpers.ts';
import { agentHandshake } from '../test/operations-helpers.ts';
import { useTestApps } from '../test/test-app.ts';
import { syrxControllers } from '../db/schema/index.ts';
import { hashPassword, hashSecret } from '../lib/passwords.ts';
import { createAgentsService } from '../modules/controllers/agents.service.ts';

/**
 * Agents' credentials back off per source (docs/security.md, "Sessions"): the failures of one address for a controller
 * hold back that address, growing, and never the controller's own agent at another address.
 */
const apps = useTestApps();

// Two sources on this machine: the attacker's and the controller's own (both loopback, so both reach the test server).
const attacker = '127.0.0.2';
const own = '127.0.0.1';

/** An agent's handshake from a source address: 'connected', or the refusal's message. */
const handshake = (url: string, from: string, id: string, password: string) => agentHandshake(apps, url, { id, password }, from);

/** A package download with the controller's credentials in headers, from a source address: its status. */
function download(url: string, from: string, ctl: { id: string; password: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/v2/syrx-controller-service-types/Syrx.UpdaterService/artifacts/1/package`, {
      localAddress: from,
      headers: { [agentCredentialHeaders.controllerId]: ctl.id, [agentCredentialHeaders.password]: ctl.password },
    }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
    req.end();
  });
}

/** A controller created and never connected: no secret of it has verified on this server yet (as after a restart). */
const freshController = () => serverWithController(apps, { AUTH_RATE_LIMIT_PER_MINUTE: '2' });

describe("agents' credentials", () => {
  it("let the controller's own agent in at once while another address hammers its id with wrong passwords", async () => {
    const { url, ctl } = await freshController();
    for (let i = 0; i < 20; i++) expect(await handshake(url, attacker, ctl.id, `guess-${i}`)).not.toBe('connected');
    // The attacker's address is held back, even with the right password, and told so (not "invalid": the server did
    // not look at the password), on the socket and for a download. Under load a hold (1 s, then 2, 4, …) can pass
    // between two checks (a CI run saw the download answered 404): a guess then counts again and holds it longer.
    await expect
      .poll(async () => {
        await handshake(url, attacker, ctl.id, 'guess-again');
        return [await handshake(url, attacker, ctl.id, ctl.password), await download(url, attacker, ctl)];
      }, { timeout: 30_000 })
      .toEqual([agentAuthErrors.rateLimited, 429]);

    const started = Date.now();
    expect(await handshake(url, own, ctl.id, ctl.password)).toBe('connected');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('hold back the failing address for a growing time, after which the right password gets in from it too', async () => {
    const { url, ctl } = await freshController();
    // Two failures are free (AUTH_RATE_LIMIT_PER_MINUTE); the third holds the address back for a second.
    for (let i = 0; i < 3; i++) expect(await handshake(url, attacker, ctl.id, `guess-${i}`)).toBe(agentAuthErrors.invalid);
    expect(await handshake(url, attacker, ctl.id, ctl.password)).toBe(agentAuthErrors.rateLimited);
    expect(await handshake(url, attacker, ctl.id, 'guess-held')).toBe(agentAuthErrors.rateLimited);
    await sleep(1100);
    // Past the second: the next failure holds it back for two.
    expect(await handshake(url, attacker, ctl.id, 'guess-3')).toBe(agentAuthErrors.invalid);
    await sleep(1100);
    expect(await handshake(url, attacker, ctl.id, ctl.password)).toBe(agentAuthErrors.rateLimited);
    await sleep(1000);
    expect(await handshake(url, attacker, ctl.id, ctl.password)).toBe('connected');
    // The controller's own address was never held back, on the socket nor for a download.
    expect(await handshake(url, own, ctl.id, ctl.password)).toBe('connected');
    expect(await download(url, own, ctl)).not.toBe(429);
  });

  it('take the credentials that verified before from a held-back address (an agent reconnecting)', async () => {
    const { t, url, ctl } = await freshController();
    expect(await handshake(url, attacker, ctl.id, ctl.password)).toBe('connected');
    for (let i = 0; i < 3; i++) expect(await handshake(url, attacker, ctl.id, `guess-${i}`)).toBe(agentAuthErrors.invalid);
    expect(await handshake(url, attacker, ctl.id, 'guess-held')).toBe(agentAuthErrors.rateLimited);
    expect(await handshake(url, attacker, ctl.id, ctl.password)).toBe('connected');
    // Another controller from the held-back address (behind a balancer every agent has one) is not held back.
    const { ctl: other } = await adminWithController(t, 'Other controller');
    expect(await handshake(url, attacker, other.id, other.password)).toBe('connected');
  });

  it('are stored as a SHA-256, and a secret stored as argon2 before takes that form once it verifies', async () => {
    const { t, url, ctl } = await freshController();
    const stored = async () => (await t.db.select({ h: syrxControllers.secretHash }).from(syrxControllers).where(eq(syrxControllers.id, ctl.id)))[0]?.h;
    expect(await stored()).toBe(hashSecret(ctl.password));

    const legacy = await hashPassword(ctl.password);
    await t.db.update(syrxControllers).set({ secretHash: legacy }).where(eq(syrxControllers.id, ctl.id));
    expect(await handshake(url, attacker, ctl.id, 'not-the-secret')).toBe(agentAuthErrors.invalid);
    expect(await stored()).toBe(legacy);
    expect(await handshake(url, own, ctl.id, ctl.password)).toBe('connected');
    expect(await stored()).toBe(hashSecret(ctl.password));
    expect(await handshake(url, own, ctl.id, ctl.password)).toBe('connected');
  });

  it('are read for many agents at once, each checked alone: a wrong one, an unknown id or one that is no UUID refuses only its own', async () => {
    const t = await apps.start();
    const { admin, ctl } = await adminWithController(t);
    const other = (await admin.post('/api/SyrxControllers', { name: 'Other', description: '' })).json<{ id: string; password: string }>();
    const agents = createAgentsService(t.db);
    try {
      expect(await Promise.all([
        agents.check(ctl.id, ctl.password), agents.check(other.id, other.password), agents.check(other.id, ctl.password),
        agents.check(randomUUID(), ctl.password), agents.check('not-a-uuid', ctl.password),
      ])).toEqual(['ok', 'ok', 'invalid', 'invalid', 'invalid']);
    } finally {
      await agents.close();
    }
  });
});
