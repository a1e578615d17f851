/**
 * The database side of bench/records.ts: a fresh database (PostgreSQL on 127.0.0.1:5432, or PGlite in its child
 * process as the server runs it), migrated and bootstrapped, with one controller of 20 BACnet points; the server's own
 * records service over it; and the agent-style batches of 15-second records the benchmark sends.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AgentRecord } from '@syrx/contracts/records';
import { type Actor, bootstrap, createControllersService, createGroupsService, createRecordsService, type Database, DomainEvents, runMigrations } from '@syrx/server/testing';
import { freshPglite as freshPgliteOf, freshPostgres as freshPostgresOf } from './bench-databases.ts';

export const pointCount = 20;
export const stepMs = 15_000;
export const batchSize = 5000;

export { type BenchDatabase } from './bench-databases.ts';
export const freshPostgres = () => freshPostgresOf('records');
export const freshPglite = () => freshPgliteOf('records');

/** Migrations, the administrator, one controller with a device of 20 points; the records service and an actor. */
export async function plant(db: Database['db']) {
  await runMigrations(db);
  await bootstrap(db, { adminUsername: 'admin', adminPassword: 'bench-password', demo: false });
  const [root] = (await db.execute<{ id: number }>(sql`select id from groups where parent_id is null`)).rows;
  const [user] = (await db.execute<{ id: number }>(sql`select id from users where username = 'admin'`)).rows;
  const controllerId = randomUUID();
  await db.execute(sql`insert into syrx_controllers (id, group_id, name, secret_hash) values (${controllerId}, ${root?.id}, 'Bench controller', 'x')`);
  const device = await db.execute<{ id: number }>(sql`
    insert into bacnet_devices (syrx_controller_id, mac_address, instance_number, name) values (${controllerId}, '10.0.0.5:47808', 5, 'AHU-1') returning id`);
  const points = await db.execute<{ id: number }>(sql`
    insert into bacnet_points (device_id, syrx_controller_id, object_type, object_type_name, instance_number, name)
    select ${device.rows[0]?.id}, ${controllerId}, 0, 'OBJECT_ANALOG_INPUT', n, 'AI-' || n from generate_series(1, ${pointCount}) n returning id`);
  const groups = createGroupsService(db);
  const records = createRecordsService(db, createControllersService(db, groups, new DomainEvents()));
  const actor: Actor = { userId: user?.id ?? 0, permissions: new Set(['groups_allow_all']), allowAll: true };
  return { controllerId, pointIds: points.rows.map((p) => p.id), records, actor };
}

/** Agent-style batches (every point at each 15-second step, oldest first) over [start, start + days). */
export function* batches(pointIds: number[], start: number, days: number): Generator<AgentRecord[]> {
  const steps = (days * 86_400_000) / stepMs;
  let batch: AgentRecord[] = [];
  for (let s = 0; s < steps; s++) {
    const t = start + s * stepMs;
    for (const [i, id] of pointIds.entries()) batch.push([id, t, 20 + 5 * Math.sin((s + i * 40) / 240) + (s % 7) * 0.01]);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
