import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { MonthPartitions } from '../../lib/month-partitions.ts';
import { rebuildRollups } from '../../lib/record-rollups.ts';
import { monthStartsBetween } from './record-months.ts';
import { type PcsPointKey, pcsKeyOf, pointSourcesRepo, type VendorPointKey, vendorKeyOf } from './point-sources.repo.ts';

/**
 * The demo's vendor and PCS points (what the move wizard's trees show on `npm start`): the two demo organizations'
 * buildings as other vendors' systems export them, two weeks of 15-minute records that look like their quantities, and
 * equipment points of a few air handlers and a chiller on vendor points. Made as imports make them (the data-moves
 * repositories), in a few bulk statements; skipped once made.
 */

/**
 * How a point's value moves: around `base` by `amp` over the day (highest at `peak` o'clock, the buildings' time: UTC-5)
 * with a little noise, rounded to `digits`; or on (1) from `from` to `to` o'clock on weekdays, else off (0).
 */
type Shape = { kind: 'analog'; base: number; amp: number; peak: number; noise: number; digits: number } | { kind: 'status'; from: number; to: number };

const analog = (base: number, amp: number, peak = 15, noise = 0.3, digits = 1): Shape => ({ kind: 'analog', base, amp, peak, noise, digits });
const status = (from = 6, to = 20): Shape => ({ kind: 'status', from, to });

/** Air-handler points and how they behave (°F, %, in. w.c., on/off). */
const ahuPoints: [string, Shape][] = [
  ['SAT', analog(56, 1.5, 15, 0.4)], ['SAT-SP', analog(55, 0, 0, 0)], ['RAT', analog(72, 1.5, 16, 0.3)], ['MAT', analog(63, 4, 14, 0.5)],
  ['OAT', analog(58, 9, 15, 0.6)], ['SF-STATUS', status()], ['RF-STATUS', status()], ['CHW-VLV', analog(45, 35, 15, 3, 0)],
  ['OA-DMPR', analog(30, 15, 13, 2, 0)], ['DSP', analog(1.5, 0.2, 14, 0.05, 2)],
];
const chillerPoints: [string, Shape][] = [['CHWS', analog(44, 0.8, 15, 0.2)], ['CHWR', analog(55, 1.5, 15, 0.3)], ['KW', analog(310, 140, 15, 12, 0)], ['STATUS', status(5, 21)]];
const zonePoints: [string, Shape][] = [['ZN-T', analog(72, 2, 16, 0.3)], ['ZN-SP', analog(72, 0, 0, 0)], ['DPR', analog(45, 30, 15, 4, 0)]];

const pad = (n: number) => String(n).padStart(2, '0');
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** The vendor points: invensys and UC in three levels (building | equipment | point), JCI and Siemens in two. */
function vendorPointList(): { key: VendorPointKey; shape: Shape }[] {
  const three = (vendor: string, building: string, equipment: string, points: [string, Shape][]) =>
    points.map(([p, shape]) => ({ key: { vendor, id_field_1: building, id_field_2: equipment, id_field_3: p }, shape }));
  const two = (vendor: string, building: string, point: string, shape: Shape) => ({ key: { vendor, id_field_1: building, id_field_2: point, id_field_3: '' }, shape });
  return [
    ...range(8).flatMap((i) => three('invensys', 'Main Hospital', `AHU-${i}`, ahuPoints)),
    ...range(2).flatMap((i) => three('invensys', 'Central Utility Plant', `CH-${i}`, chillerPoints)),
    ...range(4).flatMap((i) => three('UC', 'Outpatient Pavilion', `AHU-${i}`, ahuPoints)),
    ...range(3).flatMap((i) => three('UC', 'Outpatient Pavilion', `RTU-${i}`, ahuPoints.slice(0, 6))),
    ...range(16).flatMap((i) => zonePoints.map(([p, s]) => two('JCI', 'Harbor Building A', `VAV-1${pad(i)}.${p}`, s))),
    two('JCI', 'Harbor Building A', 'MAIN-METER.KW', analog(180, 90, 14, 8, 0)),
    ...range(2).flatMap((i) => ahuPoints.map(([p, s]) => two('Siemens', 'Harbor Building B', `AHU${i}.${p}`, s))),
    ...range(12).flatMap((i) => zonePoints.slice(0, 2).map(([p, s]) => two('Siemens', 'Harbor Building B', `FCU-2${pad(i)}.${p}`, s))),
    two('Siemens', 'Harbor Building B', 'BLDG.KW', analog(140, 70, 14, 6, 0)),
  ];
}

/** PCS sites → devices → points; `shape` marks the ones with records. */
const pcsPointList: { key: PcsPointKey; shape: Shape | null }[] = [
  ...[['Central Plant Meter', [['KW', analog(820, 300, 14, 20, 0)], ['KWH', null]]], ['Boiler-1', [['HWS', analog(160, 6, 6, 1)], ['HWR', analog(138, 5, 6, 1)], ['STATUS', null]]],
    ['CH-1', [['CHWS', analog(44, 0.8, 15, 0.2)], ['CHWR', null], ['KW', null]]]].flatMap(([device, points]) =>
    (points as [string, Shape | null][]).map(([p, shape]) => ({ key: { site_name: 'Riverside Medical Center', device_name: device as string, point_name: p }, shape }))),
  ...[['Main Meter', [['KW', analog(260, 110, 14, 10, 0)], ['KWH', null]]], ['RTU-1', [['SAT', analog(56, 1.5, 15, 0.4)], ['ZN-T', null], ['SF-STATUS', null]]],
    ['RTU-2', [['SAT', null], ['ZN-T', null], ['SF-STATUS', null]]]].flatMap(([device, points]) =>
    (points as [string, Shape | null][]).map(([p, shape]) => ({ key: { site_name: 'Harbor Office Park', device_name: device as string, point_name: p }, shape }))),
];

