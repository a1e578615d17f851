import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { agentAuthErrors, agentEvents, agentNamespace } from '@syrx/contracts/agent-protocol';
import { liveLogEvents, liveLogNamespace, type LiveLogMessage } from '@syrx/contracts/live-logs';
import { clientEvents, dataResponse, type RequestResponse } from '@syrx/contracts/realtime';
import { type TerminalConnectAck, terminalEvents, terminalNamespace } from '@syrx/contracts/terminal';
import { type Controller, until, viewerWithController } from '../../test/bacnet-helpers.ts';
import { updaterAgent } from '../../test/cluster-helpers.ts';
import { collect, listeningAgent, namespaceSocket, upload } from '../../test/operations-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

/** Two server instances on one PostgreSQL and one Redis (REDIS_URL), as docs/operations.md deploys them. */
const apps: TestApp[] = [];
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  for (const a of apps.splice(0).reverse()) await a.close();
});

async function instances(env: Record<string, string> = {}, envA: Record<string, string> = {}, envB: Record<string, string> = {}): Promise<{ a: TestApp; b: TestApp; urlA: string; urlB: string }> {
  const shared = { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `syrx-test-${randomUUID()}`, ...env };
  const a = await createTestApp({ ...shared, ...envA });
  apps.push(a);
  const b = await createTestApp({ ...shared, ...envB }, { keepData: true });
  apps.push(b);
  const url = async (t: TestApp) => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  };
  return { a, b, urlA: await url(a), urlB: await url(b) };
}

