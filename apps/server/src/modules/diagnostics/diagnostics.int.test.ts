import { describe, expect, it } from 'vitest';
import { agentEvents } from '@syrx/contracts/agent-protocol';
import type { DiagnosticsLatest, DiagnosticsSnapshot } from '@syrx/contracts/diagnostics';
import { serviceIds } from '@syrx/contracts/services';
import { ctlUrl, expectStatus, outsider } from '../../test/bacnet-helpers.ts';
import { upload } from '../../test/operations-helpers.ts';
import { serverWithProtocolAgent } from '../../test/records-helpers.ts';
import { useTestApps } from '../../test/test-app.ts';
import { createControllersService } from '../controllers/controllers.service.ts';
import { createGroupsService } from '../groups/groups.service.ts';
import { DomainEvents } from '../../lib/domain-events.ts';
import { createDiagnosticsService } from './diagnostics.service.ts';

const apps = useTestApps();

const minute = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** A snapshot whose contents say when it was taken. */
const snapshot = (timestamp: number, tag: string): DiagnosticsSnapshot => ({
  timestamp,
  processes: [{ pid: 4242, name: `syrx-agent-${tag}`, command: 'node src/main.ts', user: 'syrx', cpu_percent: 1.5, mem_percent: 2.25, mem_kb: 81_920, started: iso(timestamp - 3_600_000) }],
  network_interface_information: `1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 (${tag})`,
  rabbitmq: {
    state: 'ok', error: null,
    queues: [{ name: `q-${tag}`, policy: null, numMessagesReady: 3, numMessagesUnacknowledged: 1, numMessagesTotal: 4, firstSeenTimestamp: iso(timestamp), '@timestamp': iso(timestamp) }],
    channels: [{ name: '127.0.0.1:5000 -> 127.0.0.1:5672 (1)', connectionName: '127.0.0.1:5000 -> 127.0.0.1:5672', numConsumers: 1, prefetchCount: 10, numMessagesUnacknowledged: 1 }],
    connections: [{ name: '127.0.0.1:5000 -> 127.0.0.1:5672', peerHost: '127.0.0.1', peerPort: 5000, host: '127.0.0.1', port: 5672 }],
  },
});

async function setup() {
  const { t, admin, ctl, socket } = await serverWithProtocolAgent(apps);
  const latestUrl = (service: string, q = '') => `${ctlUrl(ctl)}/services/${service}/diagnostics/latest${q}`;
  const latest = async (q = '', service: string = serviceIds.diagnostic) => expectStatus(await admin.get(latestUrl(service, q)), 200).json<DiagnosticsLatest>();
  return { t, admin, socket, latest, latestUrl };
}

describe('diagnostics', () => {
  it('answers the latest snapshot of the last 10 minutes, or of the range asked, in the wire shape', async () => {
    const { socket, latest } = await setup();
    const now = Date.now();
    const times = { old: now - 30 * minute, earlier: now - 8 * minute, recent: now - 2 * minute };
    for (const [tag, at] of Object.entries(times)) expect(await upload(socket, agentEvents.diagnostics, snapshot(at, tag))).toEqual({ ok: true, stored: 1 });
    expect(await upload(socket, agentEvents.diagnostics, snapshot(times.recent, 'again'))).toEqual({ ok: true, stored: 0 });

    const s = snapshot(times.recent, 'recent');
    expect(await latest()).toEqual({
      process_information: { timestamp: iso(times.recent), processes: s.processes },
      network_interface_information: { timestamp: iso(times.recent), networkInterfaceInformation: s.network_interface_information },
      rabbitmq_metrics: {
        timestamp: iso(times.recent), state: 'ok', error: null, rabbitmq_metrics_active_queues: s.rabbitmq.queues,
        rabbitmq_metrics_active_channels: s.rabbitmq.channels, rabbitmq_metrics_active_connections: s.rabbitmq.connections,
      },
    });
    const range = (from: number, to: number) => `?startDate=${encodeURIComponent(iso(from))}&endDate=${encodeURIComponent(iso(to))}`;
    expect((await latest(range(now - 60 * minute, now - 5 * minute))).process_information?.processes[0]?.name).toBe('syrx-agent-earlier');
    expect((await latest(range(now - 60 * minute, times.old))).network_interface_information?.timestamp).toBe(iso(times.old));
    // Only an end: the 10 minutes before it; only a start: from there to now.
    expect((await latest(`?endDate=${encodeURIComponent(iso(now - 25 * minute))}`)).rabbitmq_metrics?.rabbitmq_metrics_active_queues[0]?.name).toBe('q-old');
    expect((await latest(`?startDate=${encodeURIComponent(iso(now - 60 * minute))}`)).rabbitmq_metrics?.timestamp).toBe(iso(times.recent));
    expect(await latest(range(now - 120 * minute, now - 90 * minute))).toEqual({ process_information: null, network_interface_information: null, rabbitmq_metrics: null });
    // The older id of the diagnostic service is accepted.
    expect((await latest('', 'Syrx.DiagnosticService')).process_information?.timestamp).toBe(iso(times.recent));
  });

  it('keeps snapshots 7 days, and refuses other services, other groups, bad ranges and malformed snapshots', async () => {
    const { t, socket, admin, latestUrl, latest } = await setup();
    const now = Date.now();
    expect(await upload(socket, agentEvents.diagnostics, snapshot(now - 8 * 86_400_000, 'too old'))).toEqual({ ok: true, stored: 0 });
    expect(await upload(socket, agentEvents.diagnostics, snapshot(now - 6 * 86_400_000, 'six days'))).toEqual({ ok: true, stored: 1 });
    expect(await upload(socket, agentEvents.diagnostics, snapshot(now - minute, 'now'))).toEqual({ ok: true, stored: 1 });
    const service = createDiagnosticsService(t.db, createControllersService(t.db, createGroupsService(t.db), new DomainEvents()));
    expect(await service.purgeExpired(now + 2 * 86_400_000)).toBe(1);
    expect((await latest()).process_information?.processes[0]?.name).toBe('syrx-agent-now');

    for (const bad of [{ ...snapshot(now, 'x'), timestamp: 'now' }, { ...snapshot(now, 'x'), rabbitmq: { state: 'broken' } }, {}]) {
      expect((await upload(socket, agentEvents.diagnostics, bad)).ok).toBe(false);
    }
    for (const service of [serviceIds.reporting, 'Syrx.Services.Nothing', 'Diagnostic']) {
      const res = await admin.get(latestUrl(service));
      expect(res.statusCode, service).toBe(404);
      expect(res.json<{ message: string }>().message).toBe('The diagnostic service was not found.');
    }
    const bad = await admin.get(latestUrl(serviceIds.diagnostic, `?startDate=${iso(now)}&endDate=${iso(now - minute)}`));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: { field: string }[] }>().fields[0]?.field).toBe('endDate');
    expect((await admin.get(latestUrl(serviceIds.diagnostic, '?startDate=yesterday'))).json<{ fields: { field: string }[] }>().fields[0]?.field).toBe('startDate');
    expect((await (await outsider(t)).get(latestUrl(serviceIds.diagnostic))).statusCode).toBe(404);
  });
});
