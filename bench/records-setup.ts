/**
 * The database side of bench/records.ts: a fresh database (bench-databases.ts) migrated and bootstrapped, with one
 * controller of 20 BACnet points; the server's own records and point data services over it; the agent-style batches
 * of records the benchmark sends; and 500 more points with a year of records for the availability report.
 */
import { sql } from 'drizzle-orm';
import type { AgentRecord } from '@syrx/contracts/records';
import {
  backfillAll, createControllersService, createGroupsService, createPointDataService, createRecordsService, type Database, DomainEvents, MonthPartitions,
  monthStartsBetween,
} from '@syrx/server/testing';
import { plantController, stepBatches } from './bench-databases.ts';
import { fmt, timed } from './bench-kit.ts';

export const pointCount = 20;
export const stepMs = 15_000;
export const batchSize = 5000;

/** Migrations, the administrator, one controller with a device of 20 points; the records and point data services, an actor. */
export async function plant(db: Database['db']) {
  const { controllerId, actor } = await plantController(db);
  const pointIds = await devicePoints(db, controllerId, 5, pointCount);
  const controllers = createControllersService(db, createGroupsService(db), new DomainEvents());
  const pointData = createPointDataService(db, { controllers, groups: createGroupsService(db) });
  const records = createRecordsService(db, controllers, pointData);
  return { controllerId, pointIds, records, pointData, actor };
}

/** A device (BACnet instance `instance`) of the controller with `n` analog inputs; their ids. */
async function devicePoints(db: Database['db'], controllerId: string, instance: number, n: number): Promise<number[]> {
  const device = await db.execute<{ id: number }>(sql`
    insert into bacnet_devices (syrx_controller_id, mac_address, instance_number, name) values (${controllerId}, ${`10.0.0.${instance}:47808`}, ${instance}, ${`AHU-${instance}`}) returning id`);
  const points = await db.execute<{ id: number }>(sql`
    insert into bacnet_points (device_id, syrx_controller_id, object_type, object_type_name, instance_number, name)
    select ${device.rows[0]?.id}, ${controllerId}, 0, 'OBJECT_ANALOG_INPUT', n, 'AI-' || n from generate_series(1, ${n}) n returning id`);
  return points.rows.map((p) => p.id);
}

/** Agent-style batches (every point at each step, oldest first) over [start, start + days). */
export const batches = (pointIds: number[], start: number, days: number, step = stepMs): Generator<AgentRecord[]> => stepBatches(start, days, step, batchSize, (t, s) =>
  pointIds.map((id, i): AgentRecord => [id, t, 20 + 5 * Math.sin((s + i * 40) / 240) + (s % 7) * 0.01]));

/**
 * `n` points of a year before `end` as a server of before the rollups has them: records every 6 hours, every 15 minutes
 * in the last week, and now and then a day missing; written straight into the store and marked without rollups. Then
 * the backfill builds their rollups (its rate printed). The points' ids.
 */
export async function yearOfPointsBefore(db: Database['db'], controllerId: string, n: number, end: number): Promise<number[]> {
  const ids = await devicePoints(db, controllerId, 6, n);
  const start = end - 365 * 86_400_000;
  await new MonthPartitions(db, 'point_records').ensure(monthStartsBetween(new Date(start).toISOString(), new Date(end).toISOString()));
  await db.execute(sql`insert into data_points (kind, bacnet_point_id, rolled_up) select 'controller-bacnet-point', id, false from unnest(${sql.param(ids)}::int[]) as p(id)`);
  const times = (from: number, to: number, step: string) => sql`generate_series(${new Date(from).toISOString()}::timestamptz, ${new Date(to - 1).toISOString()}::timestamptz, ${step}::interval)`;
  for (const [from, to, step] of [[start, end - 7 * 86_400_000, '6 hours'], [end - 7 * 86_400_000, end, '15 minutes']] as const) {
    await db.execute(sql`
      insert into point_records (data_point_id, ts, value)
      select d.id, t, 20 + (d.id % 7) from data_points d cross join ${times(from, to, step)} as t
      where d.bacnet_point_id = any(${sql.param(ids)}::int[]) and (extract(doy from t)::int + d.id) % 37 <> 0`);
  }
  await db.execute(sql`update data_points d set record_count = (select count(*) from point_records r where r.data_point_id = d.id) where not d.rolled_up`);
  let built = { series: 0, records: 0 };
  const ms = await timed(async () => {
    built = await backfillAll(db, () => undefined);
  });
  console.log(`  backfill of ${fmt(built.series)} series (${fmt(built.records)} records of a year): ${fmt(ms)} ms, ${fmt(built.records / (ms / 1000))} records/s`);
  return ids;
}
