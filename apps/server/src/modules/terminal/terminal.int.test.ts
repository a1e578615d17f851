import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { agentEvents } from '@syrx/contracts/agent-protocol';
import { type TerminalConnectAck, terminalEvents, terminalNamespace } from '@syrx/contracts/terminal';
import { serverWithController } from '../../test/agent-helpers.ts';
import { type Controller, outsider, until, viewerWithController } from '../../test/bacnet-helpers.ts';
import { auditEntries, collect, namespaceSocket, next } from '../../test/operations-helpers.ts';
import { protocolAgent } from '../../test/records-helpers.ts';
import { type TestClient, useTestApps } from '../../test/test-app.ts';
import { closeReasons, terminalMessagesOf } from './terminal.service.ts';

const apps = useTestApps();

type Closed = { terminalId: string; reason: string };

/** A client on the agent protocol whose control service opens every terminal asked for (or answers `refuse`). */
async function shellAgent(url: string, ctl: Controller, refuse?: string) {
  const { socket } = await protocolAgent(url, ctl, apps);
  const opened: { terminalId: string; cols: number; rows: number }[] = [];
  socket.on(agentEvents.terminalOpen, (m: (typeof opened)[number], ack: (a: unknown) => void) => {
    opened.push(m);
    ack(refuse ? { ok: false, error: refuse } : { ok: true });
  });
  return { socket, opened, closes: collect<{ terminalId: string }>(socket, agentEvents.terminalClose) };
}

async function setup(idleMs?: number) {
  const { t, url, admin, ctl } = await serverWithController(apps, {}, idleMs ? { terminalIdleMs: idleMs } : {});
  const browser = (client: TestClient) => namespaceSocket(url, terminalNamespace, client, apps);
  const connect = (s: Socket, payload: unknown = { agentId: ctl.id }) => s.timeout(15_000).emitWithAck(terminalEvents.connect, payload) as Promise<TerminalConnectAck>;
  return { t, url, admin, ctl, browser, connect };
}

const idOf = (ack: TerminalConnectAck) => {
  if (!('terminalId' in ack)) throw new Error(`no terminal: ${ack.error}`);
  return ack.terminalId;
};

