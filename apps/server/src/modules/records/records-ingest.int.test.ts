import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BacnetPoint } from '@syrx/contracts/points';
import { pointsRoutes } from '@syrx/contracts/routes/points';
import { type AgentRecord, type LatestRecord, type PointRecord, recordTimeLimits, recordValueLimit } from '@syrx/contracts/records';
import { adminWithController, addDevice, analogInputs, ctlUrl, expectStatus, uploadPoints } from '../../test/bacnet-helpers.ts';
import { createRecordIngest, type RecordsUpload } from './record-ingest.ts';
import { controllerWithPoints, protocolAgent, recordQuery, recordsOf, sendRecords, serverWithProtocolAgent } from '../../test/records-helpers.ts';
import { useTestApps } from '../../test/test-app.ts';

const apps = useTestApps();

const minute = 60_000;
const t0 = Date.parse('2026-11-20T08:00:00Z');

async function setup() {
  const { t, url, admin, ctl, points, socket } = await serverWithProtocolAgent(apps, { points: 3 });
  const latest = async (ids: number[]) => expectStatus(await admin.get(`/api/v2/point-records/latest?${recordQuery({ bacnet_point_ids: ids })}`), 200).json<LatestRecord[]>();
  return { t, url, admin, ctl, points: points.map((p) => p.id), socket, latest };
}

