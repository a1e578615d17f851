import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AgentDevice } from '@syrx/contracts/agent-protocol';
import { type BacnetDevice, type DeviceStatus, filterableDeviceFields } from '@syrx/contracts/devices';
import type { DbOrTx } from '../../db/client.ts';
import { renderedSelectList } from '../../db/rendered-select.ts';
import { bacnetDevices as d } from '../../db/schema/index.ts';
import type { GridColumn } from '../../lib/grid-sql.ts';
import { isoOf } from '../../lib/sql-dates.ts';
import { groupedBy } from '../../lib/batched-read.ts';
import { inUuids } from '../../db/array-params.ts';

export type DeviceRow = typeof d.$inferSelect;
export type Availability = DeviceRow['availability'];
/** Where a device is, as stored. */
export interface DeviceAddressInput {
  mac_address: string;
  network: number;
  instance_number: number;
  destination_mac_address: string;
  destination_network: number;
}

const status = sql<DeviceStatus>`case when ${d.ignored} then 'ignored' else ${d.availability} end`;
// Written out in full: Drizzle leaves columns unqualified in single-table selects, which the subquery would capture.
const pointCount = sql<number>`(select count(*)::int from bacnet_points bp where bp.device_id = "bacnet_devices"."id" and bp.is_available)`;

const columns = {
  id: d.id,
  syrx_controller_id: d.syrxControllerId,
  mac_address: d.macAddress,
  network: d.network,
  instance_number: d.instanceNumber,
  destination_mac_address: d.destinationMacAddress,
  destination_network: d.destinationNetwork,
  name: d.name,
  description: d.description,
  vendor_name: d.vendorName,
  model_name: d.modelName,
  // node-postgres gives a bigint as text; a revision fits a double exactly (below 2^53).
  database_revision: sql<number | null>`${d.databaseRevision}::float8`,
  first_available_on: isoOf(d.firstAvailableOn),
  last_available_on: isoOf(d.lastAvailableOn),
  last_unavailable_on: isoOf(d.lastUnavailableOn),
  last_discovery_attempt: isoOf(d.lastDiscoveryAttempt),
  last_point_discovery: isoOf(d.lastPointDiscovery),
  status,
  ignored: d.ignored,
  point_count: pointCount,
};

// Rendered once; every read of devices in the wire's shape goes through it (db/rendered-select.ts).
const listedColumns = renderedSelectList(columns);
const rowsOf = async (db: DbOrTx, rest: SQL): Promise<BacnetDevice[]> => (await db.execute<BacnetDevice>(sql`select ${listedColumns} from ${d} ${rest}`)).rows;

/** Sortable and filterable columns by wire name; text sorts ignore letter case. */
const sqlOf: Record<keyof typeof filterableDeviceFields, SQL> = {
  id: sql`${d.id}`, mac_address: sql`${d.macAddress}`, network: sql`${d.network}`, instance_number: sql`${d.instanceNumber}`,
  destination_mac_address: sql`${d.destinationMacAddress}`, destination_network: sql`${d.destinationNetwork}`, name: sql`${d.name}`,
  description: sql`${d.description}`, vendor_name: sql`${d.vendorName}`, model_name: sql`${d.modelName}`, database_revision: sql`${d.databaseRevision}`,
  status, ignored: sql`${d.ignored}`, first_available_on: sql`${d.firstAvailableOn}`, last_available_on: sql`${d.lastAvailableOn}`,
  last_unavailable_on: sql`${d.lastUnavailableOn}`, last_discovery_attempt: sql`${d.lastDiscoveryAttempt}`, last_point_discovery: sql`${d.lastPointDiscovery}`,
  point_count: pointCount,
};
export const deviceSortColumns: Record<string, SQL> = Object.fromEntries(
  Object.entries(sqlOf).map(([k, e]) => [k, filterableDeviceFields[k as keyof typeof filterableDeviceFields] === 'string' ? sql`lower(${e})` : e]),
);
export const deviceFilterColumns: Record<string, GridColumn> = Object.fromEntries(
  Object.entries(sqlOf).map(([k, e]) => [k, { expr: e, type: filterableDeviceFields[k as keyof typeof filterableDeviceFields] }]),
);

/** The devices of a controller a grid shows: without showUnavailable, only available, unknown and pending ones. */
export const deviceListWhere = (controllerId: string, showUnavailable: boolean, filters: SQL | undefined): SQL | undefined =>
  and(eq(d.syrxControllerId, controllerId), showUnavailable ? undefined : sql`not ${d.ignored} and ${d.availability} <> 'unavailable'`, filters);

const toRow = (controllerId: string, a: DeviceAddressInput, availability: Availability) => ({
  syrxControllerId: controllerId, macAddress: a.mac_address, network: a.network, instanceNumber: a.instance_number,
  destinationMacAddress: a.destination_mac_address, destinationNetwork: a.destination_network, availability,
});

export const devicesRepo = {
  list(db: DbOrTx, where: SQL | undefined, order: SQL[], page: { offset: number; limit: number }): Promise<BacnetDevice[]> {
    return rowsOf(db, sql`${where ? sql`where ${where}` : sql``}
      order by ${sql.join([...order, asc(d.instanceNumber), asc(d.id)], sql`, `)} offset ${page.offset} limit ${page.limit}`);
  },

  async count(db: DbOrTx, where: SQL | undefined): Promise<number> {
    const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(d).where(where);
    return r?.n ?? 0;
  },

  async find(db: DbOrTx, id: number): Promise<BacnetDevice | null> {
    const [row] = await rowsOf(db, sql`where ${eq(d.id, id)}`);
    return row ?? null;
  },

  findMany(db: DbOrTx, ids: number[]): Promise<BacnetDevice[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return rowsOf(db, sql`where ${inArray(d.id, ids)} order by ${d.id}`);
  },

  /** Inserts the devices whose instance number the controller does not have yet; returns the ids added. */
  async insertNew(db: DbOrTx, controllerId: string, devices: DeviceAddressInput[], availability: Availability): Promise<number[]> {
    if (devices.length === 0) return [];
    const rows = await db.insert(d).values(devices.map((a) => toRow(controllerId, a, availability))).onConflictDoNothing().returning({ id: d.id });
    return rows.map((r) => r.id);
  },

  async update(db: DbOrTx, id: number, values: PgUpdateSetSource<typeof d>): Promise<void> {
    await db.update(d).set(values).where(eq(d.id, id));
  },

  /** The devices each of the controllers' agents watches (not ignored), by controller; a controller with none is left out. */
  async watchedOf(db: DbOrTx, controllerIds: readonly string[]): Promise<Map<string, AgentDevice[]>> {
    const rows = await db
      .select({
        controllerId: d.syrxControllerId, id: d.id, mac_address: d.macAddress, network: d.network, destination_mac_address: d.destinationMacAddress,
        destination_network: d.destinationNetwork, instance_number: d.instanceNumber, database_revision: d.pointListRevision,
      })
      .from(d)
      .where(and(inUuids(d.syrxControllerId, controllerIds), eq(d.ignored, false)))
      .orderBy(asc(d.id));
    return groupedBy(rows, (r) => r.controllerId, ({ controllerId: _, ...device }) => device);
  },

  /** The devices of the controllers found by discovery whose properties were never read (not ignored). */
  async pendingIds(db: DbOrTx, controllerIds: readonly string[]): Promise<number[]> {
    const rows = await db.select({ id: d.id }).from(d).where(and(inUuids(d.syrxControllerId, controllerIds), eq(d.availability, 'pending'), eq(d.ignored, false))).orderBy(asc(d.id));
    return rows.map((r) => r.id);
  },
};
