import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { PointSeries } from '@syrx/contracts/point-data';
import type { AgentRecord, RecordSeries } from '@syrx/contracts/records';
import { rebuildRollups } from '../../lib/record-rollups.ts';
import { listen } from '../../test/agent-helpers.ts';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { controllerWithPoints, protocolAgent, recordQuery, recordsOf, sendRecords } from '../../test/records-helpers.ts';
import { bucketsFromRecords, expectRollupsOfRecords, expectSameBuckets, seriesOfBacnetPoint } from '../../test/rollup-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

/**
 * Rollups kept by the agents' ingest (issue 23): after uploads with gaps and partial hours at both ends, sent again
 * and mixed with new records, every series' hourly and daily rollups are what aggregating its records gives, and
 * charts served from them equal the same aggregation of the records, at 1 h, 4 h and 1 d with partial buckets at both
 * ends. Deleting the controller deletes them with the series.
 */
let t: TestApp;
let admin: TestClient;
let socket: Socket;
let ctlId: string;
let a: number;
let b: number;
const t0 = Date.parse('2026-11-10T10:07:30Z');

/** A: every 15 s for 26 hours less two gaps (20 minutes, and 7 hours over midnight); B: every 7 minutes. */
function uploads(): AgentRecord[] {
  const gaps: [number, number][] = [[Date.parse('2026-11-10T11:20:00Z'), Date.parse('2026-11-10T11:40:00Z')], [Date.parse('2026-11-10T20:00:00Z'), Date.parse('2026-11-11T03:00:00Z')]];
  const recA = recordsOf(a, t0, 26 * 240, 15_000, (i) => Math.round(100 * Math.sin(i / 50)) / 4 + (i % 13)).filter(([, t]) => !gaps.some(([x, y]) => t >= x && t < y));
  const recB = recordsOf(b, t0 + 45_000, Math.floor((26 * 60) / 7), 7 * 60_000, (i) => -3.5 + (i % 11) * 0.75);
  return [...recA, ...recB].sort((x, y) => x[1] - y[1] || x[0] - y[0]);
}

beforeAll(async () => {
  t = await createTestApp();
  const url = await listen(t);
  const made = await controllerWithPoints(t, 2);
  admin = made.admin;
  ctlId = made.ctl.id;
  [a, b] = made.points.map((p) => p.id) as [number, number];
  socket = (await protocolAgent(url, made.ctl)).socket;
  const all = uploads();
  for (let i = 0; i < all.length; i += 2000) expect(await sendRecords(socket, all.slice(i, i + 2000))).toMatchObject({ ok: true, duplicates: 0, refused: 0 });
  // Sent again (all stored before), and part again with new records (the checked road skips the stored ones).
  expect(await sendRecords(socket, all.slice(0, 300))).toMatchObject({ ok: true, stored: 0, duplicates: 300 });
  const fresh = recordsOf(b, Date.parse('2026-11-11T12:55:00Z'), 5, 60_000, (i) => 40 + i);
  expect(await sendRecords(socket, [...all.slice(4000, 4100), ...fresh])).toMatchObject({ ok: true, stored: 5, duplicates: 100 });
}, 120_000);
afterAll(async () => {
  socket?.disconnect();
  await t?.close();
});

const chart = async (from: string, to: string, maxPoints: number) =>
  expectStatus(await admin.get(`/api/v2/point-records/series?${recordQuery({ bacnet_point_ids: [a, b], from, to, max_points: maxPoints })}`), 200).json<RecordSeries>();

describe('rollups kept by the agents\' ingest', () => {
  it('hold what aggregating the records gives, for both levels', async () => {
    for (const point of [a, b]) await expectRollupsOfRecords(t.db, await seriesOfBacnetPoint(t.db, point));
  });

  it.each([
    ['1 h', '2026-11-10T10:05:00Z', '2026-11-11T13:10:00Z', 50, 3600],
    ['4 h', '2026-11-10T09:30:00Z', '2026-11-11T15:30:00Z', 10, 14_400],
    ['1 d', '2026-11-10T10:00:00Z', '2026-11-18T06:00:00Z', 10, 86_400],
  ])('serve charts at %s equal to the records\' aggregation, partial buckets at both ends included', async (_, from, to, maxPoints, resolution) => {
    const s = await chart(from, to, maxPoints);
    expect(s.resolution_seconds).toBe(resolution);
    for (const [i, point] of [a, b].entries()) {
      const expected = await bucketsFromRecords(t.db, await seriesOfBacnetPoint(t.db, point), from, to, resolution);
      expect(expected.length).toBeGreaterThanOrEqual(2);
      expectSameBuckets(s.series[i]?.points ?? [], expected);
    }
    // The controller kind's route of the point record browser answers the same.
    const kind = expectStatus(await admin.get(`/api/v2/controller-point-records/series?${recordQuery({ point_ids: [a, b], from, to, max_points: maxPoints })}`), 200).json<PointSeries>();
    expect(kind.series.map((x) => x.points)).toEqual(s.series.map((x) => x.points));
  });

  it('answers the same for a series read from its records while it has no rollups (before the backfill)', async () => {
    const from = '2026-11-10T10:05:00Z';
    const to = '2026-11-11T13:10:00Z';
    const before = await chart(from, to, 50);
    const series = await seriesOfBacnetPoint(t.db, a);
    await t.db.execute(sql`update data_points set rolled_up = false where id = ${series}`);
    await t.db.execute(sql`update point_record_rollups set n = 1, sum = 0 where data_point_id = ${series}`);
    const after = await chart(from, to, 50);
    expectSameBuckets(after.series[0]?.points ?? [], before.series[0]?.points ?? []);
    await t.db.execute(sql`update data_points set rolled_up = true where id = ${series}`);
    expect((await chart(from, to, 50)).series[0]?.points).not.toEqual(before.series[0]?.points);
    await rebuildRollups(t.db, [series]);
    expectSameBuckets((await chart(from, to, 50)).series[0]?.points ?? [], before.series[0]?.points ?? []);
  });

  it('stores no record of a point deleted since its series was last seen (the fast road fails, the checked one refuses it)', async () => {
    const gone = await seriesOfBacnetPoint(t.db, b);
    await t.db.execute(sql`delete from bacnet_points where id = ${b}`);
    const later = Date.parse('2026-11-12T00:00:00Z');
    expect(await sendRecords(socket, [...recordsOf(a, later, 3, 60_000, (i) => i), ...recordsOf(b, later, 2, 60_000, (i) => i)])).toMatchObject({ ok: true, stored: 3, refused: 2 });
    const left = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from point_records where data_point_id = ${gone}`);
    expect(left.rows[0]?.n).toBe(0);
    await expectRollupsOfRecords(t.db, await seriesOfBacnetPoint(t.db, a));
  });

  it('are deleted with their series (the controller deleted)', async () => {
    const count = async () => (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from point_record_rollups`)).rows[0]?.n;
    expect(await count()).toBeGreaterThan(0);
    expectStatus(await admin.delete(`/api/SyrxControllers/${ctlId}`), 204);
    expect(await count()).toBe(0);
  });
});
