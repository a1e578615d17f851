/**
 * The fleet's database: a fresh PostgreSQL database on 127.0.0.1:5432 (syrx_bench_fleet_<pid>, dropped at the end;
 * ones left by runs that died are dropped first), and the controllers seeded by SQL once the server has migrated it.
 * Each controller is what the console creates (controllers.service insertController: a group, the default enabled
 * services — updater, BACnet query, reporting, diagnostics) plus one device of a few points with their record series, so
 * its agent has points to upload records for.
 * Each has its own secret, stored as the server stores one (a SHA-256, lib/passwords.ts hashSecret).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { defaultEnabledServiceIds } from '@syrx/contracts/services';
import { defaultUpdaterRange } from '@syrx/server/testing';
import type { FleetAgent } from './protocol.ts';
import { type TableReads, tableReads } from '../table-reads.ts';

const server = 'postgres://postgres@127.0.0.1:5432';
const prefix = 'syrx_bench_fleet_';

export interface FleetDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A connection to `url` for the time of `work`. */
async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client(url);
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export async function createFleetDatabase(): Promise<FleetDatabase> {
  const name = `${prefix}${process.pid}`;
  await withClient(`${server}/postgres`, async (admin) => {
    const stale = await admin.query<{ datname: string }>(`select datname from pg_database where datname like '${prefix}%'`);
    for (const { datname } of stale.rows) {
      const pid = Number(datname.slice(prefix.length));
      if (datname === name || (Number.isInteger(pid) && !alive(pid))) await admin.query(`drop database if exists ${datname} with (force)`);
    }
    await admin.query(`create database ${name}`);
  });
  let dropped = false;
  return {
    url: `${server}/${name}`,
    async drop() {
      if (dropped) return;
      dropped = true;
      await withClient(`${server}/postgres`, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * Seeds `count` controllers of `points` points each, each with its own secret stored as `secretOf` makes it (the
 * server's own form, as in a real fleet); answers them with their secrets.
 */
export async function seedControllers(url: string, count: number, points: number, secretOf: (secret: string) => string): Promise<FleetAgent[]> {
  const credentials = Array.from({ length: count }, () => ({ id: randomUUID(), password: `fleet-${randomUUID()}` }));
  return withClient(url, async (c) => {
    await c.query('begin');
    const group = await c.query<{ id: number }>(`
      insert into groups (name, parent_id) select 'Fleet benchmark', id from groups where parent_id is null order by id limit 1 returning id`);
    const groupId = group.rows[0]?.id;
    if (groupId === undefined) throw new Error('no root group: did the server bootstrap the database?');
    await c.query(`
      insert into syrx_controllers (id, group_id, name, secret_hash, claimed_at)
      select id, $1, 'Fleet ' || n, secret_hash, now() from unnest($2::uuid[], $3::text[]) with ordinality as t(id, secret_hash, n)`,
    [groupId, credentials.map((k) => k.id), credentials.map((k) => secretOf(k.password))]);
    await c.query(`
      insert into enabled_services (syrx_controller_id, service_id, assigned_version)
      select c.id, s.id, $3 from syrx_controllers c, unnest($2::text[]) as s(id) where c.group_id = $1`, [groupId, defaultEnabledServiceIds, defaultUpdaterRange]);
    if (points > 0) {
      await c.query(`
        insert into bacnet_devices (syrx_controller_id, mac_address, instance_number, name)
        select id, '10.0.0.5:47808', 5, 'AHU-1' from syrx_controllers where group_id = $1`, [groupId]);
      await c.query(`
        insert into bacnet_points (device_id, syrx_controller_id, object_type, object_type_name, instance_number, name)
        select d.id, d.syrx_controller_id, 0, 'OBJECT_ANALOG_INPUT', n, 'AI-' || n
        from bacnet_devices d join syrx_controllers c on c.id = d.syrx_controller_id, generate_series(1, $2::int) n
        where c.group_id = $1`, [groupId, points]);
      await c.query(`
        insert into data_points (kind, bacnet_point_id)
        select 'controller-bacnet-point', p.id from bacnet_points p join syrx_controllers c on c.id = p.syrx_controller_id where c.group_id = $1`, [groupId]);
    }
    await c.query('commit');
    await c.query('analyze');
    const rows = await c.query<{ id: string; points: number[] }>(`
      select c.id, coalesce(array_agg(p.id order by p.id) filter (where p.id is not null), '{}') as points
      from syrx_controllers c left join bacnet_points p on p.syrx_controller_id = c.id
      where c.group_id = $1 group by c.id order by c.id`, [groupId]);
    const pointsOf = new Map(rows.rows.map((r) => [r.id, r.points]));
    return credentials.map((k) => ({ controllerId: k.id, password: k.password, pointIds: pointsOf.get(k.id) ?? [] }));
  });
}

/** The pids of the database's backends (the server instances' pools), for their CPU. */
export function backendPids(url: string): Promise<number[]> {
  return withClient(url, async (c) => {
    const r = await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return r.rows.map((x) => x.pid);
  });
}

/** The tables' reads so far in the fleet's database (table-reads.ts). */
export const tableReadsOf = (url: string): Promise<Map<string, TableReads>> => withClient(url, tableReads);