describe('records from an agent', () => {
  it('stores a batch once when it is sent twice, and keeps the series summaries right', async () => {
    const { admin, ctl, points: [a, b], socket, latest } = await setup();
    const batch = [...recordsOf(a!, t0, 10, minute, (i) => 20 + i / 4), ...recordsOf(b!, t0, 5, minute, (i) => i % 2)];
    expect(await sendRecords(socket, batch)).toEqual({ ok: true, stored: 15, duplicates: 0, refused: 0 });
    expect(await sendRecords(socket, batch)).toEqual({ ok: true, stored: 0, duplicates: 15, refused: 0 });
    // An older record arriving late moves the earliest date but not the latest value; one record twice in a batch counts once.
    const late = [a!, t0 - 5 * minute, 19.5] as const;
    expect(await sendRecords(socket, [late, late, [a!, t0 + 9 * minute, 99]])).toEqual({ ok: true, stored: 1, duplicates: 2, refused: 0 });
    expect(await latest([a!, b!])).toEqual([
      { bacnet_point_id: a, timestamp: new Date(t0 + 9 * minute).toISOString(), value: 22.25, earliest: new Date(t0 - 5 * minute).toISOString(), count: 11 },
      { bacnet_point_id: b, timestamp: new Date(t0 + 4 * minute).toISOString(), value: 0, earliest: new Date(t0).toISOString(), count: 5 },
    ]);
    // The points grid reads the same summary.
    const grid = expectStatus(await admin.get(`${ctlUrl(ctl)}/bacnet-points/${a}`), 200).json<BacnetPoint>();
    expect(grid).toMatchObject({
      reporting_earliest_record_date: new Date(t0 - 5 * minute).toISOString(), reporting_latest_record_date: new Date(t0 + 9 * minute).toISOString(), reporting_latest_value: 22.25,
    });
    // The list's JSON, which PostgreSQL builds (db/json-answer.ts), is the contract's and says what the single point says.
    const listed = expectStatus(await admin.get(`${ctlUrl(ctl)}/bacnet-points?take=1000`), 200);
    expect(listed.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = pointsRoutes.listOfController.response.parse(listed.json());
    expect(page.find((p) => p.id === a)).toEqual(grid);
    expect(page.find((p) => p.id === b)).toMatchObject({ reporting_latest_value: 0, reporting_latest_record_date: new Date(t0 + 4 * minute).toISOString() });
    // A page sorted by the summary: the page's rows are picked with the summary joined (points.repo.ts list).
    const byLatest = async (q: string) => expectStatus(await admin.get(`${ctlUrl(ctl)}/bacnet-points?sort=reporting_latest_record_date${q}`), 200).json<BacnetPoint[]>().map((p) => p.id);
    expect(await byLatest('&take=2')).toEqual([b, a]);
    expect(await byLatest('&skip=1&take=1')).toEqual([a]);
    const count = await admin.get(`/api/v2/point-records/count?${recordQuery({ bacnet_point_ids: [a!, b!], from: new Date(t0 - 86_400_000).toISOString(), to: new Date(t0 + 86_400_000).toISOString() })}`);
    expect(count.json()).toEqual({ count: 16 });
  });

  it('keeps every value as sent on the checked road and on the fast one, and refuses values whose sums would overflow', async () => {
    const { admin, points: [a], socket, latest } = await setup();
    // Written into the statement as PostgreSQL's array text (db/array-params.ts): JavaScript's exponent forms included.
    const values = [recordValueLimit, -recordValueLimit, 5e-324, -0, 0.1 + 0.2, 1e21, -123456789.12345679, 3.4028234663852886e38, -Number.MIN_VALUE];
    const records = values.map((v, i): AgentRecord => (i % 2 ? [a!, t0 + i * minute + 1, v, 1] : [a!, t0 + i * minute + 1, v]));
    // Beyond the limit (a Double's "no value" marker, say): refused one by one, as absurd times are. Before the limit, a
    // rollup's sum overflowed and failed the whole upload, which the agent then sent again for ever.
    const beyond = [[a!, t0 + 20 * minute, Number.MAX_VALUE], [a!, t0 + 21 * minute, -1e291]] satisfies AgentRecord[];
    // The first upload of a point takes the checked road (its series is made); the second the fast one (records/record-ingest.ts).
    expect(await sendRecords(socket, [...records.slice(0, 4), beyond[0]])).toEqual({ ok: true, stored: 4, duplicates: 0, refused: 1 });
    expect(await sendRecords(socket, [...records.slice(4), beyond[1]])).toEqual({ ok: true, stored: 5, duplicates: 0, refused: 1 });
    const range = recordQuery({ bacnet_point_ids: [a!], from: new Date(t0).toISOString(), to: new Date(t0 + 30 * minute).toISOString(), take: 100 });
    const page = expectStatus(await admin.get(`/api/v2/point-records?${range}`), 200).json<PointRecord[]>();
    expect(page.map((r) => [Date.parse(r.timestamp), r.value])).toEqual(records.map(([, t, v]) => [t, v === 0 ? 0 : v]));
    expect(await latest([a!])).toMatchObject([{ count: 9, value: -Number.MIN_VALUE }]);
  });

  it('creates a partition for each month the records touch, puts each record in its month, and survives instances racing', async () => {
    const { t, ctl, points: [a], socket, latest } = await setup();
    const months = ['2026-01-31T23:59:59.999Z', '2026-02-01T00:00:00Z', '2026-03-15T12:00:00Z'].map(Date.parse);
    expect(await sendRecords(socket, months.map((m, i) => [a!, m, i]))).toEqual({ ok: true, stored: 3, duplicates: 0, refused: 0 });
    const placed = await t.db.execute<{ partition: string; ts: string }>(sql`
      select tableoid::regclass::text as partition, to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as ts from point_records order by ts`);
    expect(placed.rows).toEqual([
      { partition: 'point_records_p2026_01', ts: '2026-01-31T23:59:59.999' },
      { partition: 'point_records_p2026_02', ts: '2026-02-01T00:00:00.000' },
      { partition: 'point_records_p2026_03', ts: '2026-03-15T12:00:00.000' },
    ]);
    // Four server instances (each its own partition cache) store into a month nobody has made yet, all at once.
    const month = Date.parse('2019-07-04T12:00:00Z');
    const instances = Array.from({ length: 4 }, () => createRecordIngest(t.db));
    const acks = await Promise.all(instances.map((ingest, i) => ingest.fromAgent(ctl.id, [[a!, month + i * 1000, 10 + i], [a!, month, 10]])));
    expect(acks.reduce((n, x) => n + (x.ok ? x.stored : 0), 0)).toBe(4);
    const parts = await t.db.execute<{ name: string }>(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'point_records'::regclass`);
    expect(parts.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['point_records_p2019_07', 'point_records_p2026_01', 'point_records_p2026_02', 'point_records_p2026_03']));
    expect((await latest([a!]))[0]).toEqual({ bacnet_point_id: a, count: 7, earliest: '2019-07-04T12:00:00.000Z', timestamp: '2026-03-15T12:00:00.000Z', value: 2 });
  });

  it("refuses records of another controller's points, of unknown points and with absurd times, and malformed batches", async () => {
    const { t, admin, points: [a], socket, latest } = await setup();
    const other = (await adminWithController(t, 'Other controller')).ctl;
    const theirDevice = await addDevice(admin, other, { mac_address: '10.0.0.6', instance_number: 6 });
    await uploadPoints(admin, theirDevice.id, analogInputs(1, 1));
    const [theirs] = expectStatus(await admin.get(`/api/bacnet-devices/${theirDevice.id}/bacnet-points`), 200).json<BacnetPoint[]>();
    const now = Date.now();
    const tooOld = now - (recordTimeLimits.maxAgeDays + 1) * 86_400_000;
    const tooLate = now + (recordTimeLimits.maxFutureSeconds + 3600) * 1000;
    const ack = await sendRecords(socket, [[a!, now - minute, 1], [theirs!.id, now - minute, 2], [987_654, now - minute, 3], [a!, tooOld, 4], [a!, tooLate, 5]]);
    expect(ack).toEqual({ ok: true, stored: 1, duplicates: 0, refused: 4 });
    expect(await latest([a!, theirs!.id])).toMatchObject([{ count: 1, value: 1 }, { count: 0, value: null, timestamp: null }]);
    for (const bad of [[], [[a!, now, 'warm']], [[a!, now, 1, 2]], [[-1, now, 1]], recordsOf(a!, now - 10 * 86_400_000, 5001, 1000, () => 0)]) {
      expect(await sendRecords(socket, bad)).toMatchObject({ ok: false, error: expect.any(String) as string });
    }
    expect(await sendRecords(socket, [[a!, now - 2 * minute, Number.MAX_VALUE]])).toMatchObject({ ok: true, stored: 0, refused: 1 });
    expect(await sendRecords(socket, [[a!, now - 2 * minute, recordValueLimit]])).toMatchObject({ ok: true, stored: 1 });
  });

  it('deletes the records of a deleted controller (its points, their series) and keeps the others', async () => {
    const { t, url, admin, ctl, points: [a], socket } = await setup();
    const other = await controllerWithPoints(t, 1, 'Other controller');
    const { socket: otherSocket } = await protocolAgent(url, other.ctl, apps);
    expect(await sendRecords(socket, recordsOf(a!, t0, 50, minute, (i) => i))).toMatchObject({ stored: 50 });
    expect(await sendRecords(otherSocket, recordsOf(other.points[0]!.id, t0, 20, minute, (i) => i))).toMatchObject({ stored: 20 });
    expectStatus(await admin.delete(ctlUrl(ctl)), 204);
    const left = await t.db.execute<{ n: number; series: number }>(sql`select count(*)::int as n, (select count(*)::int from data_points) as series from point_records`);
    expect(left.rows[0]).toEqual({ n: 20, series: 1 });
  });

  it('stores several agents’ uploads in one transaction, each with its own acknowledgement, and a refused one alone', async () => {
    const { t, points: [a, b], ctl, latest } = await setup();
    const other = await controllerWithPoints(t, 1, 'Other controller');
    const theirs = other.points[0]!.id;
    const ingest = createRecordIngest(t.db);
    const uploads: RecordsUpload[] = [
      { controllerId: ctl.id, records: [...recordsOf(a!, t0, 3, minute, (i) => i), [theirs, t0, 7], [b!, 0, 1]] },
      { controllerId: other.ctl.id, records: recordsOf(theirs, t0, 4, minute, (i) => 10 + i) },
    ];
    expect(await ingest.fromAgents(uploads)).toEqual([
      { status: 'fulfilled', value: { ok: true, stored: 3, duplicates: 0, refused: 2 } },
      { status: 'fulfilled', value: { ok: true, stored: 4, duplicates: 0, refused: 0 } },
    ]);
    // Sent again with one more record each: the duplicates are counted per upload.
    uploads[0]!.records.push([a!, t0 + 3 * minute, 3]);
    uploads[1]!.records.push([theirs, t0 + 4 * minute, 14]);
    const again = await ingest.fromAgents(uploads);
    expect(again).toEqual([
      { status: 'fulfilled', value: { ok: true, stored: 1, duplicates: 3, refused: 2 } },
      { status: 'fulfilled', value: { ok: true, stored: 1, duplicates: 4, refused: 0 } },
    ]);
    // An upload the database refuses (here a controller id that is no uuid) fails by itself; the others are stored.
    const mixed = await ingest.fromAgents([{ controllerId: 'not-a-uuid', records: [[a!, t0, 1]] }, { controllerId: ctl.id, records: [[b!, t0, 5]] }]);
    expect(mixed[0]?.status).toBe('rejected');
    expect(mixed[1]).toEqual({ status: 'fulfilled', value: { ok: true, stored: 1, duplicates: 0, refused: 0 } });
    expect(await latest([a!, b!, theirs])).toMatchObject([{ count: 4, value: 3 }, { count: 1, value: 5 }, { count: 5, value: 14 }]);
  });
});
