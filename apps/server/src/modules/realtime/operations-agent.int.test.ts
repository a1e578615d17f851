import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { connect as amqpConnect } from 'amqplib';
import type { DiagnosticsLatest } from '@syrx/contracts/diagnostics';
import { liveLogEvents, liveLogNamespace, type LiveLogMessage } from '@syrx/contracts/live-logs';
import type { MetricsBucket } from '@syrx/contracts/metrics';
import type { ServiceLogEntry } from '@syrx/contracts/service-logs';
import { serviceIds } from '@syrx/contracts/services';
import { type TerminalConnectAck, terminalEvents, terminalNamespace } from '@syrx/contracts/terminal';
import { useAgentTestFile } from '../../test/agent-helpers.ts';
import { type Controller, ctlUrl, expectStatus, send, until, viewerWithController } from '../../test/bacnet-helpers.ts';
import { auditEntries, collect, namespaceSocket } from '../../test/operations-helpers.ts';
import { type OperationsOptions, queuesDir } from '../../test/operations-agent.ts';
import { dbPass } from '../../test/db-pass.ts';
import type { TestClient } from '../../test/test-app.ts';
import { terminalMessagesOf } from '../terminal/terminal.service.ts';

// The agent's remote operations are the subject, not the database: the PostgreSQL pass only (test/db-pass.ts).
// This file's loopback range, 127.0.91.x: the agent's BACnet interface at .200; no simulated building.
const file = useAgentTestFile(91, { building: false });
const version = '>=1.0.0 <2.0.0-0';

/** The server, a controller with the diagnostic and control services enabled, and its real agent running them. */
async function withAgent(operations: Omit<OperationsOptions, 'dataDir'> = {}) {
  const { t, url, admin, ctl } = await file.controller();
  await enable(admin, ctl);
  const agent = file.agent(url, ctl, { operations: { ...operations, dataDir: queuesDir(file) } });
  await until(async () => agent.config()?.enabled_services.length === 3, 10_000, 'agent configured');
  const socket = (namespace: string, client: TestClient) => namespaceSocket(url, namespace, client, file);
  return { t, url, admin, ctl, agent, ops: agent.operations!, socket };
}