function browser(url: string, client: TestClient): Socket {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const socket = io(url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  cleanups.push(() => socket.disconnect());
  return socket;
}
const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

// PGlite serves one process; several instances need PostgreSQL.
describe.skipIf(process.env.TEST_DB !== 'postgres')('several instances on PostgreSQL and Redis', () => {
  it('relays a browser’s request on one instance to the agent connected to the other, and tells it when the agent leaves', async () => {
    const { a, b, urlA, urlB } = await instances();
    const adminA = a.client();
    await adminA.signIn();
    const controller = (await adminA.post('/api/SyrxControllers', { name: 'Two instances', description: '' })).json<{ id: string; password: string }>();
    const agent = await updaterAgent(urlA, controller);
    cleanups.push(() => agent.stop());

    const adminB = b.client();
    await adminB.signIn();
    const onB = browser(urlB, adminB);
    expect(await onB.emitWithAck(clientEvents.connect, { syrxControllerId: controller.id })).toEqual({ connected: true });
    const answered = next<RequestResponse>(onB, clientEvents.requestResponse);
    onB.emit(clientEvents.startRequest, { requestType: 'ReadProperty', syrxControllerId: controller.id, requestId: 'x1', macAddress: '127.0.0.5:47808', network: 0, instanceNumber: 5 });
    // The agent (on A) runs no query service: its own final answer comes back to the browser on B.
    expect(await answered).toMatchObject({ requestId: 'x1', data: { IsException: true, ExceptionType: 'NotSupported', IsComplete: true } });

    const down = next<{ connected: boolean }>(onB, clientEvents.agentStatus);
    await agent.stop();
    expect((await down).connected).toBe(false);
  });

  it("relays an agent's reply only for a request to its own controller, when the request was made on another instance", async () => {
    const { a, b, urlA, urlB } = await instances();
    const adminA = a.client();
    await adminA.signIn();
    const ctlA = (await adminA.post('/api/SyrxControllers', { name: 'Controller A', description: '' })).json<Controller>();
    // Controller B belongs to another organization; both agents are connected to A, the browser to B.
    const { ctl: ctlB } = await viewerWithController(a, adminA);
    const agentA = await listeningAgent(urlA, ctlA, [agentEvents.request]);
    const agentB = await listeningAgent(urlA, ctlB, []);
    cleanups.push(() => agentA.socket.disconnect(), () => agentB.socket.disconnect());
    const warnOnB = vi.spyOn(b.app.log, 'warn');

    const adminB = b.client();
    await adminB.signIn();
    const onB = browser(urlB, adminB);
    expect(await onB.timeout(5000).emitWithAck(clientEvents.connect, { syrxControllerId: ctlA.id })).toEqual({ connected: true });
    const heard = collect<RequestResponse>(onB, clientEvents.requestResponse);
    onB.emit(clientEvents.startRequest, { requestType: 'ReadProperty', syrxControllerId: ctlA.id, requestId: 'x2', macAddress: '127.0.0.5:47808', network: 0, instanceNumber: 5 });
    await until(async () => (agentA.heard[agentEvents.request]?.length ?? 0) > 0, 5000, 'the request reaching agent A');
    const [{ request, replyTo }] = agentA.heard[agentEvents.request] as [{ request: { requestId: string }; replyTo: string }];

    // Agent B names the browser's request and socket; its instance holds no such request and passes the reply on.
    agentB.socket.emit(agentEvents.response, { requestId: request.requestId, replyTo, data: dataResponse({ from: 'B' }, false) });
    agentB.socket.emit(agentEvents.response, { requestId: request.requestId, replyTo, data: dataResponse({ from: 'B' }, true) });
    await upload(agentB.socket, agentEvents.pointUpload, { action: 'launch' });
    agentA.socket.emit(agentEvents.response, { requestId: request.requestId, replyTo, data: dataResponse({ from: 'A' }, true) });
    await until(async () => heard.some((r) => (r.data?.Data as { from?: string } | undefined)?.from === 'A'), 5000, "A's answer");
    expect(heard.map((r) => [r.requestId, r.data?.Data])).toEqual([['x2', { from: 'A' }]]);
    expect(warnOnB).toHaveBeenCalledWith(expect.objectContaining({ controllerId: ctlB.id, requestControllerId: ctlA.id }), expect.any(String));
  });

  it('runs the roles apart: the API instance’s own call reaches the agent on the realtime instance, and its answer comes back', async () => {
    const { a, b, urlB } = await instances({}, { ROLES: 'api,worker' }, { ROLES: 'realtime' });
    const admin = a.client();
    await admin.signIn();
    // The realtime instance serves no API; the API instance takes no sockets.
    expect((await b.client().post('/api/v2/auth', { username: 'admin', password: 'x' })).statusCode).toBe(404);
    const controller = (await admin.post('/api/SyrxControllers', { name: 'Split roles', description: '' })).json<{ id: string; password: string }>();
    const device = (await admin.post(`/api/SyrxControllers/${controller.id}/syrx-controller-bacnet-devices`, { mac_address: '127.0.0.5:47808', instance_number: 5 })).json<{ id: number }>();
    const agent = await updaterAgent(urlB, controller);
    cleanups.push(() => agent.stop());

    // The agent runs no query service: its NotSupported answer crosses back to A at once, not A's 20-second time-out.
    const started = Date.now();
    const reload = await admin.post(`/api/SyrxControllers/${controller.id}/bacnet-devices/${device.id}/reload-properties`, {});
    expect(reload.statusCode).toBe(502);
    expect(reload.json<{ message: string }>().message).toMatch(/^NotSupported/);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('streams live logs and runs a terminal for a browser on one instance through the agent connected to the other', async () => {
    const { b, urlA, urlB } = await instances();
    const adminB = b.client();
    await adminB.signIn();
    const ctl = (await adminB.post('/api/SyrxControllers', { name: 'Remote shell', description: '' })).json<Controller>();
    // A client on the agent protocol, connected to A, whose control service opens every terminal asked for.
    const { socket: agent, heard } = await listeningAgent(urlA, ctl, [agentEvents.liveLogsWatch]);
    cleanups.push(() => agent.disconnect());
    agent.on(agentEvents.terminalOpen, (_m: unknown, ack: (x: unknown) => void) => ack({ ok: true }));

    // Live logs: the watcher on B starts the agent's stream on A, and the agent's entries reach it.
    const watcher = await namespaceSocket(urlB, liveLogNamespace, adminB);
    cleanups.push(() => watcher.disconnect());
    expect(await watcher.timeout(10_000).emitWithAck(liveLogEvents.connect, { syrxControllerId: ctl.id })).toEqual({ connected: true });
    await until(async () => heard[agentEvents.liveLogsWatch]?.length === 1, 5000, 'the agent told to stream');
    const entries = next<LiveLogMessage>(watcher, liveLogEvents.logEntries);
    const line = { journalCursor: 's=1;i=1', timestamp: '2026-11-25T12:00:00.000Z', systemdUnit: 'syrx-reporting.service', logLevel: 'INFO', message: 'across' } as const;
    agent.emit(agentEvents.liveLogs, { logEntries: [line] });
    expect(await entries).toEqual({ syrxControllerId: ctl.id, logEntries: [line] });

    // Terminal: opened from B, input reaches the agent on A, the agent's output and exit come back to B's browser.
    const shell = await namespaceSocket(urlB, terminalNamespace, adminB);
    cleanups.push(() => shell.disconnect());
    const opened = (await shell.timeout(15_000).emitWithAck(terminalEvents.connect, { agentId: ctl.id })) as TerminalConnectAck;
    if (!('terminalId' in opened)) throw new Error(`no terminal: ${opened.error}`);
    const { terminalId } = opened;
    const input = next(agent, agentEvents.terminalInput);
    shell.emit(terminalEvents.data, { terminalId, data: 'uptime\r' });
    expect(await input).toEqual({ terminalId, data: 'uptime\r' });
    const output = next(shell, terminalEvents.output);
    agent.emit(agentEvents.terminalOutput, { terminalId, data: 'up 3 days\r\n' });
    expect(await output).toEqual({ terminalId, data: 'up 3 days\r\n' });
    const closed = next<{ terminalId: string }>(shell, terminalEvents.closed);
    agent.emit(agentEvents.terminalExit, { terminalId, exitCode: 0 });
    expect(await closed).toMatchObject({ terminalId });
  });

  it('refuses an instance without the realtime role and without Redis', async () => {
    await expect(createTestApp({ ROLES: 'api' })).rejects.toThrow(/ROLES: an instance without the realtime role/);
    await expect(createTestApp({ ROLES: 'api,cron' })).rejects.toThrow(/each role must be one of api, realtime, worker/);
  });

  it("holds back an agent's failing address on every instance (the back-off lives in Redis), never the controller's own", async () => {
    const { a, urlA, urlB } = await instances({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    const admin = a.client();
    await admin.signIn();
    const ctl = (await admin.post('/api/SyrxControllers', { name: 'Hammered', description: '' })).json<Controller>();
    const handshake = (url: string, from: string, password: string) => new Promise<string>((resolve) => {
      const options = { transports: ['websocket'], auth: { controller_id: ctl.id, password }, reconnection: false, forceNew: true, localAddress: from };
      const s = io(`${url}${agentNamespace}`, options as Partial<ManagerOptions & SocketOptions>);
      cleanups.push(() => s.disconnect());
      s.once('connect', () => resolve('connected'));
      s.once('connect_error', (err) => resolve(err.message));
    });
    for (let i = 0; i < 3; i++) expect(await handshake(urlA, '127.0.0.2', `guess-${i}`)).toBe(agentAuthErrors.invalid);
    expect(await handshake(urlB, '127.0.0.2', ctl.password)).toBe(agentAuthErrors.rateLimited);
    expect(await handshake(urlB, '127.0.0.1', ctl.password)).toBe('connected');
  });

  it('counts sign-in attempts across instances (the rate limit lives in Redis)', async () => {
    const { a, b } = await instances({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const attempt = (t: TestApp) => t.client().post('/api/v2/auth', { username: 'nobody', password: 'wrong' });
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(429);
  });
});
