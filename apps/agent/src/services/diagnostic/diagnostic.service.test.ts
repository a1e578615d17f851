import { randomUUID } from 'node:crypto';
import { connect } from 'amqplib';
import { afterEach, describe, expect, it } from 'vitest';
import { agentConfigSchema, agentEvents } from '@syrx/contracts/agent-protocol';
import { diagnosticsSnapshotSchema, type DiagnosticsSnapshot } from '@syrx/contracts/diagnostics';
import { agentMetricsUploadSchema } from '@syrx/contracts/metrics';
import { serviceIds } from '@syrx/contracts/services';
import { silentLogger } from '../../logger.ts';
import { recordingContext, type RecordingContext } from '../../testing/recording-context.ts';
import { eventually, tempDir } from '../../testing/reporting-fixture.ts';
import { createDiagnosticService } from './diagnostic.service.ts';
import { RabbitMqReader } from './rabbitmq.ts';

// The machine's own processes, interfaces and RabbitMQ (127.0.0.1:5672, guest/guest; rabbitmqctl works as root here).
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
const enabled = (on: boolean) => agentConfigSchema.parse({ enabled_services: on ? [{ service_id: serviceIds.diagnostic, assigned_version: '*' }] : [], bacnet: null });

async function startService(rabbitmq?: string) {
  const dir = await tempDir('diagnostics');
  const service = createDiagnosticService({ version: '1.0.0', logger: silentLogger, dataDir: dir.path, diagnosticsSeconds: 1, metricsSeconds: 1, rabbitmq, systemd: false });
  cleanups.push(async () => { await service.stop?.(); await dir.remove(); });
  const server = recordingContext();
  service.start?.(server.context);
  service.configure?.(enabled(true));
  return { service, server };
}
const snapshots = (server: RecordingContext): DiagnosticsSnapshot[] => server.payloads(agentEvents.diagnostics).map((p) => diagnosticsSnapshotSchema.parse(p));

describe('diagnostic service', { timeout: 60_000 }, () => {
  it('snapshots the broker\'s queues, channels and connections, the processes with the agent\'s own, and the interfaces', async () => {
    const queue = `syrx-diagnostics-${randomUUID()}`;
    const amqp = await connect('amqp://guest:guest@127.0.0.1:5672');
    cleanups.unshift(async () => amqp.close());
    const channel = await amqp.createChannel();
    await channel.assertQueue(queue, { durable: false });
    cleanups.unshift(async () => { await channel.deleteQueue(queue); });
    for (let i = 0; i < 5; i++) channel.sendToQueue(queue, Buffer.from(`message ${i}`));
    // Two delivered to a consumer that does not acknowledge them: 3 ready, 2 unacknowledged, 5 in all.
    await channel.prefetch(2);
    const delivered: unknown[] = [];
    await channel.consume(queue, (m) => delivered.push(m), { noAck: false });
    await eventually(() => delivered.length === 2, 'two deliveries');

    const { service, server } = await startService('rabbitmqctl');
    const found = await eventually(() => snapshots(server).find((s) => s.rabbitmq.queues.some((q) => q.name === queue && q.numMessagesUnacknowledged === 2)), 'the queue in a snapshot');
    expect(found.rabbitmq).toMatchObject({ state: 'ok', error: null });
    const ours = found.rabbitmq.queues.find((q) => q.name === queue);
    expect(ours).toMatchObject({ policy: null, numMessagesReady: 3, numMessagesUnacknowledged: 2, numMessagesTotal: 5, '@timestamp': new Date(found.timestamp).toISOString() });
    expect(Date.parse(ours?.firstSeenTimestamp ?? '')).toBeLessThanOrEqual(found.timestamp);
    const consumer = found.rabbitmq.channels.find((c) => c.numConsumers === 1 && c.prefetchCount === 2 && c.numMessagesUnacknowledged === 2);
    expect(consumer).toBeDefined();
    expect(found.rabbitmq.connections.map((c) => c.name)).toContain(consumer?.connectionName);
    expect(found.rabbitmq.connections.find((c) => c.name === consumer?.connectionName)).toMatchObject({ peerHost: '127.0.0.1', host: '127.0.0.1', port: 5672 });

    expect(found.processes.map((p) => p.pid)).toContain(process.pid);
    expect(found.processes.find((p) => p.pid === process.pid)?.mem_kb).toBeGreaterThan(0);
    expect(found.network_interface_information).toContain('127.0.0.1');

    // A later snapshot: the queue was first seen when it was first seen.
    const later = await eventually(() => snapshots(server).find((s) => s.timestamp > found.timestamp), 'a later snapshot');
    expect(later.rabbitmq.queues.find((q) => q.name === queue)?.firstSeenTimestamp).toBe(ours?.firstSeenTimestamp);
    // Metric samples go too, on their own event.
    const samples = await eventually(() => server.payloads(agentEvents.metrics).map((p) => agentMetricsUploadSchema.parse(p)).flatMap((p) => p.samples), 'metric samples');
    expect(new Set(samples.map((s) => s[1]))).toEqual(new Set(['overall', 'process', 'systemd_service']));
    expect(service.diagnostics?.()).toMatchObject({ broker_state: 'ok' });
    expect(service.state()).toBe('active');
    service.configure?.(enabled(false));
    expect(service.state()).toBe('inactive');
  });

  it('says the broker is not configured without --rabbitmq', async () => {
    const { server } = await startService(undefined);
    const [first] = await eventually(() => { const s = snapshots(server); return s.length > 0 ? s : null; }, 'a snapshot');
    expect(first?.rabbitmq).toEqual({ state: 'not-configured', error: null, queues: [], channels: [], connections: [] });
    expect(first?.processes.map((p) => p.pid)).toContain(process.pid);
  });

  it('says the broker is unreachable, and why, when the command fails', async () => {
    expect(await new RabbitMqReader('syrx-no-such-rabbitmqctl').read()).toEqual({
      state: 'unreachable', error: 'list_queues: syrx-no-such-rabbitmqctl: command not found', queues: [], channels: [], connections: [],
    });
    const failed = await new RabbitMqReader('rabbitmqctl --node syrx-nobody@localhost').read();
    expect(failed.state).toBe('unreachable');
    expect(failed.error).toMatch(/^list_queues: rabbitmqctl failed \(exit code \d+\): .*syrx-nobody@localhost/);
  });
});
