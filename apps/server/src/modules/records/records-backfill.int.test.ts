import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAgentTestFile } from '../../test/agent-helpers.ts';
import { expectStatus, send, until } from '../../test/bacnet-helpers.ts';
import { bufferDir, reportingAgent, select, simDevice } from '../../test/reporting-helpers.ts';

// This file's loopback range, 127.0.65.x (+100 in the PostgreSQL pass): the demo building at .0, the agent at .200.
// CP-1 (.12, device 1201) logs its chilled-water supply temperature (AI 1) every minute in Trend_Log 1.
const file = useAgentTestFile(65);
const { base } = file;
const AI = 0;
const minute = 60_000;

describe('trend-log backfill', () => {
  it('fills the gap of a stop from the device\'s trend log, marked backfilled, and stores nothing twice when it is sent again', async () => {
    const dir = bufferDir(file);
    const { url, admin, ctl, agent } = await reportingAgent(file, dir);
    const plant = await simDevice(admin, ctl, base, 12, 1201);
    const supply = await select(admin, ctl, plant, AI, 1);

    // Everything stops: the server, then the agent (which saves the time it collected until).
    await file.close();
    await agent.stop();
    // The stop compressed: collection ended ten minutes ago (the device kept logging meanwhile).
    const stateFile = path.join(dir, 'backfill.json');
    const stoppedAt = Date.now() - 10 * minute;
    const state = JSON.parse(await readFile(stateFile, 'utf8')) as { collectingUntil: number };
    await writeFile(stateFile, JSON.stringify({ ...state, collectingUntil: stoppedAt }));

    // Back: the server on the same database and port, the agent on the same data folder.
    const t = await file.start({}, { keepData: true });
    await t.app.listen({ port: Number(new URL(url).port), host: '127.0.0.1' });
    const startedAt = Date.now();
    const again = file.agent(url, ctl, { apduTimeoutMs: 500, reporting: { dataDir: dir, pollSeconds: 1 } });
    const admin2 = t.client();
    await admin2.signIn();
    const backfilled = async (from: number, to: number) => (await t.db.execute<{ ts: string }>(sql`
      select r.ts::text as ts from point_records r join data_points d on d.id = r.data_point_id
      where d.bacnet_point_id = ${supply.id} and r.backfilled and r.ts > to_timestamp(${from / 1000}) and r.ts <= to_timestamp(${to / 1000})
      order by r.ts`)).rows.map((r) => Date.parse(r.ts));
    const wholeMinutes = (from: number, to: number) => Array.from({ length: Math.floor(to / minute) - Math.floor(from / minute) }, (_, i) => (Math.floor(from / minute) + i + 1) * minute);

    // The gap fills: a record at every whole minute from the stop to the start, each once, marked backfilled.
    const gap = wholeMinutes(stoppedAt, startedAt);
    await until(async () => (await backfilled(stoppedAt, startedAt)).length === gap.length, 30_000, 'the gap backfilled');
    expect(await backfilled(stoppedAt, startedAt)).toEqual(gap);
    const reporting = again.reporting!;
    const sentFirst = reporting.backfill.counts.records;

    // Asked for again, and five minutes more before the stop: the gap's records go up again, nothing is stored twice.
    const from = stoppedAt - 5 * minute;
    const body = { syrx_controller_id: ctl.id, bacnet_point_ids: [supply.id], from: new Date(from).toISOString(), to: new Date(startedAt).toISOString() };
    expectStatus(await send(admin2, 'POST', '/api/v2/point-records/backfill', body), 202);
    const wanted = wholeMinutes(from, startedAt);
    await until(async () => reporting.backfill.counts.records >= sentFirst + wanted.length && reporting.diagnostics?.().buffer_depth === 0, 30_000, 'the range sent again');
    await until(async () => (await backfilled(from, startedAt)).length === wanted.length, 30_000, 'the range stored');
    expect(await backfilled(from, startedAt)).toEqual(wanted);
    const [{ n }] = (await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from point_records r join data_points d on d.id = r.data_point_id where d.bacnet_point_id = ${supply.id} and r.backfilled`)).rows as [{ n: number }];
    expect(n).toBe(wanted.length);
  }, 120_000);

  it('refuses a point that is not the controller\'s (naming the field), and any backfill while its agent is away', async () => {
    const { admin, ctl } = await file.controller();
    const range = { syrx_controller_id: ctl.id, from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date().toISOString() };
    const refused = expectStatus(await send(admin, 'POST', '/api/v2/point-records/backfill', { ...range, bacnet_point_ids: [2_000_000_000] }), 400);
    expect(refused.json<{ fields?: { field: string }[] }>().fields?.map((f) => f.field)).toEqual(['bacnet_point_ids']);
    expectStatus(await send(admin, 'POST', '/api/v2/point-records/backfill', range), 409);
  }, 60_000);
});
