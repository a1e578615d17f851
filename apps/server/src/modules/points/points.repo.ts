import { type AnyColumn, type SQL, and, asc, desc, eq, sql } from 'drizzle-orm';
import { type BacnetPoint, filterablePointFields, type PointChange, type PointObjectGroup } from '@syrx/contracts/points';
import type { ReportingPoint } from '@syrx/contracts/records';
import type { DbOrTx } from '../../db/client.ts';
import { renderedSelectList, renderedStatement } from '../../db/rendered-select.ts';
import { type JsonAnswer, jsonArrayOf } from '../../db/json-answer.ts';
import { pointObjectId } from '../../db/bacnet-object-id.ts';
import { bacnetDevices as d, bacnetPointChanges as ch, bacnetPoints as p, dataPoints as dp, syrxControllers as c } from '../../db/schema/index.ts';
import type { GridColumn } from '../../lib/grid-sql.ts';
import { isoOf } from '../../lib/sql-dates.ts';
import { groupedBy } from '../../lib/batched-read.ts';
import { inUuids } from '../../db/array-params.ts';

const objectId = pointObjectId;

const columns = {
  id: p.id,
  syrx_controller_bacnet_device_id: p.deviceId,
  syrx_controller_id: p.syrxControllerId,
  syrx_controller_name: c.name,
  syrx_controller_bacnet_device_name: d.name,
  syrx_controller_bacnet_device_mac_address: d.macAddress,
  syrx_controller_bacnet_device_network: d.network,
  syrx_controller_bacnet_device_destination_mac_address: d.destinationMacAddress,
  syrx_controller_bacnet_device_destination_network: d.destinationNetwork,
  syrx_controller_bacnet_device_instance_number: d.instanceNumber,
  object_type: p.objectType,
  object_type_name: p.objectTypeName,
  instance_number: p.instanceNumber,
  object_id: objectId,
  name: p.name,
  description: p.description,
  units: p.units,
  first_seen_on: isoOf(p.firstSeenOn),
  last_seen_on: isoOf(p.lastSeenOn),
  last_missed_on: isoOf(p.lastMissedOn),
  last_point_discovery: isoOf(p.lastPointDiscovery),
  // The series summary, kept current by every insert of records (null until the first record).
  reporting_earliest_record_date: isoOf(dp.earliestRecordOn),
  reporting_latest_record_date: isoOf(dp.latestRecordOn),
  reporting_latest_value: dp.latestValue,
  reporting_is_selected_for_reporting: p.reportingIsSelectedForReporting,
  is_available: p.isAvailable,
};

const lower = (col: SQL | AnyColumn) => sql`lower(${col})`;
/** Sort expressions by wire name: the object id sorts by type name, then instance number (not as text). */
export const pointSortColumns: Record<string, SQL | SQL[]> = {
  id: sql`${p.id}`, object_type: sql`${p.objectType}`, object_type_name: sql`${p.objectTypeName}`, instance_number: sql`${p.instanceNumber}`,
  object_id: [sql`${p.objectTypeName}`, sql`${p.instanceNumber}`], name: lower(p.name), description: lower(p.description), units: lower(p.units),
  first_seen_on: sql`${p.firstSeenOn}`, last_seen_on: sql`${p.lastSeenOn}`, last_missed_on: sql`${p.lastMissedOn}`,
  reporting_is_selected_for_reporting: sql`${p.reportingIsSelectedForReporting}`, reporting_latest_record_date: sql`${dp.latestRecordOn}`,
  is_available: sql`${p.isAvailable}`, syrx_controller_bacnet_device_name: lower(d.name),
};
const filterExpr: Record<keyof typeof filterablePointFields, SQL> = {
  name: sql`${p.name}`, description: sql`${p.description}`, object_type: sql`${p.objectType}`, object_type_name: sql`${p.objectTypeName}`,
  instance_number: sql`${p.instanceNumber}`, object_id: objectId, units: sql`${p.units}`, is_available: sql`${p.isAvailable}`,
  reporting_is_selected_for_reporting: sql`${p.reportingIsSelectedForReporting}`, syrx_controller_bacnet_device_id: sql`${p.deviceId}`,
  syrx_controller_bacnet_device_name: sql`${d.name}`, last_seen_on: sql`${p.lastSeenOn}`, first_seen_on: sql`${p.firstSeenOn}`,
};
export const pointFilterColumns: Record<string, GridColumn> = Object.fromEntries(
  Object.entries(filterExpr).map(([k, e]) => [k, { expr: e, type: filterablePointFields[k as keyof typeof filterablePointFields] }]),
);

