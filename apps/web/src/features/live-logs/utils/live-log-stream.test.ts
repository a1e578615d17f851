import { describe, expect, it } from 'vitest';
import { FakeNamespaces } from '../../../testing/fake-socket';
import { pause, resume } from './live-log-buffer';
import { type FrameScheduler, LiveLogStream } from './live-log-stream';

const controllerId = '7b0e9d4e-2f7a-4c1e-9a7e-0d1f3c5b6a70';
const entry = (n: number) => ({ journalCursor: `c${n}`, timestamp: '2025-03-07T14:05:09Z', systemdUnit: 'syrx-agent.service', logLevel: 'INFO', message: `line ${n}` });

/** Frames that run only when the test says so. */
function manualFrames() {
  const queued = new Map<number, () => void>();
  let next = 0;
  const frames: FrameScheduler = {
    request: (callback) => {
      queued.set((next += 1), callback);
      return next;
    },
    cancel: (handle) => queued.delete(handle),
  };
  const run = () => {
    const all = [...queued.values()];
    queued.clear();
    all.forEach((f) => f());
  };
  return { frames, run, pending: () => queued.size };
}

function started() {
  const namespaces = new FakeNamespaces();
  const { frames, run, pending } = manualFrames();
  const stream = new LiveLogStream(controllerId, frames);
  let updates = 0;
  stream.subscribe(() => (updates += 1));
  const stop = stream.start(namespaces.create);
  const socket = namespaces.latest('/live-logs');
  if (!socket) throw new Error('no socket');
  return { stream, socket, run, pending, stop, updates: () => updates };
}

describe('live log stream', () => {
  it('connects with the controller id and shows entries once per frame, however many messages came', () => {
    const { stream, socket, run, pending, updates } = started();
    expect(socket.sent('client/server/connect')).toEqual([{ syrxControllerId: controllerId }]);
    expect(stream.getSnapshot().connection).toEqual({ state: 'watching' });

    const before = updates();
    for (let m = 0; m < 20; m += 1) socket.serverEmit('server/client/log-entries', { syrxControllerId: controllerId, logEntries: [entry(m * 10), entry(m * 10 + 1)] });
    expect(stream.getSnapshot().buffer.rows).toHaveLength(0);
    expect(pending()).toBe(1);
    run();
    expect(updates() - before).toBe(1);
    expect(stream.getSnapshot().buffer.rows.map((r) => r.message).slice(0, 3)).toEqual(['line 0', 'line 1', 'line 10']);
    expect(stream.getSnapshot().buffer.rows).toHaveLength(40);
  });

  it('skips entries that are not valid and messages about another controller', () => {
    const { stream, socket, run } = started();
    socket.serverEmit('server/client/log-entries', { syrxControllerId: controllerId, logEntries: [entry(1), { message: 'no level' }] });
    socket.serverEmit('server/client/log-entries', { syrxControllerId: 'another', logEntries: [entry(2)] });
    run();
    expect(stream.getSnapshot().buffer.rows.map((r) => r.message)).toEqual(['line 1']);
  });

  it('holds entries while paused and shows them on resume', () => {
    const { stream, socket, run } = started();
    stream.update(pause);
    socket.serverEmit('server/client/log-entries', { logEntries: [entry(1)] });
    run();
    expect(stream.getSnapshot().buffer.rows).toHaveLength(0);
    expect(stream.getSnapshot().buffer.held).toHaveLength(1);
    stream.update(resume);
    expect(stream.getSnapshot().buffer.rows).toHaveLength(1);
  });

  it('says when the server refuses, watches again after a reconnect, and leaves when stopped', () => {
    const { stream, socket, stop, pending } = started();
    socket.disconnectNow();
    expect(stream.getSnapshot().connection).toEqual({ state: 'disconnected' });
    socket.answers.set('client/server/connect', () => ({ error: 'Syrx controller was not found.' }));
    socket.connectNow();
    expect(socket.sent('client/server/connect')).toHaveLength(2);
    expect(stream.getSnapshot().connection).toEqual({ state: 'refused', error: 'Syrx controller was not found.' });

    socket.serverEmit('server/client/log-entries', { logEntries: [entry(1)] });
    stop();
    expect(pending()).toBe(0);
    expect(socket.sent('client/server/disconnect')).toEqual([{ syrxControllerId: controllerId }]);
    expect(socket.closed).toBe(true);
  });

  it('keeps no more than the buffer could show while no frame comes (a hidden tab)', () => {
    const { stream, socket, run } = started();
    stream.update((b) => pause(b));
    for (let m = 0; m < 50; m += 1) socket.serverEmit('server/client/log-entries', { logEntries: Array.from({ length: 100 }, (_, i) => entry(m * 100 + i)) });
    run();
    const { buffer } = stream.getSnapshot();
    expect(buffer.held).toHaveLength(2000);
    expect(buffer.held.at(-1)?.message).toBe('line 4999');
    expect(buffer.droppedWhilePaused).toBe(3000);
  });
});
