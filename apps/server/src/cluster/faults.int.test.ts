import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { io } from 'socket.io-client';
import { agentNamespace } from '@syrx/contracts/agent-protocol';
import { clientEvents } from '@syrx/contracts/realtime';
import type { AgentRecord } from '@syrx/contracts/records';
import { listen, notSupported, relayedRead } from '../test/agent-helpers.ts';
import { controllerWithPoints, protocolAgent, sendRecords } from '../test/records-helpers.ts';
import { startPrivatePostgres } from '../test/private-postgres.ts';
import { agentsOn, HttpBrowser, type Instance, startInstance, updaterAgent, waitFor } from '../test/cluster-helpers.ts';
import { useTestApps } from '../test/test-app.ts';
import { type Balancer, startBalancer } from './balancer.ts';
import { dbPass } from '../test/db-pass.ts';

// This file's loopback range: instances at 127.0.0.96 and .97, the balancer at .98.
const apps = useTestApps();

async function cluster(): Promise<{ a: Instance; b: Instance; balancer: Balancer }> {
  // An empty database with the administrator (the instances find it ready), then two instances and the balancer.
  await apps.start();
  const env = { DATABASE_URL: inject('databaseUrl'), REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `syrx-test-${randomUUID()}` };
  const [a, b] = await Promise.all([startInstance('127.0.0.96', env), startInstance('127.0.0.97', env)]);
  apps.defer(() => a.kill(), () => b.kill());
  const balancer = await startBalancer({ host: '127.0.0.98', port: 0, upstreams: [a.url, b.url], checkMs: 200 });
  apps.defer(() => balancer.close());
  return { a, b, balancer };
}


// Instances in processes of their own on one PostgreSQL and Redis: the PostgreSQL pass only.
describe.runIf(dbPass.postgres)('faults of a cluster behind the balancer', () => {
  it('an instance killed under agents and browsers: they reconnect to the other, requests in flight end, nothing hangs', async () => {
    const { a, b, balancer } = await cluster();
    const admin = new HttpBrowser(balancer.url);
    await admin.signIn();
    const created = await admin.request('POST', '/api/SyrxControllers', { name: 'Failover', description: '' });
    expect(created.status).toBe(201);
    const ctl = created.json as { id: string; password: string };
    const silent = await admin.request('POST', '/api/SyrxControllers', { name: 'Silent', description: '' });
    const quiet = silent.json as { id: string; password: string };
    const device = (await admin.request('POST', `/api/SyrxControllers/${quiet.id}/syrx-controller-bacnet-devices`, { mac_address: '127.0.0.5:47808', instance_number: 5 })).json as { id: number };

    // A real agent through the balancer, and an agent that takes requests and never answers (for requests in flight).
    const agent = await updaterAgent(balancer.url, ctl, 0.5);
    apps.defer(() => agent.stop());
    const mute = io(`${a.url}${agentNamespace}`, { transports: ['websocket'], auth: { controller_id: quiet.id, password: quiet.password }, reconnection: false, forceNew: true });
    apps.defer(() => mute.disconnect());
    await waitFor(() => agent.socket.connected && mute.connected, 20_000, 'agents connected');

    // The browser's socket, joined to the controller again whenever it (re)connects, as the SPA does.
    const browser = admin.socket();
    apps.defer(() => browser.disconnect());
    browser.on('connect', () => void browser.emitWithAck(clientEvents.connect, { syrxControllerId: ctl.id }));
    await waitFor(() => browser.connected, 10_000, 'browser connected');

    // Requests in flight when A dies: the server's own call to the mute agent (on A), through the balancer, twice: round
    // robin puts one on each instance.
    const started = Date.now();
    const inFlight = [1, 2].map(() => admin.request('POST', `/api/SyrxControllers/${quiet.id}/bacnet-devices/${device.id}/reload-properties`, {}).then((r) => ({ ...r, ms: Date.now() - started })));
    await new Promise((r) => setTimeout(r, 500));
    const agentWasOnA = (await agentsOn(a.url)) === 2;
    await a.kill();

    // Both end: the one on A at once (502 from the balancer), the one on B when its call times out (504), none hangs.
    const ended = await Promise.all(inFlight);
    expect(ended.map((r) => r.status).sort()).toEqual([502, 504]);
    for (const r of ended) expect(r.ms).toBeLessThan(25_000);

    // The agent (wherever it was) and the browser are connected to B now, and a browser request reaches the agent.
    await waitFor(async () => agent.socket.connected && (await agentsOn(b.url)) === 1 && browser.connected, 20_000, 'reconnected to B');
    await waitFor(async () => ((await browser.emitWithAck(clientEvents.connect, { syrxControllerId: ctl.id })) as { connected: boolean }).connected, 10_000, 'browser sees the agent');
    expect(await relayedRead(browser, ctl.id, 'after-failover')).toMatchObject(notSupported('after-failover'));
    // And the API answers through the balancer with only B left.
    expect(balancer.healthy()).toEqual([b.url]);
    expect((await admin.request('GET', `/api/SyrxControllers/${ctl.id}`)).status).toBe(200);
    console.info(`failover: the agent was on ${agentWasOnA ? 'the killed instance' : 'the surviving instance'}; in flight ended in ${ended.map((r) => `${r.status} after ${r.ms} ms`).join(', ')}`);
  }, 90_000);
});

