/**
 * The dataset of bench/api-load.ts. Through the API, as a user would: the admin's current group, and the
 * controllers. By SQL, where only agents (or no API at all) create rows: the organizations' groups, the devices
 * (20 per controller, as discovery leaves them) and their points (500 on each controller's first device, 40 on the
 * others) with the series summaries of the points selected for reporting.
 */
import { z } from 'zod';
import type pg from 'pg';
import { engineeringUnitName, objectTypeLabel, objectTypes } from '@syrx/contracts/bacnet';
import { createdControllerSchema } from '@syrx/contracts/controllers';
import { sessionUserSchema } from '@syrx/contracts/auth';
import type { BrowserSession } from './browser-session.ts';

export const devicesPerController = 20;
export const pointsOnListedDevice = 500;
export const pointsOnOtherDevices = 40;

export interface Dataset {
  /** The admin's current group (the controller list's root_group_id): an organization with two sub-groups. */
  scopeGroupId: number;
  /** The controllers in that scope, and per controller the device whose 500 points the point list shows. */
  controllerIds: string[];
  listedDeviceIds: number[];
  totals: { controllers: number; devices: number; points: number };
}

/** A point's object type, name stem and units, by position in the device's object list. */
const pointKinds: { type: number; stem: string; units: number | null }[] = [
  { type: objectTypes.analogInput, stem: 'ZN-T', units: 64 },
  { type: objectTypes.analogInput, stem: 'SA-T', units: 64 },
  { type: objectTypes.analogInput, stem: 'DA-P', units: 53 },
  { type: objectTypes.analogOutput, stem: 'VLV', units: 98 },
  { type: objectTypes.analogValue, stem: 'ZN-SP', units: 64 },
  { type: objectTypes.analogValue, stem: 'FLOW-SP', units: 84 },
  { type: objectTypes.binaryInput, stem: 'FAN-S', units: null },
  { type: objectTypes.binaryOutput, stem: 'FAN-C', units: null },
  { type: objectTypes.binaryValue, stem: 'OCC', units: null },
  { type: objectTypes.multiStateValue, stem: 'MODE', units: null },
];

async function createGroups(pool: pg.Pool): Promise<{ org: number; north: number; south: number; other: number }> {
  const insert = async (name: string, parent: number) =>
    (await pool.query<{ id: number }>('insert into groups (name, parent_id) values ($1, $2) returning id', [name, parent])).rows[0]?.id ?? 0;
  const root = (await pool.query<{ id: number }>('select id from groups where parent_id is null order by id limit 1')).rows[0]?.id;
  if (root === undefined) throw new Error('no root group');
  const org = await insert('Bench Facilities', root);
  return { org, north: await insert('North campus', org), south: await insert('South campus', org), other: await insert('Other Facilities', root) };
}

async function createControllers(session: BrowserSession, groups: { id: number; count: number; label: string }[]): Promise<string[][]> {
  const out: string[][] = [];
  for (const g of groups) {
    const ids: string[] = [];
    for (let i = 1; i <= g.count; i++) {
      const body = { name: `${g.label} building ${String(i).padStart(2, '0')}`, description: `Controller of ${g.label} building ${i}, mechanical room`, group_id: g.id };
      ids.push((await session.json('POST', '/api/SyrxControllers', createdControllerSchema, body)).id);
    }
    out.push(ids);
  }
  return out;
}

/** Devices 1–10 on the controller's own network, 11–20 behind a router (MS/TP); every tenth unavailable, every 19th not yet read. */
async function createDevices(pool: pg.Pool, controllerIds: string[]): Promise<void> {
  await pool.query(
    `insert into bacnet_devices (syrx_controller_id, mac_address, network, destination_mac_address, destination_network, instance_number, name,
       vendor_name, description, model_name, database_revision, point_list_revision, first_available_on, last_available_on, last_unavailable_on,
       last_discovery_attempt, last_point_discovery, availability)
     select c.id, '10.20.' || c.ord || '.' || (10 + i) || ':47808', case when i <= 10 then 0 else 2001 end,
       case when i <= 10 then '0.0.0.0:0' else lpad(to_hex(i), 2, '0') end, case when i <= 10 then 0 else 2001 end, c.ord * 1000 + i,
       (array['AHU','VAV','FCU','RTU','CHLR','BLR'])[1 + i % 6] || '-' || c.ord || '-' || i, 'Acme Controls', 'Zone equipment ' || i,
       'AC-' || (100 + i % 4), 1000 + i, 1000 + i, now() - interval '90 days', now() - (i || ' minutes')::interval,
       case when i % 10 = 0 then now() - interval '2 hours' end, now() - interval '1 hour', now() - interval '1 day',
       case when i % 10 = 0 then 'unavailable' when i % 19 = 0 then 'unknown' else 'available' end
     from unnest($1::uuid[]) with ordinality as c(id, ord) cross join generate_series(1, $2::int) as i`,
    [controllerIds, devicesPerController],
  );
}

