import { ObjectType } from '@bacnet-js/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentConfigSchema, type AgentConfig } from '@syrx/contracts/agent-protocol';
import { reportingDiagnosticsSchema, type ReportingPoint } from '@syrx/contracts/records';
import { silentLogger } from '../../logger.ts';
import { eventually, recordingServer, simPoint, tempDir } from '../../testing/reporting-fixture.ts';
import { startSimFixture, type SimFixture } from '../../testing/sim-fixture.ts';
import { createReportingService, type ReportingService } from './reporting.service.ts';

// This file's address range: the demo building at 127.0.83.0, the agent at 127.0.83.200.
let sim: SimFixture;
let dir: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  sim = await startSimFixture('127.0.83.0');
  dir = await tempDir('reporting');
});
afterAll(async () => {
  await sim.stop();
  await dir.remove();
});

const config = (enabled: boolean, points: ReportingPoint[]): AgentConfig => agentConfigSchema.parse({ enabled_services: [], bacnet: null, reporting: { enabled, poll_seconds: 60, points } });
/** The service as main.ts builds it, on the fixture's interface, polling every second. */
function startService(server: ReturnType<typeof recordingServer>, points: ReportingPoint[]): ReportingService {
  const service = createReportingService({ version: '1.0.0', logger: silentLogger, bacnet: sim.bacnet, dataDir: dir.path, pollSeconds: 1 });
  service.start?.(server);
  service.configure?.(config(true, points));
  return service;
}
const diagnosticsOf = (service: ReportingService) => reportingDiagnosticsSchema.parse(service.diagnostics?.());

describe('reporting service', { timeout: 60_000 }, () => {
  it('collects COV and polled points into the buffer, keeps them through an outage and a restart, then uploads them all, oldest first', async () => {
    const covPoint = simPoint(sim, 101, 1101, ObjectType.ANALOG_INPUT, 3);
    const polledPoint = simPoint(sim, 102, 1201, ObjectType.ANALOG_INPUT, 4);
    const server = recordingServer();
    server.state.down = true;
    const first = startService(server, [covPoint, polledPoint]);

    // The server is unreachable: records accumulate, and the heartbeat says so.
    const outage = await eventually(() => {
      const d = diagnosticsOf(first);
      return d.buffer_depth >= 4 && d.cov_subscriptions === 1 && d.polled_points === 1 ? d : null;
    }, 'records buffered during the outage');
    expect(outage.oldest_unsent).not.toBeNull();
    expect(Date.parse(outage.oldest_unsent ?? '')).toBeLessThanOrEqual(Date.now());
    expect(first.state()).toBe('active');

    // The agent restarts during the outage: the buffer is still there. (Both runs share one interface and subscriber
    // process id, so a cancellation of the first run that lands late would cancel the second's subscription: stop()
    // waits at most 2 s for the device, which a loaded machine can exceed.)
    const device = sim.site.device(1101);
    await first.stop?.();
    await eventually(() => device.covSubscriptions === 0, "the first run's subscription cancelled");
    const second = startService(server, [covPoint, polledPoint]);
    await eventually(() => diagnosticsOf(second).buffer_depth >= outage.buffer_depth, 'the buffer reopened');
    // Its COV subscription is back before the value changes, so the change is what it hears (not a poll a minute later).
    await eventually(() => diagnosticsOf(second).cov_subscriptions === 1 && device.covSubscriptions === 1, 'the COV subscription renewed');
    expect(server.batches).toEqual([]);

    // Back online: everything goes, oldest first, and the buffer empties.
    // 75.5 is outside the point's pattern (a sine between 58 and 64): were it within the COV increment (0.1) of the
    // value last notified, there would be no notification (CI ran into that when the sine stood at 63.5).
    sim.site.setValue(1101, { type: 'analog-input', instance: 3 }, 75.5);
    server.up();
    await eventually(() => server.records().some((r) => r[0] === 101 && r[2] === 75.5), 'a change after the outage');
    // One reading of the diagnostics: the polled point adds a record every second, so a second reading may see it.
    await eventually(() => {
      const d = diagnosticsOf(second);
      return d.buffer_depth === 0 && d.oldest_unsent === null;
    }, 'an empty buffer');
    const times = server.records().map((r) => r[1]);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBe(Date.parse(outage.oldest_unsent ?? ''));
    expect(server.records().filter((r) => r[0] === 102).length).toBeGreaterThan(1);

    // Disabled: nothing is collected and the subscriptions are cancelled.
    second.configure?.(config(false, [covPoint, polledPoint]));
    await second.settled();
    expect(second.state()).toBe('inactive');
    expect(diagnosticsOf(second)).toMatchObject({ cov_subscriptions: 0, polled_points: 0 });
    await second.stop?.();
  });
});
