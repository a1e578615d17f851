import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentEvents } from '@syrx/contracts/agent-protocol';
import type { AgentRecord, AgentRecordsAck } from '@syrx/contracts/records';
import { serviceIds } from '@syrx/contracts/services';
import { DurableQueue, silentLogger } from '@syrx/agent/testing';
import { useAgentTestFile } from '../../test/agent-helpers.ts';
import { ctlUrl, expectStatus, send, until } from '../../test/bacnet-helpers.ts';
import { bufferDir, reportingAgent, select, simDevice, storedRecords } from '../../test/reporting-helpers.ts';
import { dbPass } from '../../test/db-pass.ts';

// This file's loopback range, 127.0.55.x (+100 in the PostgreSQL pass): the demo building at .0, the agent at .200.
const file = useAgentTestFile(55);
const { base } = file;

const outageMs = 30_000;
const AI = 0;
const BI = 3;

// Half a minute of outage (the agent backs off and reconnects by itself): the PGlite pass only.
describe.runIf(dbPass.pglite)('a server outage while the agent collects', () => {
  it('gets every record the agent collected, exactly once, after the server comes back on the same database and port', async () => {
    const { url, admin, ctl, agent } = await reportingAgent(file, bufferDir(file));
    file.defer(() => agent.stop());
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
    await file.close();
    const cutAt = Date.now();
    await sleep(outageMs);
    const buffered = reporting.diagnostics?.().buffer_depth as number;
    // Two points polled every second (and two by COV) while the server was away.
    expect(buffered).toBeGreaterThanOrEqual(outageMs / 1000);

    // Back: a new server on the same database and port. The agent reconnects by itself and sends its buffer.
    const t = await file.start({}, { keepData: true });
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

// The hour compressed: the agent is powered down with the server away, and its buffer holds an hour of collection
// (written through its own queue, as the reporting service writes it) when it starts again. PostgreSQL pass only (the
// half-minute outage above runs on PGlite).
describe.runIf(dbPass.postgres)('an agent offline for an hour', () => {
  it('keeps an hour of records in its buffer across its own restart, then delivers every one exactly once', async () => {
    const dir = bufferDir(file);
    const { url, admin, ctl, agent } = await reportingAgent(file, dir);
    const plant = await simDevice(admin, ctl, base, 12, 1201);
    const points = [await select(admin, ctl, plant, AI, 1), await select(admin, ctl, plant, BI, 1)];
    const ids = points.map((p) => p.id);
    await until(async () => new Set((await storedRecords(admin, ids)).map((r) => r.bacnet_point_id)).size === ids.length, 30_000, 'records of every point');

    // Everything goes down; an hour of collection (two points every second) waits in the agent's buffer.
    await file.close();
    await agent.stop();
    // The hour ends five minutes before the cut, clear of the records collected live before it.
    const hourStart = Math.floor((Date.now() - 3_900_000) / 1000) * 1000;
    const hour = ids.flatMap((id) => Array.from({ length: 3600 }, (_, i): AgentRecord => [id, hourStart + i * 1000, id * 10_000 + i]));
    const queue = await DurableQueue.open<AgentRecord>({ directory: path.join(dir, 'records'), kind: 'records', timeOf: (r) => r[1], maxItems: 1_000_000, logger: silentLogger });
    await queue.append(hour);
    const buffered = queue.depth;
    await queue.close();

    // Back: the server on the same database and port, the agent on the same buffer.
    const t = await file.start({}, { keepData: true });
    await t.app.listen({ port: Number(new URL(url).port), host: '127.0.0.1' });
    const again = file.agent(url, ctl, { apduTimeoutMs: 500, reporting: { dataDir: dir, pollSeconds: 1 } });
    const admin2 = t.client();
    await admin2.signIn();
    // Counted in the database: the agent's buffer reads empty until its reporting service has opened it.
    const [from, to] = [new Date(hourStart).toISOString(), new Date(hourStart + 3_600_000).toISOString()];
    const storedHour = async () => (await t.db.execute<{ n: number; exact: number }>(sql`
      select count(*)::int as n,
        count(*) filter (where r.value = d.bacnet_point_id * 10000 + extract(epoch from r.ts - ${from}::timestamptz))::int as exact
      from point_records r join data_points d on d.id = r.data_point_id
      where d.bacnet_point_id = any(string_to_array(${ids.join(',')}, ',')::int[]) and r.ts >= ${from}::timestamptz and r.ts < ${to}::timestamptz`)).rows[0];
    await until(async () => (await storedHour())?.n === hour.length && again.reporting?.diagnostics?.().buffer_depth === 0, 60_000, 'the hour delivered');
    expect(buffered).toBeGreaterThanOrEqual(hour.length);
    expect(await storedHour()).toEqual({ n: hour.length, exact: hour.length });
    expect(again.reporting?.diagnostics?.().dropped_records ?? 0).toBe(0);
  }, 120_000);
});
