import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { agentEvents } from '@syrx/contracts/agent-protocol';
import { type LiveLogEntry, liveLogEvents, liveLogNamespace, type LiveLogMessage } from '@syrx/contracts/live-logs';
import { clientEvents, type ConnectAck, type ServiceStatuses } from '@syrx/contracts/realtime';
import { browserSocket, serverWithController } from '../../test/agent-helpers.ts';
import { type Controller, outsider, until } from '../../test/bacnet-helpers.ts';
import { collect, listeningAgent, namespaceSocket, next } from '../../test/operations-helpers.ts';
import { type TestClient, useTestApps } from '../../test/test-app.ts';

const apps = useTestApps();

const entry = (n: number): LiveLogEntry => ({
  journalCursor: `s=1;i=${n}`, timestamp: new Date(Date.UTC(2026, 10, 22, 12, 0, n)).toISOString(), systemdUnit: 'syrx-reporting.service', logLevel: 'INFO', message: `line ${n}`,
});

async function setup() {
  const { t, url, admin, ctl } = await serverWithController(apps);
  const watcher = (client: TestClient) => namespaceSocket(url, liveLogNamespace, client, apps);
  const agent = async (c: Controller = ctl) => {
    const { socket, heard } = await listeningAgent(url, c, [agentEvents.liveLogsWatch], apps);
    return { socket, watch: heard[agentEvents.liveLogsWatch] as { watch: boolean }[] };
  };
  const watch = (s: Socket, id: string = ctl.id) => s.timeout(10_000).emitWithAck(liveLogEvents.connect, { syrxControllerId: id }) as Promise<ConnectAck>;
  return { t, url, admin, ctl, watcher, agent, watch };
}

describe('live logs (agent protocol)', () => {
  it('tells the agent to stream while someone watches, relays its entries to the watchers, and to stop after the last leaves', async () => {
    const { admin, ctl, watcher, agent, watch } = await setup();
    const a = await agent();
    const first = await watcher(admin);
    expect(await watch(first, ctl.id.toUpperCase())).toEqual({ connected: true });
    await until(async () => a.watch.length === 1);
    const second = await watcher(admin);
    expect(await watch(second)).toEqual({ connected: true });

    const got = [first, second].map((s) => collect<LiveLogMessage>(s, liveLogEvents.logEntries));
    a.socket.emit(agentEvents.liveLogs, { logEntries: [entry(1), entry(2)] });
    a.socket.emit(agentEvents.liveLogs, { logEntries: [{ ...entry(3), logLevel: 'LOUD' }] }); // malformed: dropped
    a.socket.emit(agentEvents.liveLogs, { syrxControllerId: 'someone-else', logEntries: [entry(4)] });
    await until(async () => got.every((g) => g.length === 2));
    for (const g of got) expect(g).toEqual([{ syrxControllerId: ctl.id, logEntries: [entry(1), entry(2)] }, { syrxControllerId: ctl.id, logEntries: [entry(4)] }]);

    // The first stops watching (its own request), the second leaves (disconnects): only then is the agent told to stop.
    first.emit(liveLogEvents.disconnect, { syrxControllerId: ctl.id });
    const stopped = next<{ watch: boolean }>(a.socket, agentEvents.liveLogsWatch);
    second.disconnect();
    expect(await stopped).toEqual({ watch: false });
    expect(a.watch).toEqual([{ watch: true }, { watch: false }]);

    // Watching again starts it again; an agent that reconnects while watched is told at once.
    expect(await watch(first)).toEqual({ connected: true });
    await until(async () => a.watch.length === 3);
    a.socket.disconnect();
    const again = await agent();
    await until(async () => again.watch.length === 1);
    expect(again.watch).toEqual([{ watch: true }]);
  });

  it('refuses controllers the user cannot see and sockets without a session', async () => {
    const { t, url, watcher, watch } = await setup();
    const stranger = await watcher(await outsider(t));
    expect(await watch(stranger)).toEqual({ error: 'The Syrx controller was not found.' });
    expect(await watch(stranger, 'not-a-controller')).toEqual({ error: 'The Syrx controller was not found.' });
    expect(await (stranger.timeout(5000).emitWithAck(liveLogEvents.connect, {}) as Promise<ConnectAck>)).toEqual({ error: 'syrxControllerId is required' });
    await expect(namespaceSocket(url, liveLogNamespace, null, apps)).rejects.toThrow('not signed in');
  });
});

describe('service statuses', () => {
  it('reaches the controller’s browsers after a heartbeat whose unit statuses changed, and only then', async () => {
    const { url, admin, ctl, agent } = await setup();
    const a = await agent();
    const browser = browserSocket(url, admin, apps);
    await browser.timeout(10_000).emitWithAck(clientEvents.connect, { syrxControllerId: ctl.id });
    const heard = collect<ServiceStatuses>(browser, clientEvents.serviceStatuses);
    const heartbeat = (state: string) => a.socket.timeout(10_000).emitWithAck(agentEvents.heartbeat, {
      services: [{ service_id: 'Syrx.UpdaterService', reported_version: '1.0.0' }],
      critical_statuses: [{ unit: 'syrx-updater.service', active_state: 'active', sub_state: 'running' }, { unit: 'rabbitmq-server.service', active_state: state }],
    });
    for (const state of ['active', 'active', 'failed', 'failed', 'active']) expect(await heartbeat(state)).toEqual({ ok: true });
    await until(async () => heard.length === 3);
    expect(heard.map((h) => [h.syrxControllerId, h.statuses[1]?.active_state])).toEqual([[ctl.id, 'active'], [ctl.id, 'failed'], [ctl.id, 'active']]);
    const report = (await admin.get(`/api/SyrxControllers/${ctl.id}/critical-systemd-service-statuses`)).json<{ statuses: unknown; reported_at: string }>();
    expect(heard[2]).toEqual({ syrxControllerId: ctl.id, statuses: report.statuses, reported_at: heard[2]?.reported_at, agent_state: 'reporting' });
    expect(Date.parse(heard[2]?.reported_at ?? '')).toBeLessThanOrEqual(Date.parse(report.reported_at));
  });
});