describe.runIf(dbPass.postgres)('an instance told to stop (SIGTERM)', () => {
  it('drains: readiness says 503 at once while requests and sockets still work, then it closes them and exits cleanly', async () => {
    const t = await apps.start();
    const admin = t.client();
    await admin.signIn();
    const ctl = (await admin.post('/api/SyrxControllers', { name: 'Draining', description: '' })).json<{ id: string; password: string }>();
    const a = await startInstance('127.0.0.96', { DATABASE_URL: inject('databaseUrl'), SHUTDOWN_DRAIN_MS: '3000' });
    apps.defer(() => a.kill());
    const agent = io(`${a.url}${agentNamespace}`, { transports: ['websocket'], auth: { controller_id: ctl.id, password: ctl.password }, reconnection: false, forceNew: true });
    apps.defer(() => agent.disconnect());
    await waitFor(() => agent.connected, 10_000, 'agent connected');

    const exitCode = new Promise<number | null>((resolve) => a.child.once('exit', (code) => resolve(code)));
    a.child.kill('SIGTERM');
    await waitFor(async () => (await fetch(`${a.url}/api/health/ready`)).status === 503, 2000, 'readiness 503');
    expect((await fetch(`${a.url}/api/health/live`)).status).toBe(200);
    expect(agent.connected).toBe(true);
    const dropped = new Promise<string>((resolve) => agent.once('disconnect', resolve));
    // The connection is dropped, not closed by the server's choice ("io server disconnect" would tell it not to come back).
    expect(await dropped).toBe('transport close');
    expect(await exitCode).toBe(0);
  }, 30_000);
});

// PostgreSQL of the test's own, restarted under load: the PostgreSQL pass only (it is a PostgreSQL fault).
describe.runIf(dbPass.postgres)('PostgreSQL restarted under load', () => {
  it('the server reconnects by itself; every record an agent sent is stored once; the API answers again', async () => {
    const postgres = startPrivatePostgres('127.0.0.99', 5499);
    apps.defer(() => postgres.stop());
    const t = await apps.start({}, { databaseUrl: postgres.url });
    const url = await listen(t);
    const { admin, ctl, points } = await controllerWithPoints(t, 4);
    const { socket } = await protocolAgent(url, ctl, apps);

    // Load: an agent sending a batch of records every 20 ms, each sent again until acknowledged (as the agent's
    // buffer does), and a browser listing controllers; PostgreSQL restarts in the middle.
    const t0 = Date.now() - 3_600_000;
    let batches = 0;
    let failedAcks = 0;
    const sent = new Set<string>();
    let running = true;
    const agentLoad = (async () => {
      for (let i = 0; running; i++) {
        const batch = points.map((p): AgentRecord => [p.id, t0 + i * 1000, i]);
        for (let ack = await sendRecords(socket, batch).catch(() => null); !ack?.ok; ack = await sendRecords(socket, batch).catch(() => null)) {
          failedAcks++;
          await sleep(100);
        }
        for (const [id, time] of batch) sent.add(`${id}@${time}`);
        batches++;
        await sleep(20);
      }
    })();
    const statuses = new Map<number, number>();
    const browserLoad = (async () => {
      while (running) {
        const r = await admin.get('/api/SyrxControllers');
        statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
        await sleep(20);
      }
    })();

    await waitFor(() => batches >= 20, 20_000, 'load under way');
    const before = batches;
    postgres.restart();
    await waitFor(() => batches >= before + 50, 30_000, 'records acknowledged after the restart');
    running = false;
    await Promise.all([agentLoad, browserLoad]);

    expect((await admin.get('/api/SyrxControllers')).statusCode).toBe(200);
    expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);
    const stored = await t.db.execute<{ n: number; distinct_n: number }>(sql`
      select count(*)::int as n, count(distinct (data_point_id, ts))::int as distinct_n from point_records`);
    expect(stored.rows[0]).toEqual({ n: sent.size, distinct_n: sent.size });
    // The browser saw the outage as 503s (try again; never a 500 or a hang), and 200s again after.
    expect(statuses.get(200)).toBeGreaterThan(0);
    for (const code of statuses.keys()) expect([200, 503]).toContain(code);
    console.info(`PostgreSQL restart: ${batches} batches (${sent.size} records) stored once; ${failedAcks} acknowledgements failed and were sent again; browser statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  }, 90_000);
});
