import { describe, expect, it } from 'vitest';
import type { Readable } from 'node:stream';
import type { BacnetPoint } from '@syrx/contracts/points';
import type { PointRecord, RecordSeries } from '@syrx/contracts/records';
import { serverWithController } from '../../test/agent-helpers.ts';
import { addDevice, expectStatus, outsider, send, uploadPoints } from '../../test/bacnet-helpers.ts';
import { protocolAgent, recordQuery, recordsOf, sendRecords, serverWithProtocolAgent } from '../../test/records-helpers.ts';
import { useTestApps } from '../../test/test-app.ts';
import { csvOfRecords } from './record-csv.ts';
import { type KindPointRow, recordPointsRepo } from './record-points.repo.ts';
import { csvColumns } from './records.service.ts';

const apps = useTestApps();

const day = 86_400_000;
const t0 = Date.parse('2026-11-10T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const text = async (stream: Readable) => {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
};
/** A sawtooth of period 4 minutes (16 records of 15 s): each 15-minute bucket holds every value 0…15 but the last. */
const saw = (i: number) => i % 16;

/** Point A: one day of 15-second records (5760); point B: 100 records a minute apart; point C: none. */
async function plant() {
  const { t, admin, points, socket } = await serverWithProtocolAgent(apps, { points: 3 });
  const [a, b, c] = points.map((p) => p.id) as [number, number, number];
  const all = [...recordsOf(a, t0, 5760, 15_000, saw), ...recordsOf(b, t0, 100, 60_000, (i) => i * 0.5)];
  for (let i = 0; i < all.length; i += 5000) expect(await sendRecords(socket, all.slice(i, i + 5000))).toMatchObject({ ok: true, refused: 0, duplicates: 0 });
  const get = async <T>(path: string, q: Record<string, string | number | number[]>) => expectStatus(await admin.get(`/api/v2/point-records${path}?${recordQuery(q)}`), 200).json<T>();
  return { t, admin, a, b, c, get, names: points.map((p) => p.name) };
}

