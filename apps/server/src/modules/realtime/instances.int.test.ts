import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { agentAuthErrors, agentEvents } from '@syrx/contracts/agent-protocol';
import { liveLogEvents, liveLogNamespace, type LiveLogMessage } from '@syrx/contracts/live-logs';
import { clientEvents, dataResponse, type RequestResponse } from '@syrx/contracts/realtime';
import { type TerminalConnectAck, terminalEvents, terminalNamespace } from '@syrx/contracts/terminal';
import { browserSocket, listen, nextAgentStatus, notSupported, relayedRead, startRead } from '../../test/agent-helpers.ts';
import { type Controller, until, viewerWithController } from '../../test/bacnet-helpers.ts';
import { updaterAgent } from '../../test/cluster-helpers.ts';
import { agentHandshake, collect, listeningAgent, namespaceSocket, next, upload } from '../../test/operations-helpers.ts';
import { type TestApp, useTestApps } from '../../test/test-app.ts';
import { dbPass } from '../../test/db-pass.ts';

const apps = useTestApps();

/** Two server instances on one PostgreSQL and one Redis (REDIS_URL), as docs/operations.md deploys them. */
async function instances(env: Record<string, string> = {}, envA: Record<string, string> = {}, envB: Record<string, string> = {}): Promise<{ a: TestApp; b: TestApp; urlA: string; urlB: string }> {
  const shared = { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `syrx-test-${randomUUID()}`, ...env };
  const a = await apps.start({ ...shared, ...envA });
  const b = await apps.start({ ...shared, ...envB }, { keepData: true });
  return { a, b, urlA: await listen(a), urlB: await listen(b) };
}


// PGlite serves one process; several instances need PostgreSQL.
describe.runIf(dbPass.postgres)('several instances on PostgreSQL and Redis', () => {
  it('relays a browser’s request on one instance to the agent connected to the other, and tells it when the agent leaves', async () => {
    const { a, b, urlA, urlB } = await instances();
    const adminA = a.client();
    await adminA.signIn();
    const controller = (await adminA.post('/api/SyrxControllers', { name: 'Two instances', description: '' })).json<{ id: string; password: string }>();
    const agent = await updaterAgent(urlA, controller);
    apps.defer(() => agent.stop());

    const adminB = b.client();
    await adminB.signIn();
    const onB = browserSocket(urlB, adminB, apps);
    expect(await onB.emitWithAck(clientEvents.connect, { syrxControllerId: controller.id })).toEqual({ connected: true });
    // The agent (on A) runs no query service: its own final answer comes back to the browser on B.
    expect(await relayedRead(onB, controller.id, 'x1')).toMatchObject(notSupported('x1'));

    const down = nextAgentStatus(onB);
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
    const agentA = await listeningAgent(urlA, ctlA, [agentEvents.request], apps);
    const agentB = await listeningAgent(urlA, ctlB, [], apps);
    const warnOnB = vi.spyOn(b.app.log, 'warn');

    const adminB = b.client();
    await adminB.signIn();
    const onB = browserSocket(urlB, adminB, apps);
    expect(await onB.timeout(5000).emitWithAck(clientEvents.connect, { syrxControllerId: ctlA.id })).toEqual({ connected: true });
    const heard = collect<RequestResponse>(onB, clientEvents.requestResponse);
    startRead(onB, ctlA.id, 'x2');
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
    apps.defer(() => agent.stop());

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
    const { socket: agent, heard } = await listeningAgent(urlA, ctl, [agentEvents.liveLogsWatch], apps);
    agent.on(agentEvents.terminalOpen, (_m: unknown, ack: (x: unknown) => void) => ack({ ok: true }));

    // Live logs: the watcher on B starts the agent's stream on A, and the agent's entries reach it.
    const watcher = await namespaceSocket(urlB, liveLogNamespace, adminB, apps);
    expect(await watcher.timeout(10_000).emitWithAck(liveLogEvents.connect, { syrxControllerId: ctl.id })).toEqual({ connected: true });
    await until(async () => heard[agentEvents.liveLogsWatch]?.length === 1, 5000, 'the agent told to stream');
    const entries = next<LiveLogMessage>(watcher, liveLogEvents.logEntries);
    const line = { journalCursor: 's=1;i=1', timestamp: '2026-11-25T12:00:00.000Z', systemdUnit: 'syrx-reporting.service', logLevel: 'INFO', message: 'across' } as const;
    agent.emit(agentEvents.liveLogs, { logEntries: [line] });
    expect(await entries).toEqual({ syrxControllerId: ctl.id, logEntries: [line] });

    // Terminal: opened from B, input reaches the agent on A, the agent's output and exit come back to B's browser.
    const shell = await namespaceSocket(urlB, terminalNamespace, adminB, apps);
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
    await expect(apps.start({ ROLES: 'api' })).rejects.toThrow(/ROLES: an instance without the realtime role/);
    await expect(apps.start({ ROLES: 'api,cron' })).rejects.toThrow(/each role must be one of api, realtime, worker/);
  });

  it("holds back an agent's failing address on every instance (the back-off lives in Redis), never the controller's own", async () => {
    const { a, urlA, urlB } = await instances({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    const admin = a.client();
    await admin.signIn();
    const ctl = (await admin.post('/api/SyrxControllers', { name: 'Hammered', description: '' })).json<Controller>();
    const handshake = (url: string, from: string, password: string) => agentHandshake(apps, url, { id: ctl.id, password }, from);
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
