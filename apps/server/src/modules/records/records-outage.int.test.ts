import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { agentEvents } from '@syrx/contracts/agent-protocol';
import type { AgentRecord, AgentRecordsAck } from '@syrx/contracts/records';
import { serviceIds } from '@syrx/contracts/services';
import { useDemoBuilding } from '../../test/agent-helpers.ts';
import { ctlUrl, expectStatus, send, until } from '../../test/bacnet-helpers.ts';
import { bufferDir, reportingAgent, select, simDevice, storedRecords } from '../../test/reporting-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// This file's loopback range: the demo building at 127.0.55.0, the agent at 127.0.55.200.
const base = '127.0.55.0';
useDemoBuilding(base);

let t: TestApp | null = null;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await t?.close();
});

const outageMs = 120_000;
const AI = 0;
const BI = 3;

// Long (two minutes of outage): run in the PGlite pass only.
describe.skipIf(process.env.TEST_DB === 'postgres')('a server outage while the agent collects', () => {
  it('gets every record the agent collected, exactly once, after the server comes back on the same database and port', async () => {
    t = await createTestApp();
    const dir = bufferDir();
    cleanups.push(dir.remove);
    const { url, admin, ctl, agent } = await reportingAgent(t, base, dir.path);
    cleanups.push(() => agent.stop());
    const reporting = agent.reporting!;

    // What the agent sends and what the server answers, seen on the agent's own socket (a spy: everything goes on).
    const sent: AgentRecord[][] = [];
    const acks: AgentRecordsAck[] = [];
    let inFlight = 0;
    const socket = agent.socket;
    const emitWithAck = socket.emitWithAck.bind(socket);
    socket.emitWithAck = ((event: string, payload: { records: AgentRecord[] }) => {
      if (event !== agentEvents.records) return emitWithAck(event, payload);
      sent.push(payload.records);
      inFlight++;
      return emitWithAck(event, payload)
        .then((ack: AgentRecordsAck) => (acks.push(ack), ack))
        .finally(() => inFlight--);
    }) as typeof socket.emitWithAck;

    const ahu = await simDevice(admin, ctl, base, 11, 1101);
    const plant = await simDevice(admin, ctl, base, 12, 1201);
    const points = [await select(admin, ctl, plant, AI, 1), await select(admin, ctl, plant, BI, 1), await select(admin, ctl, ahu, AI, 1), await select(admin, ctl, ahu, AI, 4)];
    const ids = points.map((p) => p.id);
    await until(async () => new Set((await storedRecords(admin, ids)).map((r) => r.bacnet_point_id)).size === ids.length, 30_000, 'records of every point');

    // The cut: the server closes; the agent keeps collecting into its buffer.
    await t.close();
    t = null;
    const cutAt = Date.now();
    await sleep(outageMs);
    const buffered = reporting.diagnostics?.().buffer_depth as number;
    // Two points polled every second (and two by COV) while the server was away.
    expect(buffered).toBeGreaterThanOrEqual(outageMs / 1000);

    // Back: a new server on the same database and port. The agent reconnects by itself and sends its buffer.
    t = await createTestApp({}, { keepData: true });
    await t.app.listen({ port: Number(new URL(url).port), host: '127.0.0.1' });
    const backAt = Date.now();
    const admin2 = t.client();
    await admin2.signIn();
    await until(async () => socket.connected && reporting.diagnostics?.().buffer_depth === 0, 90_000, 'buffer sent');

    // Stop collecting (reporting disabled), let the last records go, then compare.
    const services = [serviceIds.updater, serviceIds.query].map((service_id) => ({ service_id, assigned_version: '>=1.0.0 <2.0.0-0' }));
    expectStatus(await send(admin2, 'PUT', `${ctlUrl(ctl)}/enabled-services`, services), 200);
    await until(async () => agent.config()?.reporting.enabled === false, 10_000, 'reporting disabled');
    await reporting.settled();
    let quietSince = 0;
    await until(async () => {
      const idle = reporting.diagnostics?.().buffer_depth === 0 && inFlight === 0;
      quietSince = idle ? quietSince || Date.now() : 0;
      return idle && Date.now() - quietSince > 2000;
    }, 30_000, 'every record acknowledged');

    const collected = new Map(sent.flat().map(([id, time, value]) => [`${id}@${time}`, value]));
    const stored = await storedRecords(admin2, ids);
    expect(stored.length).toBe(collected.size);
    expect(new Set(stored.map((r) => `${r.bacnet_point_id}@${Date.parse(r.timestamp)}`)).size).toBe(stored.length);
    for (const r of stored) expect(collected.get(`${r.bacnet_point_id}@${Date.parse(r.timestamp)}`)).toBe(r.value);
    expect(acks.every((a) => a.ok && a.refused === 0)).toBe(true);
    expect(reporting.diagnostics?.().dropped_records ?? 0).toBe(0);
    const duringOutage = stored.filter((r) => Date.parse(r.timestamp) > cutAt && Date.parse(r.timestamp) < backAt);
    expect(duringOutage.length).toBeGreaterThanOrEqual(buffered - 10);
    console.info(`outage: ${buffered} records buffered over ${outageMs / 1000} s; ${stored.length} stored in all, ${sent.length} batches, ${acks.reduce((n, a) => n + (a.ok ? a.duplicates : 0), 0)} duplicates acknowledged`);
  }, 240_000);
});
