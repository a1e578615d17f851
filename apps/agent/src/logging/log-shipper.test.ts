import { afterEach, describe, expect, it } from 'vitest';
import { agentEvents } from '@syrx/contracts/agent-protocol';
import { agentLogsUploadSchema, type AgentLogEntry, type ServiceLogLevel } from '@syrx/contracts/service-logs';
import { serviceIds } from '@syrx/contracts/services';
import { createLogger, serviceLogger, subLogger } from '../logger.ts';
import { recordingContext, type RecordingContext } from '../testing/recording-context.ts';
import { eventually, tempDir } from '../testing/reporting-fixture.ts';
import { LogHub } from './log-hub.ts';
import { createLogShipper, type LogShipper } from './log-shipper.ts';

// The agent's real logger (pino, a multistream to a sink and the hub), a real queue on disk, a recording server.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function agentLogger(shipLevel: ServiceLogLevel, dataDir: string, server: RecordingContext) {
  const hub = new LogHub();
  const output: string[] = [];
  const root = createLogger('info', { controllerId: 'c1' }, { tap: { level: 'trace', write: hub.write }, destination: { write: (l: string) => output.push(l) } });
  const shipper = createLogShipper({ hub, shipLevel, dataDir, logger: root });
  cleanups.unshift(() => shipper.stop());
  shipper.start(server.context);
  return { root, shipper, output };
}
const shipped = (server: RecordingContext): AgentLogEntry[] =>
  server.payloads(agentEvents.logs).flatMap((p) => agentLogsUploadSchema.parse(p).entries);
const queued = async (shipper: LogShipper) => {
  await shipper.flush();
  return shipper.queue()?.depth ?? 0;
};

describe('log shipper', () => {
  it('ships the lines at or above the shipped level, with service, dotted logger, level names and the stack as exception', async () => {
    const dir = await tempDir('logs');
    cleanups.push(dir.remove);
    const server = recordingContext();
    const { root, output } = agentLogger('DEBUG', dir.path, server);
    const reporting = serviceLogger(root, serviceIds.reporting);
    const collector = subLogger(reporting, 'Collector');

    collector.trace('not shipped: below DEBUG');
    collector.debug({ points: 3 }, 'polling 3 points');
    reporting.info('reporting queue open');
    reporting.warn({ err: 'no answer' }, 'upload failed');
    collector.error({ err: new Error('boom') }, 'cannot read');
    root.fatal('the agent gives up');

    const entries = await eventually(() => { const e = shipped(server); return e.length >= 5 ? e : null; }, 'five entries');
    expect(entries.map((e) => [e.level, e.service_id, e.logger, e.message])).toEqual([
      ['DEBUG', serviceIds.reporting, `${serviceIds.reporting}.Collector`, 'polling 3 points {"points":3}'],
      ['INFO', serviceIds.reporting, serviceIds.reporting, 'reporting queue open'],
      ['WARN', serviceIds.reporting, serviceIds.reporting, 'upload failed'],
      ['ERROR', serviceIds.reporting, `${serviceIds.reporting}.Collector`, 'cannot read'],
      ['FATAL', serviceIds.updater, serviceIds.updater, 'the agent gives up'],
    ]);
    expect(entries[2]?.exception).toBe('no answer');
    expect(entries[3]?.exception).toMatch(/^Error: boom\n\s+at .*log-shipper\.test\.ts/);
    expect(entries.filter((e) => e.level !== 'WARN' && e.level !== 'ERROR').map((e) => e.exception)).toEqual([null, null, null]);
    expect(new Set(entries.map((e) => e.id)).size).toBe(5);
    // The agent's output keeps its own level (info) whatever is shipped.
    expect(output.some((l) => l.includes('polling 3 points'))).toBe(false);
    expect(output.some((l) => l.includes('cannot read'))).toBe(true);
  });

  it('ships from INFO up when told so, keeps entries through an outage and a restart, and never gives an id twice', async () => {
    const dir = await tempDir('logs');
    cleanups.push(dir.remove);
    const server = recordingContext();
    const first = agentLogger('INFO', dir.path, server);
    const service = serviceLogger(first.root, serviceIds.diagnostic);
    service.info('before the outage');
    await eventually(() => shipped(server).length === 1, 'the first entry');

    server.disconnect();
    service.debug('not shipped');
    for (let i = 0; i < 3; i++) service.warn(`during the outage ${i}`);
    expect(await queued(first.shipper)).toBe(3);
    await first.shipper.stop();

    // The agent restarts during the outage: the entries are still queued, and new ones get new ids.
    const second = agentLogger('INFO', dir.path, server);
    serviceLogger(second.root, serviceIds.diagnostic).error('after the restart');
    expect(await queued(second.shipper)).toBe(4);
    server.reconnect();
    const entries = await eventually(() => { const e = shipped(server); return e.length >= 5 ? e : null; }, 'every entry');
    expect(entries.map((e) => e.message)).toEqual(['before the outage', 'during the outage 0', 'during the outage 1', 'during the outage 2', 'after the restart']);
    expect(new Set(entries.map((e) => e.id)).size).toBe(5);
    await eventually(async () => (await queued(second.shipper)) === 0, 'an empty queue');
  });
});