async function createPoints(pool: pg.Pool, controllerIds: string[]): Promise<void> {
  const kinds = { types: pointKinds.map((k) => k.type), labels: pointKinds.map((k) => objectTypeLabel(k.type)), stems: pointKinds.map((k) => k.stem), units: pointKinds.map((k) => (k.units === null ? null : engineeringUnitName(k.units))) };
  await pool.query(
    `insert into bacnet_points (device_id, syrx_controller_id, object_type, object_type_name, instance_number, name, description, units,
       first_seen_on, last_seen_on, last_missed_on, last_point_discovery, is_available, reporting_is_selected_for_reporting)
     select d.id, d.syrx_controller_id, ($3::int[])[k], ($4::text[])[k], j, d.name || '.' || ($5::text[])[k] || '-' || j, 'Point ' || j || ' of ' || d.name,
       ($6::text[])[k], now() - interval '90 days', now() - interval '1 day', case when j % 50 = 0 then now() - interval '1 hour' end,
       now() - interval '1 day', j % 50 <> 0, j % 5 = 0
     from bacnet_devices d
     cross join lateral generate_series(1, case when d.instance_number % 1000 = 1 then $1::int else $2::int end) as j
     cross join lateral (select 1 + j % ${pointKinds.length} as k) as kind
     where d.syrx_controller_id = any($7::uuid[])`,
    [pointsOnListedDevice, pointsOnOtherDevices, kinds.types, kinds.labels, kinds.stems, kinds.units, controllerIds],
  );
  // Two weeks of records behind every point selected for reporting: the grid shows their summary.
  await pool.query(
    `insert into data_points (kind, bacnet_point_id, earliest_record_on, latest_record_on, latest_value, record_count)
     select 'controller-bacnet-point', p.id, now() - interval '14 days', now() - (p.id % 15 || ' minutes')::interval, round((50 + p.id % 40 + random())::numeric, 2), 1344
     from bacnet_points p where p.reporting_is_selected_for_reporting`,
  );
}

export async function seed(session: BrowserSession, userId: number, pool: pg.Pool): Promise<Dataset> {
  const g = await createGroups(pool);
  // As the group selector does: the organization becomes the admin's current group, the controller list's scope.
  const user = await session.json('POST', `/api/Users/${userId}/CurrentGroup`, sessionUserSchema, { group_id: g.org });
  if (user.commissioning_group?.id !== g.org) throw new Error('the current group did not change');
  const [own = [], north = [], south = [], other = []] = await createControllers(session, [
    { id: g.org, count: 20, label: 'HQ' }, { id: g.north, count: 15, label: 'North' }, { id: g.south, count: 15, label: 'South' }, { id: g.other, count: 25, label: 'Other' },
  ]);
  const controllerIds = [...own, ...north, ...south];
  const all = [...controllerIds, ...other];
  await createDevices(pool, all);
  await createPoints(pool, all);
  // A settled database, as production's is between bulk loads (autovacuum is on by default; this machine's PostgreSQL
  // runs with it off): statistics, hint bits and visibility maps written, and the seed's dirty pages checkpointed, so the
  // measured minutes are not also the first reads of 94,500 fresh rows and the flush of the load that wrote them.
  for (const table of ['groups', 'syrx_controllers', 'bacnet_devices', 'bacnet_points', 'data_points']) await pool.query(`vacuum (analyze) ${table}`);
  await pool.query('checkpoint');
  const listed = await pool.query<{ id: number }>(
    `select d.id from bacnet_devices d join unnest($1::uuid[]) with ordinality as c(id, ord) on c.id = d.syrx_controller_id
     where d.instance_number % 1000 = 1 order by c.ord`,
    [controllerIds],
  );
  const totals = z.object({ controllers: z.number(), devices: z.number(), points: z.number() }).parse(
    (await pool.query(`select (select count(*)::int from syrx_controllers) as controllers, (select count(*)::int from bacnet_devices) as devices,
      (select count(*)::int from bacnet_points) as points`)).rows[0],
  );
  return { scopeGroupId: g.org, controllerIds, listedDeviceIds: listed.rows.map((r) => r.id), totals };
}