describe('point record reads', () => {
  it('answers chart series raw when they fit and downsampled with date_bin when they do not', async () => {
    const { a, b, c, get } = await plant();
    const raw = await get<RecordSeries>('/series', { bacnet_point_ids: [b, c], from: iso(t0), to: iso(t0 + day) });
    expect(raw.resolution_seconds).toBeNull();
    expect(raw.series.map((s) => [s.bacnet_point_id, s.points.length])).toEqual([[b, 100], [c, 0]]);
    expect(raw.series[0]?.points[3]).toEqual({ t: iso(t0 + 3 * 60_000), avg: 1.5, min: 1.5, max: 1.5, n: 1 });

    // 5760 records of A do not fit 100 points: a day at 15 minutes is 96 buckets, the smallest resolution that fits.
    const binned = await get<RecordSeries>('/series', { bacnet_point_ids: [a, b], from: iso(t0), to: iso(t0 + day), max_points: 100 });
    expect(binned.resolution_seconds).toBe(900);
    const [sa, sb] = binned.series;
    expect(sa?.points).toHaveLength(96);
    expect(sa?.points[0]).toEqual({ t: iso(t0), avg: (15 * 16 / 2 * 3 + (0 + 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11)) / 60, min: 0, max: 15, n: 60 });
    expect(sa?.points.reduce((n, p) => n + p.n, 0)).toBe(5760);
    // B's 100 minutes fall in 7 buckets (6 full ones of 15, and 10 in the seventh).
    expect(sb?.points.map((p) => p.n)).toEqual([15, 15, 15, 15, 15, 15, 10]);
    expect(sb?.points[1]).toMatchObject({ t: iso(t0 + 900_000), min: 7.5, max: 14.5, avg: 11 });

    // Half a day of A at max_points 1000: 2880 records do not fit; 1-minute buckets (720) do.
    const half = await get<RecordSeries>('/series', { bacnet_point_ids: [a], from: iso(t0 + day / 2), to: iso(t0 + day), max_points: 1000 });
    expect(half.resolution_seconds).toBe(60);
    expect(half.series[0]?.points[0]).toEqual({ t: iso(t0 + day / 2), avg: 1.5, min: 0, max: 3, n: 4 });
  });

  it('pages raw records oldest first with their count, and streams them all as CSV', async () => {
    const { t, admin, a, b, get, names } = await plant();
    const range = { bacnet_point_ids: [a, b], from: iso(t0 + 60_000), to: iso(t0 + 3 * 60_000) };
    expect(await get('/count', range)).toEqual({ count: 8 + 2 });
    const page1 = await get<PointRecord[]>('', { ...range, take: 4 });
    expect(page1).toEqual([
      { bacnet_point_id: a, timestamp: iso(t0 + 60_000), value: 4 }, { bacnet_point_id: b, timestamp: iso(t0 + 60_000), value: 0.5 },
      { bacnet_point_id: a, timestamp: iso(t0 + 75_000), value: 5 }, { bacnet_point_id: a, timestamp: iso(t0 + 90_000), value: 6 },
    ]);
    const page3 = await get<PointRecord[]>('', { ...range, skip: 8, take: 4 });
    expect(page3).toEqual([{ bacnet_point_id: a, timestamp: iso(t0 + 150_000), value: 10 }, { bacnet_point_id: a, timestamp: iso(t0 + 165_000), value: 11 }]);

    const csv = await admin.get(`/api/v2/point-records.csv?${recordQuery({ bacnet_point_ids: [a, b], from: iso(t0), to: iso(t0 + day) })}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="point-records-2026-11-10-to-2026-11-11.csv"');
    const lines = csv.body.trimEnd().split('\n');
    expect(lines).toHaveLength(1 + 5760 + 100);
    expect(lines.slice(0, 4)).toEqual([
      'bacnet_point_id,device_name,point_name,timestamp,value',
      `${a},,${names[0]},${iso(t0)},0`, `${b},,${names[1]},${iso(t0)},0`, `${a},,${names[0]},${iso(t0 + 15_000)},1`,
    ]);
    expect(lines.at(-1)).toBe(`${a},,${names[0]},${iso(t0 + day - 15_000)},15`);
    expect(new Set(lines).size).toBe(lines.length);
    // Read in keyset chunks of 7 (A and B share every whole minute, so chunks end on ties), nothing is lost or repeated.
    const points = await recordPointsRepo.of(t.db, 'controller', [a, b]);
    const ids = points.map((p) => p.data_point_id ?? 0);
    const layout = { columns: csvColumns, cells: (p: KindPointRow) => [p.point_id, p.path[1] ?? '', p.path[2] ?? ''] };
    const small = csvOfRecords(t.db, points.sort((x, y) => x.point_id - y.point_id), { ids, from: iso(t0), to: iso(t0 + day) }, layout, 7);
    expect((await text(small)).trimEnd().split('\n')).toEqual(lines);
  });

  it('neutralises names a spreadsheet would run as formulas in the CSV, and keeps negative values numbers', async () => {
    const { url, admin, ctl } = await serverWithController(apps);
    const dev = await addDevice(admin, ctl, { mac_address: '10.0.0.6', instance_number: 6 });
    // Names come from the building's devices: whoever configures a device chooses them.
    const deviceName = '=HYPERLINK("http://x","y")';
    expectStatus(await send(admin, 'PATCH', '/api/bacnet-devices', [{ id: dev.id, status: 'available', name: deviceName }]), 200);
    const names = ['+SUM(1,2)', '-2+3', '@cmd', '\tTab', 'Plain'];
    await uploadPoints(admin, dev.id, names.map((name, i) => ({ object_type: 0, instance_number: i + 1, name, description: '', units: 64 })));
    const points = expectStatus(await admin.get(`/api/bacnet-devices/${dev.id}/bacnet-points?sort=object_id&take=1000`), 200).json<BacnetPoint[]>();
    const { socket } = await protocolAgent(url, ctl, apps);
    expect(await sendRecords(socket, points.map((p, i) => [p.id, t0 + i * 1000, -3.5 - i]))).toMatchObject({ ok: true, refused: 0 });

    const csv = await admin.get(`/api/v2/point-records.csv?${recordQuery({ bacnet_point_ids: points.map((p) => p.id), from: iso(t0), to: iso(t0 + day) })}`);
    expect(csv.statusCode).toBe(200);
    const device = `"'=HYPERLINK(""http://x"",""y"")"`;
    expect(csv.body.trimEnd().split('\n')).toEqual([
      'bacnet_point_id,device_name,point_name,timestamp,value',
      `${points[0]?.id},${device},"'+SUM(1,2)",${iso(t0)},-3.5`,
      `${points[1]?.id},${device},'-2+3,${iso(t0 + 1000)},-4.5`,
      `${points[2]?.id},${device},'@cmd,${iso(t0 + 2000)},-5.5`,
      `${points[3]?.id},${device},'\tTab,${iso(t0 + 3000)},-6.5`,
      `${points[4]?.id},${device},Plain,${iso(t0 + 4000)},-7.5`,
    ]);
  });

  it('answers latest values, and 404 for points of a group the user cannot see or that do not exist', async () => {
    const { t, a, c, get } = await plant();
    expect(await get('/latest', { bacnet_point_ids: [c, a] })).toEqual([
      { bacnet_point_id: c, timestamp: null, value: null, earliest: null, count: 0 },
      { bacnet_point_id: a, timestamp: iso(t0 + day - 15_000), value: 15, earliest: iso(t0), count: 5760 },
    ]);
    const stranger = await outsider(t);
    const range = recordQuery({ bacnet_point_ids: [a], from: iso(t0), to: iso(t0 + day) });
    for (const path of [`/series?${range}`, `?${range}`, `/count?${range}`, `.csv?${range}`, `/latest?bacnet_point_ids=${a}`]) {
      const res = await stranger.get(`/api/v2/point-records${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toEqual({ code: 'not_found', message: expect.stringContaining('BACnet point') as string });
    }
    expect((await t.client().get(`/api/v2/point-records/latest?bacnet_point_ids=${a}`)).statusCode).toBe(401);
  });

  it('refuses bad queries with 400 naming the field', async () => {
    const { admin, a } = await plant();
    const field = async (q: string) => {
      const res = await admin.get(`/api/v2/point-records/series?${q}`);
      expect(res.statusCode, q).toBe(400);
      return res.json<{ fields: { field: string; message: string }[] }>().fields[0];
    };
    const range = `from=${iso(t0)}&to=${iso(t0 + day)}`;
    expect(await field(`bacnet_point_ids=1,x&${range}`)).toEqual({ field: 'bacnet_point_ids', message: 'A comma-separated list of point ids' });
    expect(await field(range)).toMatchObject({ field: 'bacnet_point_ids' });
    expect(await field(`bacnet_point_ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}&${range}`)).toEqual({ field: 'bacnet_point_ids', message: 'At most 50 points at once' });
    expect(await field(`bacnet_point_ids=${a}&from=yesterday&to=${iso(t0)}`)).toEqual({ field: 'from', message: 'An ISO 8601 date and time' });
    expect(await field(`bacnet_point_ids=${a}&from=${iso(t0 + day)}&to=${iso(t0)}`)).toEqual({ field: 'to', message: 'The end must be after the start' });
    expect(await field(`bacnet_point_ids=${a}&${range}&max_points=5`)).toMatchObject({ field: 'max_points' });
    for (const q of [`?bacnet_point_ids=${a}&${range}&take=0`, `?bacnet_point_ids=${a}&${range}&skip=-1`, `/count?bacnet_point_ids=${a}&from=${iso(t0)}`, '/latest?bacnet_point_ids=', `.csv?bacnet_point_ids=${a}`]) {
      expect((await admin.get(`/api/v2/point-records${q}`)).statusCode, q).toBe(400);
    }
    expect((await admin.get(`/api/v2/point-records/latest?bacnet_point_ids=${a},2147483647`)).statusCode).toBe(404);
    expect((await admin.get('/api/docs')).statusCode).toBe(200);
  });
});
