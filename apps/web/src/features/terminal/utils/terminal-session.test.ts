import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeNamespaces } from '../../../testing/fake-socket';
import { readTerminalAck, terminalDimensions } from './terminal-ack';
import { type TerminalScreen, TerminalSession, connectTimeoutMs, connectionLost } from './terminal-session';

const agentId = '7b0e9d4e-2f7a-4c1e-9a7e-0d1f3c5b6a70';

function fakeScreen() {
  const written: string[] = [];
  const screen: TerminalScreen = { write: (d) => written.push(d), size: () => ({ cols: 120, rows: 30 }), reset: vi.fn(), focus: vi.fn() };
  return { screen, written };
}

function session(ack: unknown = { terminalId: 't-1' }) {
  const namespaces = new FakeNamespaces();
  namespaces.next('/terminal').answers.set('client/server/connect', () => ack);
  const s = new TerminalSession(agentId, namespaces.create);
  const { screen, written } = fakeScreen();
  s.attach(screen);
  return { s, namespaces, written, socket: () => namespaces.latest('/terminal') };
}

afterEach(() => vi.useRealTimers());

describe('terminal acknowledgement', () => {
  it('is the terminal id, the server’s error, or "Terminal id not returned"', () => {
    expect(readTerminalAck({ terminalId: 'abc' })).toEqual({ ok: true, terminalId: 'abc' });
    expect(readTerminalAck({ error: 'Opening a terminal needs the pcs_admin permission.' })).toEqual({ ok: false, error: 'Opening a terminal needs the pcs_admin permission.' });
    expect(readTerminalAck({})).toEqual({ ok: false, error: 'Terminal id not returned' });
    expect(readTerminalAck({ terminalId: '' })).toEqual({ ok: false, error: 'Terminal id not returned' });
    expect(readTerminalAck(undefined)).toEqual({ ok: false, error: 'Terminal id not returned' });
  });

  it('keeps sizes within what the server accepts', () => {
    expect(terminalDimensions(0, 9999)).toEqual({ cols: 2, rows: 500 });
  });
});

describe('terminal session', () => {
  it('connects with the controller id and the screen size, then carries keystrokes, sizes and output', () => {
    const { s, written, socket } = session();
    s.connect();
    expect(socket()?.sent('client/server/connect')).toEqual([{ agentId, dimensions: { cols: 120, rows: 30 } }]);
    expect(s.getSnapshot()).toEqual({ kind: 'open', terminalId: 't-1' });

    s.send('echo hi\r');
    s.resize(100, 40);
    socket()?.serverEmit('server/client/data', { terminalId: 't-1', data: 'hi\r\n' });
    socket()?.serverEmit('server/client/data', { terminalId: 'someone-else', data: 'no' });
    expect(socket()?.sent('client/server/data')).toEqual([{ terminalId: 't-1', data: 'echo hi\r' }]);
    expect(socket()?.sent('client/server/resize')).toEqual([{ terminalId: 't-1', dimensions: { cols: 100, rows: 40 } }]);
    expect(written).toEqual(['hi\r\n']);

    s.disconnect();
    expect(socket()?.sent('client/server/disconnect')).toEqual([{ terminalId: 't-1' }]);
    expect(s.getSnapshot()).toEqual({ kind: 'closed', reason: null });
    expect(socket()?.closed).toBe(true);
  });

  it('fails with "Terminal id not returned" when the acknowledgement has no id', () => {
    const { s, socket } = session({ ok: true });
    s.connect();
    expect(s.getSnapshot()).toEqual({ kind: 'failed', error: 'Terminal id not returned' });
    expect(socket()?.closed).toBe(true);
    s.send('ignored');
    expect(socket()?.sent('client/server/data')).toEqual([]);
  });

  it('shows why the server closed the session, and a lost connection', () => {
    const { s, socket, namespaces } = session();
    s.connect();
    socket()?.serverEmit('server/client/closed', { terminalId: 't-1', reason: 'Closed after 15 minutes without input or output.' });
    expect(s.getSnapshot()).toEqual({ kind: 'closed', reason: 'Closed after 15 minutes without input or output.' });

    namespaces.next('/terminal').answers.set('client/server/connect', () => ({ terminalId: 't-2' }));
    s.connect();
    expect(namespaces.opened).toHaveLength(2);
    socket()?.disconnectNow();
    expect(s.getSnapshot()).toEqual({ kind: 'closed', reason: connectionLost });
  });

  it('gives up when the server does not answer', () => {
    vi.useFakeTimers();
    const namespaces = new FakeNamespaces();
    namespaces.next('/terminal').unanswered.add('client/server/connect');
    const s = new TerminalSession(agentId, namespaces.create);
    s.connect();
    expect(s.getSnapshot()).toEqual({ kind: 'connecting' });
    vi.advanceTimersByTime(connectTimeoutMs);
    expect(s.getSnapshot()).toEqual({ kind: 'failed', error: 'The server did not answer in time.' });
  });
});