describe('terminal sessions (agent protocol)', () => {
  it('opens a terminal for pcs_admin, relays input, resize and output, closes it on request, and audits both', async () => {
    const { url, admin, ctl, browser, connect } = await setup();
    const agent = await shellAgent(url, ctl);
    const b = await browser(admin);
    const terminalId = idOf(await connect(b, { agentId: ctl.id.toUpperCase(), dimensions: { cols: 120, rows: 40 } }));
    expect(agent.opened).toEqual([{ terminalId, cols: 120, rows: 40 }]);

    const input = next(agent.socket, agentEvents.terminalInput);
    b.emit(terminalEvents.data, { terminalId, data: 'echo hi\r' });
    expect(await input).toEqual({ terminalId, data: 'echo hi\r' });
    const resize = next(agent.socket, agentEvents.terminalResize);
    b.emit(terminalEvents.resize, { terminalId, dimensions: { cols: 90, rows: 20 } });
    expect(await resize).toEqual({ terminalId, cols: 90, rows: 20 });
    // Output of a terminal the server does not know is dropped; the session's own reaches its browser.
    const output = next(b, terminalEvents.output);
    agent.socket.emit(agentEvents.terminalOutput, { terminalId: 'not-a-session', data: 'stray' });
    agent.socket.emit(agentEvents.terminalOutput, { terminalId, data: 'hi\r\n$ ' });
    expect(await output).toEqual({ terminalId, data: 'hi\r\n$ ' });

    const closed = next<Closed>(b, terminalEvents.closed);
    b.emit(terminalEvents.disconnect, { terminalId });
    expect(await closed).toEqual({ terminalId, reason: closeReasons.user });
    await until(async () => agent.closes.length === 1);
    expect(agent.closes).toEqual([{ terminalId }]);

    await until(async () => (await auditEntries(admin)).some((e) => e.action === 'terminal.close'), 5000, 'terminal audited');
    // Other entries (the controller's own) may interleave: take the terminal's by their action.
    const entries = await auditEntries(admin);
    const open = entries.find((e) => e.action === 'terminal.open');
    const close = entries.find((e) => e.action === 'terminal.close');
    const who = { user_id: 1, username: 'admin', target_type: 'syrx_controller', target_id: ctl.id, group_id: ctl.group_id, ip: '127.0.0.1', user_agent: 'syrx-test-browser/1.0' };
    expect(open).toMatchObject({ ...who, action: 'terminal.open', details: { terminal_id: terminalId, cols: 120, rows: 40 } });
    expect(close).toMatchObject({ ...who, action: 'terminal.close', details: { terminal_id: terminalId, reason: closeReasons.user, duration_seconds: expect.any(Number) as number } });
  });

  it('refuses users without pcs_admin (audited), other groups, absent agents, refusals and bad requests', async () => {
    const { t, url, admin, ctl, browser, connect } = await setup();
    const { viewer, ctl: theirs } = await viewerWithController(t, admin);
    await shellAgent(url, theirs);
    expect(await connect(await browser(viewer), { agentId: theirs.id })).toEqual({ error: terminalMessagesOf.forbidden });
    expect(await connect(await browser(await outsider(t)), { agentId: ctl.id })).toEqual({ error: terminalMessagesOf.notFound });
    const b = await browser(admin);
    expect(await connect(b)).toEqual({ error: terminalMessagesOf.noAgent });
    expect(await connect(b, { dimensions: { cols: 80, rows: 24 } })).toEqual({ error: 'agentId is required' });
    const refusing = await shellAgent(url, ctl, 'The control service is not enabled.');
    expect(await connect(b)).toEqual({ error: 'The control service is not enabled.' });
    expect(refusing.opened).toHaveLength(1);
    await expect(namespaceSocket(url, terminalNamespace, null, apps)).rejects.toThrow('not signed in');

    await until(async () => (await auditEntries(admin)).filter((e) => e.action === 'terminal.refused').length === 2, 5000, 'refusals audited');
    const refused = (await auditEntries(admin)).filter((e) => e.action === 'terminal.refused');
    expect(refused.map((e) => [e.username, e.target_id, e.group_id, e.details.reason])).toEqual([
      ['outsider@example.com', ctl.id, null, terminalMessagesOf.notFound],
      ['viewer@example.com', theirs.id, theirs.group_id, terminalMessagesOf.forbidden],
    ]);
  });

  it('keeps one session per user and controller, closes idle ones, and closes them when the browser or the agent leaves', async () => {
    const { url, admin, ctl, browser, connect } = await setup(3000);
    const agent = await shellAgent(url, ctl);
    const first = await browser(admin);
    const second = await browser(admin);
    const one = idOf(await connect(first));
    const replaced = next<Closed>(first, terminalEvents.closed);
    const two = idOf(await connect(second));
    expect(await replaced).toEqual({ terminalId: one, reason: closeReasons.replaced });
    // Nothing typed or printed for the idle time (3 s here, 15 minutes normally): closed.
    expect(await next<Closed>(second, terminalEvents.closed)).toEqual({ terminalId: two, reason: closeReasons.idle });

    const three = idOf(await connect(second));
    first.disconnect();
    const replacedAgain = next<Closed>(second, terminalEvents.closed);
    const four = idOf(await connect(await browser(admin)));
    expect(await replacedAgain).toEqual({ terminalId: three, reason: closeReasons.replaced });
    await until(async () => agent.closes.length === 3);
    expect(agent.closes.map((c) => c.terminalId)).toEqual([one, two, three]);

    const watcher = await browser(admin);
    const five = idOf(await connect(watcher));
    expect(five).not.toBe(four);
    const gone = next<Closed>(watcher, terminalEvents.closed);
    agent.socket.disconnect();
    expect(await gone).toEqual({ terminalId: five, reason: closeReasons.agentLeft });
    await until(async () => (await auditEntries(admin)).filter((e) => e.action === 'terminal.close').length === 5, 5000, 'closes audited');
    const reasons = (await auditEntries(admin)).filter((e) => e.action === 'terminal.close').map((e) => e.details.reason);
    expect(reasons.sort()).toEqual([closeReasons.agentLeft, closeReasons.idle, closeReasons.replaced, closeReasons.replaced, closeReasons.replaced].sort());
  });
});