/** Which points a listing covers. */
export type PointScope = { controllerId: string } | { deviceId: number };
export const pointListWhere = (scope: PointScope, showUnavailable: boolean, filters?: SQL): SQL | undefined =>
  and('deviceId' in scope ? eq(p.deviceId, scope.deviceId) : eq(p.syrxControllerId, scope.controllerId), showUnavailable ? undefined : eq(p.isAvailable, true), filters);

// Rendered once; every read of points in the wire's shape goes through it (db/rendered-select.ts).
const listedColumns = renderedSelectList(columns);
// The joins every read of points makes, rendered once (db/rendered-select.ts): the page's first step (its filters and
// order may name the device and the series summary) and the rows' own read, which adds the controller.
const rendered = (fragment: SQL): SQL => renderedStatement([], () => fragment)({});
const deviceAndSummary = rendered(sql`inner join ${d} on ${eq(d.id, p.deviceId)} left join ${dp} on ${eq(dp.bacnetPointId, p.id)}`);
const withController = rendered(sql`inner join ${c} on ${eq(c.id, p.syrxControllerId)}`);
/** The points with their device, controller and series summary. */
const joinedTables = sql`${p} ${deviceAndSummary} ${withController}`;
/**
 * A page's rows (a page at most) each look their device and series summary up by key, under the tables' names, and
 * join their controller. Joined as tables, PostgreSQL estimated a page as its limit (100 rows), and for 100 rows a hash
 * join over the whole of data_points and bacnet_devices costs less in its model than 100 index look-ups: about one
 * page in twenty of bench:api-load read 18,900 series summaries and 1,500 devices that way, 10–28 ms instead of 2.5
 * (docs/decisions.md, "A page's rows look their device and series summary up by key"). A lateral subquery with a
 * limit is never flattened into a join, so each is an index look-up whatever the estimate.
 */
const byKey = (table: SQL, key: SQL) => sql`lateral (select * from ${table} where ${key} limit 1) as ${table} on true`;
const pageJoins = rendered(sql`inner join ${byKey(sql`${d}`, eq(d.id, p.deviceId))} left join ${byKey(sql`${dp}`, eq(dp.bacnetPointId, p.id))} ${withController}`);
const rowsOf = async (db: DbOrTx, rest: SQL): Promise<BacnetPoint[]> => (await db.execute<BacnetPoint>(sql`select ${listedColumns} from ${joinedTables} ${rest}`)).rows;

/** The select of a page of points (pointsRepo.list), which a test explains. */
export function pointPageStatement(where: SQL | undefined, order: SQL[], page: { offset: number; limit: number }): SQL {
  const ordered = sql.join([...order, asc(p.deviceId), asc(p.objectType), asc(p.instanceNumber)], sql`, `);
  const filtered = where === undefined ? sql`` : sql`where ${where}`;
  const pageRows = sql`(select ${p}.* from ${p} ${deviceAndSummary} ${filtered} order by ${ordered} offset ${page.offset} limit ${page.limit}) as ${p}`;
  return sql`select ${listedColumns} from ${pageRows} ${pageJoins} order by ${ordered}`;
}