const enable = async (admin: TestClient, ctl: Controller) => expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/enabled-services`,
  [serviceIds.updater, serviceIds.diagnostic, serviceIds.control].map((service_id) => ({ service_id, assigned_version: version }))), 200);
const tag = () => randomBytes(4).toString('hex');

describe.runIf(dbPass.postgres)('remote operations with the real agent', () => {
  it('ships a real service’s log entries, which filter by level', async () => {
    // A broker command that cannot run: the diagnostic service warns once, beside its info lines.
    const { admin, ctl } = await withAgent({ shipLogLevel: 'DEBUG', rabbitmq: '/nonexistent/rabbitmqctl' });
    const logs = async (min: string) => expectStatus(await admin.get(`${ctlUrl(ctl)}/services/${serviceIds.diagnostic}/logs?minLogLevel=${min}&take=1000`), 200).json<ServiceLogEntry[]>();
    await until(async () => (await logs('WARN')).length > 0, 20_000, 'the warning shipped');
    const warnings = await logs('WARN');
    expect(warnings[0]).toMatchObject({
      syrx_controller_id: ctl.id, service_id: serviceIds.diagnostic, level: 'WARN', logger: serviceIds.diagnostic,
      message: 'RabbitMQ metrics cannot be read', exception: expect.stringContaining('/nonexistent/rabbitmqctl') as string,
    });
    expect(warnings.every((e) => ['WARN', 'ERROR', 'FATAL'].includes(e.level))).toBe(true);
    const info = await logs('INFO');
    // An info line with its context: "diagnostics: taking snapshots and samples {"enabled":true}".
    expect(info.some((e) => e.level === 'INFO' && e.message.startsWith('diagnostics: taking snapshots and samples'))).toBe(true);
    expect(info.length).toBeGreaterThan(warnings.length);
    expect(info.every((e) => e.level !== 'DEBUG' && e.level !== 'TRACE')).toBe(true);
    expect((await logs('DEBUG')).length).toBeGreaterThanOrEqual(info.length);
    // The agent's own lines are shipped as the updater's (no service bound).
    expect((await admin.get(`${ctlUrl(ctl)}/services/${serviceIds.updater}/logs/count`)).json<{ count: number }>().count).toBeGreaterThan(0);
  }, 60_000);

  it('streams live logs only while someone watches, and stops after the last watcher leaves', async () => {
    const { admin, ctl, ops, socket } = await withAgent();
    const log = ops.loggerOf(serviceIds.control);
    const watch = async () => {
      const s = await socket(liveLogNamespace, admin);
      const got = collect<LiveLogMessage>(s, liveLogEvents.logEntries);
      expect(await s.timeout(10_000).emitWithAck(liveLogEvents.connect, { syrxControllerId: ctl.id })).toEqual({ connected: true });
      await until(async () => ops.liveLogs.streaming(), 10_000, 'agent streaming');
      return { s, got, lines: () => got.flatMap((m) => m.logEntries.map((e) => e.message)) };
    };
    const first = await watch();
    const second = await watch();
    const seen = `seen-${tag()}`;
    log.info(seen);
    await until(async () => first.lines().includes(seen) && second.lines().includes(seen), 10_000, 'line relayed to both watchers');
    expect(first.got[0]?.syrxControllerId).toBe(ctl.id);
    expect(first.got.flatMap((m) => m.logEntries).find((e) => e.message === seen)).toMatchObject({ logLevel: 'INFO', systemdUnit: 'syrx-control.service' });

    first.s.disconnect();
    const unseen = `unseen-${tag()}`;
    log.info(`still-watched-${unseen}`);
    await until(async () => second.lines().includes(`still-watched-${unseen}`), 10_000, 'the other watcher still served');
    second.s.emit(liveLogEvents.disconnect, { syrxControllerId: ctl.id });
    await until(async () => !ops.liveLogs.streaming(), 10_000, 'agent stopped streaming');
    log.warn(unseen);

    const third = await watch();
    const after = `after-${tag()}`;
    log.info(after);
    await until(async () => third.lines().includes(after), 10_000, 'streaming again');
    expect(third.lines()).not.toContain(unseen);
    expect(second.lines()).not.toContain(unseen);
  }, 60_000);

  it('reports the machine’s RabbitMQ queues, processes and interfaces in the latest diagnostics', async () => {
    const amqp = await amqpConnect('amqp://guest:guest@127.0.0.1:5672');
    file.defer(() => amqp.close());
    const channel = await amqp.createChannel();
    const queue = `syrx-test-${tag()}`;
    await channel.assertQueue(queue, { durable: false });
    file.defer(() => channel.deleteQueue(queue));
    for (const n of [1, 2, 3]) channel.sendToQueue(queue, Buffer.from(`message ${n}`));

    const { admin, ctl } = await withAgent({ rabbitmq: 'rabbitmqctl' });
    const latest = async () => expectStatus(await admin.get(`${ctlUrl(ctl)}/services/Syrx.DiagnosticService/diagnostics/latest`), 200).json<DiagnosticsLatest>();
    const ours = (d: DiagnosticsLatest) => d.rabbitmq_metrics?.rabbitmq_metrics_active_queues.find((q) => q.name === queue);
    await until(async () => ours(await latest())?.numMessagesReady === 3, 40_000, 'the queue and its messages in the diagnostics');
    const d = await latest();
    expect(d.rabbitmq_metrics).toMatchObject({ state: 'ok', error: null });
    expect(ours(d)).toMatchObject({ name: queue, numMessagesReady: 3, numMessagesUnacknowledged: 0, numMessagesTotal: 3 });
    expect(d.rabbitmq_metrics?.rabbitmq_metrics_active_connections.length).toBeGreaterThan(0);
    expect(d.process_information?.processes.some((p) => p.pid === process.pid)).toBe(true);
    expect(d.network_interface_information?.networkInterfaceInformation).toContain('127.0.0.1');
    expect(Date.parse(d.process_information?.timestamp ?? '')).toBeGreaterThan(Date.now() - 10 * 60_000);
  }, 60_000);

  it('samples metrics the charts read back', async () => {
    const { admin, ctl } = await withAgent();
    const range = () => ({ startDate: new Date(Date.now() - 10 * 60_000).toISOString(), endDate: new Date(Date.now() + 60_000).toISOString() });
    const groups = async (groupType: string) => expectStatus(await admin.get(`${ctlUrl(ctl)}/metrics/groups?${new URLSearchParams({ ...range(), groupType }).toString()}`), 200).json<string[]>();
    await until(async () => (await groups('process')).includes('syrx-agent'), 20_000, 'the agent’s own samples');
    expect(await groups('overall')).toEqual(['overall']);
    expect(await groups('systemd_service')).toEqual(expect.arrayContaining(['syrx-diagnostic.service', 'syrx-control.service']));
    const q = new URLSearchParams({ ...range(), groupType: 'process', groups: 'syrx-agent', resolution: '1m' });
    const buckets = expectStatus(await admin.get(`${ctlUrl(ctl)}/metrics?${q.toString()}`), 200).json<MetricsBucket[]>();
    const agentMem = buckets.flatMap((b) => b.groups).map((g) => g.aggregates.mem);
    expect(agentMem.length).toBeGreaterThan(0);
    for (const m of agentMem) expect(m.min <= m.avg && m.avg <= m.max && m.min > 0).toBe(true);
  }, 60_000);

  it('runs a real shell in a terminal for pcs_admin, refuses a user without it, and audits both', async () => {
    const { t, admin, ctl, socket } = await withAgent();
    const term = await socket(terminalNamespace, admin);
    const output = collect<{ terminalId: string; data: string }>(term, terminalEvents.output);
    const ack = await term.timeout(20_000).emitWithAck(terminalEvents.connect, { agentId: ctl.id, dimensions: { cols: 100, rows: 30 } }) as TerminalConnectAck;
    if (!('terminalId' in ack)) throw new Error(ack.error);
    const marker = tag();
    // The shell computes 6*7: the answer is in its output, not in the echo of what was typed.
    term.emit(terminalEvents.data, { terminalId: ack.terminalId, data: `echo syrx-$((6*7))-${marker}\r` });
    const text = () => output.filter((o) => o.terminalId === ack.terminalId).map((o) => o.data).join('');
    await until(async () => text().includes(`syrx-42-${marker}`), 20_000, 'the shell’s answer').catch((err: unknown) => {
      throw new Error(`${String(err)}; the terminal showed: ${JSON.stringify(text())}, ${output.length} messages`);
    });
    const closed = new Promise<{ reason: string }>((resolve) => term.once(terminalEvents.closed, resolve));
    term.emit(terminalEvents.disconnect, { terminalId: ack.terminalId });
    expect(await closed).toMatchObject({ terminalId: ack.terminalId });

    const { viewer, ctl: theirs } = await viewerWithController(t, admin);
    const refused = await (await socket(terminalNamespace, viewer)).timeout(20_000).emitWithAck(terminalEvents.connect, { agentId: theirs.id }) as TerminalConnectAck;
    expect(refused).toEqual({ error: terminalMessagesOf.forbidden });

    await until(async () => (await auditEntries(admin)).filter((e) => e.action.startsWith('terminal.')).length === 3, 10_000, 'terminal audited');
    const audited = (await auditEntries(admin)).filter((e) => e.action.startsWith('terminal.'));
    expect(audited.map((e) => [e.action, e.username, e.target_id])).toEqual([
      ['terminal.refused', 'viewer@example.com', theirs.id], ['terminal.close', 'admin', ctl.id], ['terminal.open', 'admin', ctl.id],
    ]);
    expect(audited[1]?.details).toMatchObject({ terminal_id: ack.terminalId, duration_seconds: expect.any(Number) as number });
  }, 60_000);
});
