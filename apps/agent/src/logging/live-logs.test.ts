import { afterEach, describe, expect, it } from 'vitest';
import { agentEvents } from '@syrx/contracts/agent-protocol';
import { liveLogMessageSchema, type LiveLogEntry } from '@syrx/contracts/live-logs';
import { serviceIds, serviceUnits } from '@syrx/contracts/services';
import { createLogger, serviceLogger } from '../logger.ts';
import { recordingContext, type RecordingContext } from '../testing/recording-context.ts';
import { eventually } from '../testing/reporting-fixture.ts';
import { LiveLogBatcher } from './live-log-batcher.ts';
import { journalEntryOf } from './live-log-sources.ts';
import { createLiveLogs } from './live-logs.ts';
import { LogHub } from './log-hub.ts';

// Without systemd (as here): the agent's own lines, through the real logger and hub, to a recording server.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
function startLiveLogs() {
  const hub = new LogHub();
  const root = createLogger('info', {}, { tap: { level: 'trace', write: hub.write }, destination: { write: () => true } });
  const live = createLiveLogs({ hub, outputLevel: 30, logger: root, systemd: false });
  const server = recordingContext();
  live.start(server.context);
  cleanups.push(() => live.stop());
  return { root, live, server };
}
const messages = (server: RecordingContext) => server.payloads(agentEvents.liveLogs).map((p) => liveLogMessageSchema.omit({ syrxControllerId: true }).parse(p).logEntries);
const entries = (server: RecordingContext): LiveLogEntry[] => messages(server).flat();
const arrived = (server: RecordingContext, text: string) => eventually(() => entries(server).find((e) => e.message.startsWith(text)), text);

describe('live logs', () => {
  it('streams the services\' lines only while watched, and stops when the connection is lost', async () => {
    const { root, live, server } = startLiveLogs();
    const reporting = serviceLogger(root, serviceIds.reporting);
    reporting.info('before watching');
    expect(await server.request(agentEvents.liveLogsWatch, { watch: true })).toEqual({ ok: true });
    expect(live.streaming()).toBe(true);
    reporting.debug('below the output level');
    reporting.info({ points: 2 }, 'collecting');
    serviceLogger(root, serviceIds.diagnostic).warn('rabbitmqctl failed');
    root.error({ err: new Error('lost') }, 'socket trouble');

    await arrived(server, 'socket trouble');
    expect(entries(server).map((e) => [e.systemdUnit, e.logLevel, e.message.split('\n')[0]])).toEqual([
      [serviceUnits[serviceIds.reporting], 'INFO', 'collecting {"points":2}'],
      [serviceUnits[serviceIds.diagnostic], 'WARNING', 'rabbitmqctl failed'],
      [serviceUnits[serviceIds.updater], 'ERR', 'socket trouble'],
    ]);
    expect(entries(server)[2]?.message).toMatch(/^socket trouble\nError: lost\n\s+at /);
    const cursors = entries(server).map((e) => e.journalCursor);
    expect([...cursors].sort()).toEqual(cursors);
    expect(new Set(cursors).size).toBe(3);

    server.send(agentEvents.liveLogsWatch, { watch: false });
    expect(live.streaming()).toBe(false);
    reporting.info('while nobody watches');
    server.send(agentEvents.liveLogsWatch, { watch: true });
    reporting.info('watched again');
    await arrived(server, 'watched again');

    server.disconnect();
    expect(live.streaming()).toBe(false);
    reporting.info('while disconnected');
    server.reconnect();
    server.send(agentEvents.liveLogsWatch, { watch: true });
    reporting.info('back');
    await arrived(server, 'back');
    expect(entries(server).filter((e) => /before watching|nobody watches|disconnected|below the output/.test(e.message))).toEqual([]);
    expect(Date.parse(entries(server)[0]?.timestamp ?? '')).toBeGreaterThan(0);
  });

  it('gets a burst of 200 lines a second through, many per message', async () => {
    const { root, server } = startLiveLogs();
    server.send(agentEvents.liveLogsWatch, { watch: true });
    const log = serviceLogger(root, serviceIds.control);
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 10; i++) log.info(`burst ${round * 10 + i}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await arrived(server, 'burst 199');
    expect(entries(server).map((e) => e.message)).toEqual(Array.from({ length: 200 }, (_, i) => `burst ${i}`));
    // Lines logged in one go wait for the next message: at most one message per round of ten.
    expect(messages(server).length).toBeLessThanOrEqual(20);
    expect(Math.max(...messages(server).map((m) => m.length))).toBeGreaterThanOrEqual(10);
  });

  it('sends at most 2000 entries a message, the rest in the next ones', async () => {
    const sent: LiveLogEntry[][] = [];
    const batcher = new LiveLogBatcher({ send: (e) => sent.push(e), intervalMs: 10 });
    const entry = (i: number): LiveLogEntry => ({ journalCursor: String(i), timestamp: new Date().toISOString(), systemdUnit: 'u', logLevel: 'INFO', message: `m${i}` });
    batcher.add(Array.from({ length: 5000 }, (_, i) => entry(i)));
    await eventually(() => sent.length === 3, 'three messages');
    expect(sent.map((m) => m.length)).toEqual([2000, 2000, 1000]);
    expect(sent.flat().map((e) => e.journalCursor)).toEqual(Array.from({ length: 5000 }, (_, i) => String(i)));
  });

  it('reads journalctl\'s JSON: cursor, time, unit, priority as level, and a message given as octets', () => {
    const line = JSON.stringify({
      __CURSOR: 's=6c1f;i=2a41;b=9e0d;m=1b2c;t=5f3a;x=77', __REALTIME_TIMESTAMP: '1794400000123456', PRIORITY: '4',
      _SYSTEMD_UNIT: 'syrx-reporting.service', MESSAGE: 'upload failed; trying again', _PID: '812',
    });
    expect(journalEntryOf(line)).toEqual({
      journalCursor: 's=6c1f;i=2a41;b=9e0d;m=1b2c;t=5f3a;x=77', timestamp: new Date(1794400000123).toISOString(),
      systemdUnit: 'syrx-reporting.service', logLevel: 'WARNING', message: 'upload failed; trying again',
    });
    const levels = ['0', '2', '3', '4', '5', '6', '7'].map((p) => journalEntryOf(JSON.stringify({ __CURSOR: 'c', __REALTIME_TIMESTAMP: '1', PRIORITY: p, MESSAGE: 'x' }))?.logLevel);
    expect(levels).toEqual(['CRIT', 'CRIT', 'ERR', 'WARNING', 'INFO', 'INFO', 'DEBUG']);
    const octets = journalEntryOf(JSON.stringify({ __CURSOR: 'c', __REALTIME_TIMESTAMP: '1', MESSAGE: [...Buffer.from('caf\u00e9')] }));
    expect(octets?.message).toBe('caf\u00e9');
    expect(journalEntryOf('-- No entries --')).toBeNull();
  });
});