export const pointsRepo = {
  /**
   * A page of points in two steps of one statement. First the page's rows of bacnet_points: the default order walks the
   * (device, object type, instance) index and stops at the page, and the device and the series summary are joined only
   * as the filters and the order need them (the summary's join drops out otherwise). Then those rows, standing in for
   * the table under its own name so the select list reads them as it is, joined (each looking its device and series
   * summary up by key: pageJoins) and formatted. In one step PostgreSQL
   * joined and formatted every point of the device before sorting (5.6 ms for a 500-point device on a quiet machine);
   * picking the page's ids and reading their rows again by id cost 1.6 ms a 100-point page, this 1.35 ms
   * (docs/decisions.md, "A page of points").
   * The page comes back as the wire's JSON array, built by PostgreSQL and sent as it comes (db/json-answer.ts): the
   * server neither parses 100 rows of 27 columns nor checks and writes them again.
   */
  list(db: DbOrTx, where: SQL | undefined, order: SQL[], page: { offset: number; limit: number }): Promise<JsonAnswer<BacnetPoint[]>> {
    return jsonArrayOf<BacnetPoint>(db, pointPageStatement(where, order, page));
  },

  async count(db: DbOrTx, where: SQL | undefined): Promise<number> {
    const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(p).innerJoin(d, eq(d.id, p.deviceId)).where(where);
    return r?.n ?? 0;
  },

  async find(db: DbOrTx, id: number): Promise<BacnetPoint | null> {
    const [row] = await rowsOf(db, sql`where ${eq(p.id, id)}`);
    return row ?? null;
  },

  objectGroups(db: DbOrTx, where: SQL | undefined): Promise<PointObjectGroup[]> {
    return db
      .select({ object_type: p.objectType, object_type_name: p.objectTypeName, count: sql<number>`count(*)::int` })
      .from(p)
      .where(where)
      .groupBy(p.objectType, p.objectTypeName)
      .orderBy(asc(p.objectType));
  },

  changes(db: DbOrTx, deviceId: number, page: { offset: number; limit: number }): Promise<PointChange[]> {
    return db
      .select({
        id: ch.id, syrx_controller_bacnet_point_id: ch.pointId, object_id: objectId, name: p.name, change: ch.change,
        changed_on: sql<string>`${isoOf(ch.changedOn)}`, source: ch.source, database_revision: ch.databaseRevision,
      })
      .from(ch)
      .innerJoin(p, eq(p.id, ch.pointId))
      .where(eq(ch.deviceId, deviceId))
      .orderBy(desc(ch.changedOn), desc(ch.id))
      .offset(page.offset)
      .limit(page.limit);
  },

  /**
   * The points each of the controllers' reporting services collects (selected, available, of devices that are not
   * ignored), by controller; a controller with none is left out.
   */
  async reportingPointsOf(db: DbOrTx, controllerIds: readonly string[]): Promise<Map<string, ReportingPoint[]>> {
    const rows = await db
      .select({
        controllerId: p.syrxControllerId, id: p.id, mac_address: d.macAddress, network: d.network, destination_mac_address: d.destinationMacAddress,
        destination_network: d.destinationNetwork, device_instance_number: d.instanceNumber, object_type: p.objectType, instance_number: p.instanceNumber,
      })
      .from(p)
      .innerJoin(d, eq(d.id, p.deviceId))
      .where(and(inUuids(p.syrxControllerId, controllerIds), eq(p.reportingIsSelectedForReporting, true), eq(p.isAvailable, true), eq(d.ignored, false)))
      .orderBy(asc(p.deviceId), asc(p.objectType), asc(p.instanceNumber));
    return groupedBy(rows, (r) => r.controllerId, ({ controllerId: _, ...point }) => point);
  },

  /** Sets the reporting selection of a point of the controller; false when it has no such point. */
  async setSelectedForReporting(db: DbOrTx, controllerId: string, pointId: number, selected: boolean): Promise<boolean> {
    const r = await db.update(p).set({ reportingIsSelectedForReporting: selected }).where(and(eq(p.id, pointId), eq(p.syrxControllerId, controllerId))).returning({ id: p.id });
    return r.length > 0;
  },
};