const days = 14;
const stepMs = 900_000;

/** The values of each shape, in SQL over `g` (the record's index) and `t` (its time), so the records come in bulk. */
const local = sql`(t at time zone 'UTC' - interval '5 hours')`;
const valueSql = sql`case when s.kind = 'status'
    then case when extract(hour from ${local}) >= s.a and extract(hour from ${local}) < s.b and extract(isodow from ${local}) < 6 then 1 else 0 end
    else round((s.a + s.b * cos(2 * pi() * (extract(epoch from t) / 86400.0 - (s.c + 5) / 24.0))
      + s.d * sin(g * 12.9898 + s.id * 78.233) * sin(g * 0.37 + s.id))::numeric, s.e)::float8 end`;

/** Seeds the demo's vendor and PCS points, their records and equipment points, unless they are there; whether it did. */
export async function seedDemoPointSources(db: Db, now = Date.now()): Promise<boolean> {
  const marker = await db.execute(sql`select 1 from vendor_points where vendor = 'invensys' and id_field_1 = 'Main Hospital' limit 1`);
  if (marker.rows.length > 0) return false;
  const vendor = vendorPointList();
  const end = Math.floor(now / stepMs) * stepMs;
  const start = end - days * 86_400_000 + stepMs;
  await new MonthPartitions(db, 'point_records').ensure(monthStartsBetween(new Date(start).toISOString(), new Date(end).toISOString()));

  await db.transaction(async (tx) => {
    const vendorSeries = await pointSourcesRepo.ensureVendorPoints(tx, vendor.map((v) => v.key));
    const pcsSeries = await pointSourcesRepo.ensurePcsPoints(tx, pcsPointList.map((p) => p.key));
    const shaped = [
      ...vendor.map((v) => ({ id: vendorSeries.get(vendorKeyOf(v.key))?.data_point_id, shape: v.shape })),
      ...pcsPointList.map((p) => ({ id: pcsSeries.get(pcsKeyOf(p.key))?.data_point_id, shape: p.shape })),
    ].flatMap((s) => (s.id !== undefined && s.shape ? [{ id: s.id, shape: s.shape }] : []));
    const col = <T>(f: (s: { id: number; shape: Shape }) => T) => sql.param(shaped.map(f));
    await tx.execute(sql`
      insert into point_records (data_point_id, ts, value)
      select s.id, t, ${valueSql}
      from unnest(${col((s) => s.id)}::int[], ${col((s) => s.shape.kind)}::text[],
        ${col((s) => (s.shape.kind === 'analog' ? s.shape.base : s.shape.from))}::float8[], ${col((s) => (s.shape.kind === 'analog' ? s.shape.amp : s.shape.to))}::float8[],
        ${col((s) => (s.shape.kind === 'analog' ? s.shape.peak : 0))}::float8[], ${col((s) => (s.shape.kind === 'analog' ? s.shape.noise : 0))}::float8[],
        ${col((s) => (s.shape.kind === 'analog' ? s.shape.digits : 0))}::int[]) as s(id, kind, a, b, c, d, e)
      cross join lateral (
        select g, to_timestamp(${start}::float8 / 1000) + g * interval '15 minutes' as t from generate_series(0, ${days * 96 - 1}) g) r`);
    await tx.execute(sql`
      update data_points d set earliest_record_on = s.first, latest_record_on = s.last, record_count = s.n,
        latest_value = (select value from point_records where data_point_id = d.id and ts = s.last)
      from (select data_point_id, min(ts) as first, max(ts) as last, count(*) as n from point_records
        where data_point_id = any(${col((s) => s.id)}::int[]) group by data_point_id) s
      where d.id = s.data_point_id`);
    await rebuildRollups(tx, shaped.map((s) => s.id));

    // Equipment points of a few pieces of equipment, on their vendor points.
    const equipment: [string, string, string, string][] = [
      ...['AHU-1', 'AHU-2'].flatMap((e) => ['SAT', 'RAT', 'MAT', 'SF-STATUS'].map((p): [string, string, string, string] => [`Main Hospital ${e}`, p, 'invensys|Main Hospital', `${e}|${p}`])),
      ...['CHWS', 'CHWR', 'KW'].map((p): [string, string, string, string] => ['Central Plant CH-1', p, 'invensys|Central Utility Plant', `CH-1|${p}`]),
      ...['SAT', 'RAT', 'SF-STATUS'].map((p): [string, string, string, string] => ['Pavilion AHU-1', p, 'UC|Outpatient Pavilion', `AHU-1|${p}`]),
    ];
    const rows = equipment.flatMap(([name, code, prefix, rest]) => {
      const [v, b] = prefix.split('|') as [string, string];
      const [e, p] = rest.split('|') as [string, string];
      const id = vendorSeries.get(vendorKeyOf({ vendor: v, id_field_1: b, id_field_2: e, id_field_3: p }))?.data_point_id;
      return id === undefined ? [] : [{ name, code, id }];
    });
    await tx.execute(sql`
      insert into equipment_points (equipment_name, point_code, data_point_id)
      select * from unnest(${sql.param(rows.map((r) => r.name))}::text[], ${sql.param(rows.map((r) => r.code))}::text[], ${sql.param(rows.map((r) => r.id))}::int[])
      on conflict (equipment_name, point_code) do nothing`);
  });
  return true;
}
